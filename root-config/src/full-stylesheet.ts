/**
 * Issue 24 item 3: a page the login module draws starts with that module's subset of blueprint.css
 * (login/login-css.js; the server writes its link with the whole sheet's URL in `data-flexpay-full`).
 * The whole sheet is fetched once the sign-in form is usable (with the page after sign-in), applied when the
 * sign-in form is submitted, and in any case before a signed-in app starts. It goes in the subset's place — after normalize.css, before the root config's
 * own sheet — so the cascade is the one a signed-in page has; once it has loaded the subset goes (every
 * rule of it is in the whole sheet, in the same order). A page without the marker has the whole sheet already.
 */
let loading: Promise<void> | null = null;

/**
 * Fetches the whole sheet without applying it (a preload): parsing 560 KB and restyling the page is left
 * for the submit, while the browser waits for the sign-in's answer (the password check on the server),
 * not for the moments the user types or clicks.
 */
export function preloadFullStylesheet(doc: Document = document): void {
  const href = doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"][data-flexpay-full]')?.dataset.flexpayFull;
  if (!href || doc.querySelector(`link[rel="preload"][as="style"][href="${href}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'style');
  link.href = href;
  doc.head.appendChild(link);
}

export function loadFullStylesheet(doc: Document = document): Promise<void> {
  if (loading) return loading;
  const subset = doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"][data-flexpay-full]');
  const href = subset?.dataset.flexpayFull;
  if (!subset || !href) return Promise.resolve();
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  loading = new Promise<void>((resolve) => {
    link.addEventListener('load', () => {
      subset.remove();
      resolve();
    });
    // Not loaded: the subset stays and nothing waits for it; the next signed-in app asks again.
    link.addEventListener('error', () => {
      link.remove();
      loading = null;
      resolve();
    });
  });
  subset.before(link);
  return loading;
}
