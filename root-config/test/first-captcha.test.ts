import { askFirstCaptcha, showsCaptcha, takeFirstCaptcha } from '../src/first-captcha';
import { appForPath, isPublicPath } from '@flexpay/shared-utility/src/pure/routes';

/**
 * Issue 24 item 3 (cold /login): the root config asks for a sign-in page's first captcha as it starts and
 * leaves the call on `window` for @flexpay/login, which takes it once.
 */
describe('the first captcha of a sign-in page', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    takeFirstCaptcha();
  });

  const answer = (body: unknown) => jest.fn(async () => ({ json: async () => body }) as unknown as Response);

  test('asked with the signed query, taken once with its answer', async () => {
    const fetch = answer({ code: 0, data: { captchaToken: 't1', image: 'data:image/svg+xml;base64,AA' } });
    global.fetch = fetch as unknown as typeof global.fetch;
    const signer = jest.fn(() => 'timestamp=1&sign=abc');
    askFirstCaptcha(signer);
    expect(signer).toHaveBeenCalledWith({});
    expect(fetch).toHaveBeenCalledWith('/api/admin/captcha/create?timestamp=1&sign=abc', expect.objectContaining({ method: 'POST', body: '{}' }));
    const slot = takeFirstCaptcha()!;
    expect(slot.value).toBeUndefined();
    await expect(slot.promise).resolves.toEqual({ captchaToken: 't1', image: 'data:image/svg+xml;base64,AA' });
    expect(slot.value).toEqual({ captchaToken: 't1', image: 'data:image/svg+xml;base64,AA' });
    // A captcha serves one attempt: the next page asks for its own.
    expect(takeFirstCaptcha()).toBeNull();
  });

  test('a refused call (4029, or no data) rejects for the page to offer 重试, and leaves no value', async () => {
    global.fetch = answer({ code: 4029, message: '请求过于频繁，请稍后再试', data: null }) as unknown as typeof global.fetch;
    askFirstCaptcha(() => 'q');
    const slot = takeFirstCaptcha()!;
    await expect(slot.promise).rejects.toThrow();
    expect(slot.value).toBeUndefined();
  });

  test('asked on the pages that show the image: /login, /contactUs and a signed-in path opened without a session', () => {
    const shows = (pathname: string, signedIn = false) => showsCaptcha(pathname, signedIn, appForPath, isPublicPath);
    expect(shows('/login')).toBe(true);
    expect(shows('/contactUs')).toBe(true);
    expect(shows('/dashboard')).toBe(true);
    expect(shows('/forgetPassword')).toBe(false);
    expect(shows('/login', true)).toBe(false);
    expect(shows('/dashboard', true)).toBe(false);
  });
});
