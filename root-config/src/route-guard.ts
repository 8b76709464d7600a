import { isPublicPath } from '@flexpay/shared-utility/src/pure/routes';
import { hasToken } from '@flexpay/shared-utility/src/session/credentials';

/** Public pages that make no sense once signed in (spec §2; shared-utility's session/guard.ts says the same). */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/login', '/forgetPassword', '/contactUs']);

type GuardNavigation = (pathname: string, search: string) => Promise<string | null>;
interface SessionModule {
  guardNavigation: GuardNavigation;
  adoptSignIn?: (answer: never) => unknown;
}

declare const System: { import(name: string): Promise<unknown> };

/** The sign-in's answer handed over by the login page (sign-in-handoff.ts), until shared-utility takes it. */
let signInAnswer: Record<string, unknown> | null = null;

/** Keeps the login page's answer for the next signed-in route (issue 24: no second loginInfo call). */
export function keepSignInAnswer(answer: Record<string, unknown>): void {
  signInAnswer = answer;
}

/**
 * shared-utility's guard; the kept sign-in answer, if any, is given to its session first, so the guard
 * finds the user published. An answer it refuses (another token) or cannot read is dropped: the guard's
 * ensureSession then asks loginInfo as before.
 */
export function guardOf(mod: SessionModule): GuardNavigation {
  const answer = signInAnswer;
  signInAnswer = null;
  if (answer && mod.adoptSignIn) {
    try {
      mod.adoptSignIn(answer as never);
    } catch {
      // An answer shared-utility cannot read: loginInfo will be asked.
    }
  }
  return mod.guardNavigation;
}

const loadGuard = (): Promise<GuardNavigation> => System.import('@flexpay/shared-utility').then((mod) => guardOf(mod as SessionModule));

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
