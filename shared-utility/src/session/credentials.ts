/**
 * The two credential cookies of CONTRACT.md ("Request signing"). They are session cookies (no expiry):
 * closing the browser ends the sign-in, which is what an operator of a payout back-office expects.
 * This file has no imports so the request layer can read credentials without depending on the session
 * streams (which themselves call the request layer).
 */
export const TOKEN_COOKIE = 'flexpay_admin_token';
export const API_SECRET_COOKIE = 'flexpay_api_secret';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  // Secure only over https so the plain-http demo server keeps working.
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${maxAge}${secure}`;
}

export function getToken(): string | null {
  return readCookie(TOKEN_COOKIE) || null;
}

/** The signing secret; the empty string before login, as the contract prescribes. */
export function getApiSecret(): string {
  return readCookie(API_SECRET_COOKIE) ?? '';
}

export function hasToken(): boolean {
  return getToken() !== null;
}

/** A new sign-in's credentials; it also brings back the first-time guide put off with 稍后提醒 (spec §10 delayShowGuide). */
export function setCredentials(token: string, apiSecret: string): void {
  writeCookie(TOKEN_COOKIE, token);
  writeCookie(API_SECRET_COOKIE, apiSecret);
  try {
    window.sessionStorage.removeItem('delayShowGuide');
  } catch {
    // Storage blocked: nothing was put off.
  }
}

export function clearCredentials(): void {
  writeCookie(TOKEN_COOKIE, '', 0);
  writeCookie(API_SECRET_COOKIE, '', 0);
}

/**
 * Ends the session on the server if it can (a silent user/logout through the caller's signed request
 * layer) and the credential cookies in every case. The one copy behind shared-utility's logout and the
 * login entry's (which bundles this file).
 */
export async function endSession(send: (path: string, body: object, options: { silent: boolean }) => Promise<unknown>): Promise<void> {
  try {
    await send('user/logout', {}, { silent: true });
  } catch {
    // An expired token makes the server call fail by design.
  } finally {
    clearCredentials();
  }
}
