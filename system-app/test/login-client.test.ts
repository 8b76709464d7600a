/**
 * Issue 24: the login entry's fetch-based client signs, encrypts and reads answers exactly as
 * shared-utility's axios client does (same query, same signature, same headers, same messages).
 */
import { computeSign, signPlaintext } from '../../shared-utility/src/pure/sign';
import { ENCRYPTED_PATHS as SHARED_ENCRYPTED, request as sharedRequest } from '../../shared-utility/src/api/client';
import { MESSAGES as SHARED_MESSAGES } from '../../shared-utility/src/api/errors';
import { API_SECRET_COOKIE, TOKEN_COOKIE } from '../../shared-utility/src/session/credentials';
import { ApiError, ENCRYPTED_PATHS, login, logout, MESSAGES, request, signedQuery } from '../src/login/client';

// shared-utility's axios client, with axios answering in memory: what it would send is recorded.
const axiosPosts: Array<{ path: string; body: unknown; config: { params: Record<string, unknown>; headers: Record<string, string> } }> = [];
jest.mock('axios', () => {
  const instance = {
    post: jest.fn(async (path: string, body: unknown, config: never) => {
      axiosPosts.push({ path, body, config });
      return { data: { code: 0, data: null } };
    }),
  };
  return { __esModule: true, default: { create: () => instance, isAxiosError: () => false } };
});

interface Sent {
  url: URL;
  init: RequestInit;
}

let sent: Sent[] = [];
let answer: (path: string, body: unknown) => unknown = () => ({ code: 0, data: null });

function fakeFetch(input: string, init: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://localhost:9000');
  sent.push({ url, init });
  const path = url.pathname.replace('/api/admin/', '');
  const envelope = answer(path, JSON.parse(String(init.body)));
  return Promise.resolve({ json: async () => envelope } as Response);
}

/** A stand-in RSA class: "encrypts" by tagging, so the test can read what would have been encrypted. */
class FakeRsa {
  key = '';
  setPublicKey(key: string) {
    this.key = key;
  }
  encrypt(piece: string) {
    return `rsa(${this.key}:${piece})`;
  }
}

function clearCookies() {
  for (const name of [TOKEN_COOKIE, API_SECRET_COOKIE]) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

beforeEach(() => {
  sent = [];
  answer = () => ({ code: 0, data: null });
  (globalThis as { fetch?: unknown }).fetch = jest.fn(fakeFetch);
  (window as unknown as { System: unknown }).System = { import: jest.fn(async () => FakeRsa) };
  clearCookies();
  document.body.innerHTML = '';
});

afterEach(() => jest.restoreAllMocks());

describe('the signature (CONTRACT.md "Request signing")', () => {
  test('timestamp and sign in the query, the sign being pure/sign.ts over the plaintext body, secret and timestamp', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_780_000_000_123);
    document.cookie = `${API_SECRET_COOKIE}=s3cret; Path=/`;
    document.cookie = `${TOKEN_COOKIE}=tok-1; Path=/`;
    const body = { username: 'sysadmin', page: { limit: 10, pageNum: 1 }, note: '中文', empty: null };
    await request('/captcha/create', body);
    const { url, init } = sent[0];
    expect(url.pathname).toBe('/api/admin/captcha/create');
    expect([...url.searchParams.keys()]).toEqual(['timestamp', 'sign']);
    expect(url.searchParams.get('timestamp')).toBe('1780000000123');
    expect(url.searchParams.get('sign')).toBe(computeSign(body, 's3cret', 1_780_000_000_123));
    // The plaintext the server re-computes: sorted keys, objects as JSON, nulls left out, then secret and time.
    expect(signPlaintext(body, 's3cret', 1_780_000_000_123)).toBe('中文{"limit":10,"pageNum":1}sysadmins3cret1780000000123');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Access-Token': 'tok-1' });
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  test("the same request gets the same query and headers from shared-utility's axios client", async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_780_000_000_456);
    document.cookie = `${API_SECRET_COOKIE}=abc; Path=/`;
    document.cookie = `${TOKEN_COOKIE}=tok-2; Path=/`;
    const body = { captchaToken: 't', x: 123, trace: [[0, 1], [20, 5]] };
    await request('captcha/slideCheck', body);
    await sharedRequest('captcha/slideCheck', body);
    const ours = sent[0];
    const theirs = axiosPosts[0];
    expect(theirs.path).toBe('captcha/slideCheck');
    expect(Object.fromEntries(ours.url.searchParams)).toEqual(Object.fromEntries(Object.entries(theirs.config.params).map(([k, v]) => [k, String(v)])));
    expect(ours.init.headers).toEqual(theirs.config.headers);
    expect(JSON.parse(String(ours.init.body))).toEqual(theirs.body);
  });

  test('before sign-in the secret is the empty string and no Access-Token is sent', async () => {
    expect(signedQuery({ a: 1 }, 5, '')).toBe(`timestamp=5&sign=${computeSign({ a: 1 }, '', 5)}`);
    await request('captcha/create');
    expect(sent[0].init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(sent[0].url.searchParams.get('sign')).toBe(computeSign({}, '', Number(sent[0].url.searchParams.get('timestamp'))));
  });
});

describe('encrypted bodies and the sign-in', () => {
  test("the public pages' encrypted calls are shared-utility's and the messages are the same", () => {
    for (const path of ENCRYPTED_PATHS) expect(SHARED_ENCRYPTED.has(path)).toBe(true);
    expect(MESSAGES).toEqual({ failed: SHARED_MESSAGES.failed, network: SHARED_MESSAGES.network, timeout: SHARED_MESSAGES.timeout });
  });

  test('user/login: the body goes RSA-encrypted with the server key, signed over the plaintext; the credentials become cookies', async () => {
    answer = (path) =>
      path === 'captcha/publicKey' ? { code: 0, data: { publicKey: 'PEM' } } : { code: 0, data: { token: 'T1', apiSecret: 'S1', userInfo: { mustChangePassword: true } } };
    const signedIn = await login({ username: ' sysadmin ', password: 'Flexpay@2026', captchaToken: 'ct', captcha: ' ab12 ' });
    // The whole answer comes back for the hand-over to shared-utility's session (issue 24).
    expect(signedIn).toEqual({ mustChangePassword: true, answer: { token: 'T1', apiSecret: 'S1', userInfo: { mustChangePassword: true } } });
    const call = sent.find((s) => s.url.pathname.endsWith('/user/login'))!;
    const plaintext = { username: 'sysadmin', password: 'Flexpay@2026', captchaToken: 'ct', captcha: 'ab12' };
    expect(JSON.parse(String(call.init.body))).toEqual({ encrypted: `rsa(PEM:${JSON.stringify(plaintext)})` });
    expect(call.url.searchParams.get('sign')).toBe(computeSign(plaintext, '', Number(call.url.searchParams.get('timestamp'))));
    expect(document.cookie).toContain(`${TOKEN_COOKIE}=T1`);
    expect(document.cookie).toContain(`${API_SECRET_COOKIE}=S1`);
    // The 加载中... mask came and went.
    expect(document.getElementById('fp-login-loading')).toBeNull();

    await logout();
    expect(document.cookie).not.toContain(`${TOKEN_COOKIE}=T1`);
  });
});

describe('answers and errors (spec §8)', () => {
  test("an envelope's data resolves; a refusal rejects with the server's message, shown as a Blueprint toast", async () => {
    answer = () => ({ code: 0, data: { captchaToken: 'x' } });
    await expect(request('captcha/create')).resolves.toEqual({ captchaToken: 'x' });
    answer = () => ({ code: 2003, message: '用户名或密码错误', data: null });
    await expect(request('captcha/check')).rejects.toEqual(new ApiError(2003, '用户名或密码错误'));
    const toast = document.querySelector('.bp6-toast-container .bp6-toast.bp6-intent-danger .bp6-toast-message');
    expect(toast?.textContent).toBe('用户名或密码错误');
  });

  test('a silent call shows nothing; a network failure reads the shared message', async () => {
    answer = () => ({ code: 1001, message: '参数错误', data: null });
    await expect(request('captcha/create', {}, { silent: true })).rejects.toMatchObject({ code: 1001 });
    expect(document.querySelector('.bp6-toast')).toBeNull();
    (globalThis as { fetch?: unknown }).fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('captcha/create')).rejects.toMatchObject({ code: -1, message: SHARED_MESSAGES.network });
    expect(document.querySelector('.bp6-toast-message')?.textContent).toBe(SHARED_MESSAGES.network);
  });
});
