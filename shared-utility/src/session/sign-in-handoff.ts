/**
 * Issue 24: what the login page (@flexpay/login, which loads no shared-utility) tells the root config,
 * through window events — no imports, so both bundle this file.
 *
 * - LOGIN_USABLE: the sign-in form is usable (fields and captcha shown). The root config then starts,
 *   in idle time while the user types, the modules the page after sign-in runs. A performance mark of the
 *   same name dates it, so a probe can tell what loaded before the form was usable from what loaded after.
 * - SIGNED_IN: the sign-in's answer (user/login's data: loginInfo's fields and the token; never the
 *   signing secret), dispatched just before the page navigates away; the root config gives it to
 *   shared-utility's session (adoptSignIn) instead of a second loginInfo round trip.
 */
export const LOGIN_USABLE = 'flexpay:login-usable';
export const SIGNED_IN = 'flexpay:signed-in';

export function announceLoginUsable(): void {
  try {
    performance.mark(LOGIN_USABLE);
  } catch {
    // No User Timing: the event still goes out.
  }
  window.dispatchEvent(new Event(LOGIN_USABLE));
}

export function handOverSignIn(answer: Record<string, unknown>): void {
  const detail = { ...answer };
  delete detail.apiSecret;
  window.dispatchEvent(new CustomEvent(SIGNED_IN, { detail }));
}

/** Calls `listener` with each answer handed over; returns the unsubscribe. */
export function onSignInHandOver(listener: (answer: Record<string, unknown>) => void): () => void {
  const handle = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (detail && typeof detail === 'object') listener(detail as Record<string, unknown>);
  };
  window.addEventListener(SIGNED_IN, handle);
  return () => window.removeEventListener(SIGNED_IN, handle);
}
