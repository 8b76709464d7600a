import fs from 'node:fs';
import path from 'node:path';
import SparkMD5 from 'spark-md5';
import { takeFirstCaptcha } from '../src/first-captcha';

/**
 * boot.js (issue 24 item 3): on a page with the login module's style sheet it asks for the first captcha
 * before SystemJS loads anything, signed as every call — its own small md5 must agree with spark-md5 (the
 * signing library of shared-utility and the login module) — and leaves the call where the login page takes it.
 */
const BOOT = fs.readFileSync(path.join(__dirname, '..', 'src', 'boot.js'), 'utf8');

function runBoot(): { imported: string[]; fetches: Array<[string, RequestInit]> } {
  const imported: string[] = [];
  const fetches: Array<[string, RequestInit]> = [];
  const fetch = jest.fn(async (url: string, init: RequestInit) => {
    fetches.push([url, init]);
    return { json: async () => ({ code: 0, data: { captchaToken: 'boot', image: 'data:image/svg+xml;base64,AA' } }) };
  });
  Object.assign(window, { fetch, System: { import: (name: string) => imported.push(name) } });
  new Function(BOOT)();
  return { imported, fetches };
}

const setCookie = (name: string, value: string | null) =>
  (document.cookie = value === null ? `${name}=; Path=/; Max-Age=0` : `${name}=${encodeURIComponent(value)}; Path=/`);

describe('boot.js', () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="stylesheet" href="/apps/login/flexpay-login.css" data-flexpay-full="/vendor/blueprint.css">';
    window.history.replaceState(null, '', '/login');
  });
  afterEach(() => {
    takeFirstCaptcha();
    setCookie('flexpay_admin_token', null);
    setCookie('flexpay_api_secret', null);
    jest.restoreAllMocks();
  });

  test('on a login page: the first captcha, signed with md5(secret + timestamp) as spark-md5 signs it, then the root config', async () => {
    const cases: Array<[string | null, number]> = [
      [null, 1795714261044],
      [null, 1],
      ['s3cr€t-密钥', 1795714307996],
      ['x'.repeat(70), 1795714309881],
    ];
    for (const [secret, now] of cases) {
      setCookie('flexpay_api_secret', secret);
      jest.spyOn(Date, 'now').mockReturnValue(now);
      const { imported, fetches } = runBoot();
      expect(imported).toEqual(['@flexpay/root-config']);
      expect(fetches).toHaveLength(1);
      const [url, init] = fetches[0];
      expect(url).toBe(`/api/admin/captcha/create?timestamp=${now}&sign=${SparkMD5.hash(`${secret ?? ''}${now}`)}`);
      expect(init).toEqual(expect.objectContaining({ method: 'POST', body: '{}' }));
      const slot = takeFirstCaptcha()!;
      await expect(slot.promise).resolves.toEqual({ captchaToken: 'boot', image: 'data:image/svg+xml;base64,AA' });
      expect(slot.value).toEqual({ captchaToken: 'boot', image: 'data:image/svg+xml;base64,AA' });
    }
  });

  test('md5 over long and multi-byte input agrees with spark-md5', () => {
    for (const secret of ['', 'a', 'abc', '€'.repeat(21), 'y'.repeat(55), 'y'.repeat(56), 'y'.repeat(64), 'z'.repeat(200)]) {
      setCookie('flexpay_api_secret', secret);
      jest.spyOn(Date, 'now').mockReturnValue(42);
      const { fetches } = runBoot();
      expect(new URL(fetches[0][0], 'http://x').searchParams.get('sign')).toBe(SparkMD5.hash(`${secret}42`));
      takeFirstCaptcha();
    }
  });

  test('no captcha on 找回密码, with a session, or on a page without the login style sheet; the suite starts all the same', () => {
    window.history.replaceState(null, '', '/forgetPassword');
    expect(runBoot()).toEqual({ imported: ['@flexpay/root-config'], fetches: [] });
    window.history.replaceState(null, '', '/login');
    setCookie('flexpay_admin_token', 't1');
    expect(runBoot().fetches).toEqual([]);
    setCookie('flexpay_admin_token', null);
    document.head.innerHTML = '<link rel="stylesheet" href="/vendor/blueprint.css">';
    expect(runBoot().fetches).toEqual([]);
    expect(takeFirstCaptcha()).toBeNull();
  });
});
