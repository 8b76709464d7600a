/**
 * Issue 24 item 3 (cold /login): the first captcha of a sign-in page is asked for by boot.js (on a page with
 * the login module's style sheet) or else by the root config as it starts, not by @flexpay/login's mount. Between the two single-spa loads the login module and runs React
 * (react-dom's 200 KB); the captcha call (a database write on the server) now travels meanwhile, so the
 * page usually draws its form with the image in the first render instead of a spinner and a second render.
 *
 * The hand-over is a slot on `window` (the login module imports nothing of the root config's bundle): the
 * call's promise and, once it has answered, its value. The login page takes it once — a captcha serves one
 * attempt — and asks for its own when there is none (another entry, a later visit within the page).
 * This file has no imports; the signer is passed in (the same `timestamp`/`sign` query as every call).
 */
export interface FirstCaptcha {
  captchaToken: string;
  image: string;
}

export interface FirstCaptchaSlot {
  promise: Promise<FirstCaptcha>;
  /** The answer once it has come (undefined before, or after a failure). */
  value?: FirstCaptcha;
}

const SLOT = '__flexpayFirstCaptcha';
const CAPTCHA_PATH = '/api/admin/captcha/create';

type Holder = { [SLOT]?: FirstCaptchaSlot };

/** Asks captcha/create once (a signed POST with the empty body, as the login page's client sends it). */
export function askFirstCaptcha(signedQuery: (body: Record<string, never>) => string, target: Holder = window as unknown as Holder): FirstCaptchaSlot {
  const body = {};
  const promise = fetch(`${CAPTCHA_PATH}?${signedQuery(body)}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
    .then((response) => response.json() as Promise<{ code?: unknown; data?: FirstCaptcha }>)
    .then((envelope) => {
      const data = envelope?.data;
      if (envelope?.code !== 0 || !data || typeof data.captchaToken !== 'string' || typeof data.image !== 'string') throw new Error('captcha/create');
      slot.value = data;
      return data;
    });
  // The page that takes the slot handles a failure (its image offers 重试); an untaken one must not be reported.
  promise.catch(() => undefined);
  const slot: FirstCaptchaSlot = { promise };
  target[SLOT] = slot;
  return slot;
}

/** Whether a first captcha is already on its way (boot.js asks on a page with the login module's style sheet). */
export function firstCaptchaAsked(source: Holder = window as unknown as Holder): boolean {
  return source[SLOT] !== undefined;
}

/** The root config's captcha call, if there is one not yet taken; a second call gets null. */
export function takeFirstCaptcha(source: Holder = window as unknown as Holder): FirstCaptchaSlot | null {
  const slot = source[SLOT] ?? null;
  delete source[SLOT];
  return slot;
}

/**
 * Whether the page at `pathname` will show the login form's captcha image: @flexpay/login's pages but
 * 找回密码, and a signed-in path opened without a session (the guard sends it to /login).
 */
export function showsCaptcha(pathname: string, signedIn: boolean, appOf: (pathname: string) => string | null, isPublic: (pathname: string) => boolean): boolean {
  if (signedIn || pathname === '/forgetPassword') return false;
  return appOf(pathname) === 'login' || !isPublic(pathname);
}
