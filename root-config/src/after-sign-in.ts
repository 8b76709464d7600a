import { appForPath, HOME_PATH, isPublicPath } from '@flexpay/shared-utility/src/pure/routes';

/**
 * Issue 24 items 3 and 6: the modules the page after sign-in runs — shared-utility (the route guard loads
 * the session with it), the navbar and the app that owns the destination (the `redirect` parameter when
 * it names a signed-in path of this origin, else the home page). root-config imports them when the
 * sign-in form is submitted, so they are fetched and executed while the sign-in call is at the server
 * (password hashing) instead of after it.
 */
export function modulesAfterSignIn(search: string): string[] {
  const raw = new URLSearchParams(search).get('redirect') ?? '';
  let target = HOME_PATH;
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) {
    const pathname = new URL(raw, 'http://localhost').pathname;
    if (!isPublicPath(pathname) && appForPath(pathname)) target = pathname;
  }
  return ['@flexpay/shared-utility', '@flexpay/navbar-app', `@flexpay/${appForPath(target)}`];
}
