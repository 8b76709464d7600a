import { loadFullStylesheet, preloadFullStylesheet } from '../src/full-stylesheet';

/**
 * Issue 24 item 3: a login page starts with the login module's subset of blueprint.css; the whole sheet is
 * fetched once the form is usable, applied at the submit in the subset's place, and the subset goes once it loaded.
 */
describe('the whole of blueprint.css on a login page', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<style data-flexpay-sheet="/vendor/normalize.css"></style>' +
      '<link rel="stylesheet" href="/apps/login/flexpay-login.css" data-flexpay-full="/vendor/blueprint.css">' +
      '<style data-flexpay-sheet="/root-config.css"></style>';
  });
  const order = () => [...document.head.children].map((n) => n.getAttribute('data-flexpay-sheet') ?? `${n.getAttribute('rel')} ${n.getAttribute('href')}`);

  test('preloaded (fetched, not applied) once; applied between normalize and the root config, the subset removed when it has loaded', async () => {
    preloadFullStylesheet();
    preloadFullStylesheet();
    expect(order()).toEqual(['/vendor/normalize.css', 'stylesheet /apps/login/flexpay-login.css', '/root-config.css', 'preload /vendor/blueprint.css']);
    const done = loadFullStylesheet();
    expect(loadFullStylesheet()).toBe(done);
    expect(order()).toEqual(['/vendor/normalize.css', 'stylesheet /vendor/blueprint.css', 'stylesheet /apps/login/flexpay-login.css', '/root-config.css', 'preload /vendor/blueprint.css']);
    document.querySelector('link[rel="stylesheet"][href="/vendor/blueprint.css"]')!.dispatchEvent(new Event('load'));
    await done;
    expect(order()).toEqual(['/vendor/normalize.css', 'stylesheet /vendor/blueprint.css', '/root-config.css', 'preload /vendor/blueprint.css']);
  });

  test('a page that has the whole sheet already has nothing to wait for', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/vendor/blueprint.css">';
    preloadFullStylesheet();
    await expect(loadFullStylesheet()).resolves.toBeUndefined();
    expect(document.head.children).toHaveLength(1);
  });
});
