import { isPublicPath } from '@flexpay/shared-utility/src/pure/routes';
import { hasToken } from '@flexpay/shared-utility/src/session/credentials';

/** Public pages that make no sense once signed in (spec §2; shared-utility's session/guard.ts says the same). */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/login', '/forgetPassword', '/contactUs']);

type GuardNavigation = (pathname: string, search: string) => Promise<string | null>;

declare const System: { import(name: string): Promise<unknown> };

const loadGuard = (): Promise<GuardNavigation> =>
  System.import('@flexpay/shared-utility').then((mod) => (mod as { guardNavigation: GuardNavigation }).guardNavigation);

/**
 * Issue 24: the route check before any app mounts, without loading shared-utility (72 KB gzip, with
 * Blueprint, RxJS and axios behind it) on a public page. A public path is decided here exactly as
 * shared-utility's guardNavigation decides it (a signed-in user leaving the sign-in pages goes to /);
 * every other path is handed to guardNavigation, loaded through the import map on first use.
 */
export function guardRoute(pathname: string, search: string, load: () => Promise<GuardNavigation> = loadGuard): Promise<string | null> {
  if (isPublicPath(pathname)) return Promise.resolve(hasToken() && SIGN_IN_PATHS.has(pathname) ? '/' : null);
  return load().then((guardNavigation) => guardNavigation(pathname, search));
}
