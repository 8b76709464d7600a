/** Pages that show the login form: never a destination after signing in. */
const LOGIN_PAGES = new Set(['/login', '/forgetPassword', '/contactUs']);

/**
 * Where to go after signing in: the `redirect` query parameter when it is a path on this origin,
 * otherwise `/`. Absolute URLs, protocol-relative (`//host`), backslash tricks (`/\host`), control
 * characters, `javascript:` and the login pages themselves all fall back to `/`.
 */
export function safeRedirect(raw: string | null | undefined, origin: string = window.location.origin): string {
  if (typeof raw !== 'string') return '/';
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // URL parsers drop tabs and newlines, which could turn "/\t/evil.example" into "//evil.example".
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  if (LOGIN_PAGES.has(url.pathname.replace(/\/+$/, ''))) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where `/` leads: shared-utility's guard sends `/` to the route table's HOME_PATH before anything mounts
 * (the unit test keeps the two equal). Going there at once saves the page after sign-in a reroute (issue 24).
 */
export const HOME = '/dashboard';

/** The sanitised destination from a location search string such as `?redirect=%2Forder%2Findex`; `/` is HOME. */
export function redirectTarget(search: string, origin?: string): string {
  const target = safeRedirect(new URLSearchParams(search).get('redirect'), origin);
  return target === '/' ? HOME : target;
}
