import { BehaviorSubject, type Observable } from 'rxjs';
import { request } from '../api/client';
import { endSession, getToken, hasToken } from './credentials';
import { toSignedInUser, type LoginInfoData, type SignedInUser } from './user';

const EMPTY: ReadonlySet<number> = new Set();
// The module is loaded once through the import map, so these are the page's single session state.
const sessionSubject = new BehaviorSubject<SignedInUser | null>(null);
const permissionsSubject = new BehaviorSubject<ReadonlySet<number>>(EMPTY);

export const session$: Observable<SignedInUser | null> = sessionSubject.asObservable();
export const permissions$: Observable<ReadonlySet<number>> = permissionsSubject.asObservable();

export function currentSession(): SignedInUser | null {
  return sessionSubject.getValue();
}

export function currentPermissions(): ReadonlySet<number> {
  return permissionsSubject.getValue();
}

function publish(user: SignedInUser | null): void {
  permissionsSubject.next(user ? new Set(user.permCodes) : EMPTY);
  sessionSubject.next(user);
}

/** Loads the signed-in user from the server and publishes it. */
export async function fetchUserInfo(options?: { silent?: boolean }): Promise<SignedInUser> {
  const data = await request<LoginInfoData>('user/loginInfo', {}, { silent: options?.silent });
  const user = toSignedInUser(data);
  publish(user);
  return user;
}

let loading: Promise<SignedInUser> | null = null;

/**
 * Issue 24: the sign-in's own answer (user/login's data: loginInfo's fields and the token) handed over
 * by the login page, published as fetchUserInfo publishes loginInfo's — so the first signed-in route
 * needs no second round trip. Only when it belongs to the credentials now stored (its token is the
 * cookie's); otherwise nothing is published and ensureSession asks the server as before.
 */
export function adoptSignIn(data: LoginInfoData): SignedInUser | null {
  if (!data || typeof data.token !== 'string' || data.token !== getToken()) return null;
  const user = toSignedInUser(data);
  publish(user);
  return user;
}

/**
 * The user behind the stored token, fetched at most once at a time: every app's guard calls this on
 * first navigation and they all share one request. Null without a token; rejects when loading fails
 * (silently, since the caller decides what to show).
 */
export async function ensureSession(): Promise<SignedInUser | null> {
  if (!hasToken()) return null;
  const current = currentSession();
  if (current) return current;
  loading ??= fetchUserInfo({ silent: true }).finally(() => {
    loading = null;
  });
  return loading;
}

/** Ends the session on the server if it can, and locally in every case. */
export async function logout(): Promise<void> {
  await endSession(request);
  publish(null);
}

/** Updates fields of the published user after a successful save (e.g. guideStep, avatar). */
export function patchSession(partial: Partial<Omit<SignedInUser, 'accountType' | 'adminType'>>): void {
  const current = currentSession();
  if (current) publish({ ...current, ...partial });
}
