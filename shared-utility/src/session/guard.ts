import { HOME_PATH, isPublicPath, matchRoute, mayOpen } from '../pure';
import { showError } from '../ui/toast';
import { clearCredentials, hasToken } from './credentials';
import { currentSession, ensureSession } from './store';
import type { SignedInUser } from './user';

/** Public pages that make no sense once signed in (spec §2). */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/login', '/forgetPassword', '/contactUs']);
export const NOT_FOUND_PATH = '/404';
export const SESSION_LOAD_FAILED = '获取用户信息失败';

/** What the guard needs from the session; replaceable so its decisions can be tested in isolation. */
export interface GuardDeps {
  hasToken(): boolean;
  currentSession(): SignedInUser | null;
  ensureSession(): Promise<SignedInUser | null>;
  clearCredentials(): void;
  showError(message: string): void;
}

const defaultDeps: GuardDeps = { hasToken, currentSession, ensureSession, clearCredentials, showError };

export function loginRedirect(pathname: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/**
 * Spec §2/§4 navigation rules. Resolves the path to go to instead, or null when the navigation may
 * proceed. Loads the user on the first signed-in navigation.
 */
export async function guardNavigation(pathname: string, search = '', deps: GuardDeps = defaultDeps): Promise<string | null> {
  if (pathname === '/') return HOME_PATH;
  if (!matchRoute(pathname)) return NOT_FOUND_PATH;
  const signedIn = deps.hasToken();
  if (isPublicPath(pathname)) return signedIn && SIGN_IN_PATHS.has(pathname) ? '/' : null;
  if (!signedIn) return loginRedirect(pathname, search);

  let user = deps.currentSession();
  if (!user) {
    try {
      user = await deps.ensureSession();
    } catch (error) {
      deps.clearCredentials();
      deps.showError((error instanceof Error && error.message) || SESSION_LOAD_FAILED);
      return loginRedirect(pathname, search);
    }
    // The token vanished meanwhile (another tab signed out).
    if (!user) return loginRedirect(pathname, search);
  }
  return mayOpen(pathname, { accountType: user.accountType, codes: new Set(user.permCodes) }) ? null : NOT_FOUND_PATH;
}
