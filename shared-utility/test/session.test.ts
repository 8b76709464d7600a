/** @jest-environment jsdom */
import { onRequest, ok, fail, sent } from './helpers/fake-http';
import {
  adoptSignIn, currentPermissions, currentSession, ensureSession, hasToken, logout, patchSession, session$,
  type LoginInfoData, type SignedInUser,
} from '../src/session';
import { API_SECRET_COOKIE, clearCredentials, setCredentials } from '../src/session/credentials';
import { announceLoginUsable, handOverSignIn, LOGIN_USABLE, onSignInHandOver } from '../src/session/sign-in-handoff';

jest.mock('../src/ui/toast', () => ({ showError: jest.fn(), showWarning: jest.fn(), showSuccess: jest.fn(), showInfo: jest.fn() }));
jest.mock('../src/ui/loading', () => ({ beginLoading: jest.fn(), endLoading: jest.fn() }));

const info = (extra: Partial<LoginInfoData> = {}): LoginInfoData => ({
  userInfo: {
    userId: 3, username: 'merchant01', name: '李四', phone: null, email: null, weChat: null, avatar: null, guideStep: null,
    adminType: 30, terCode: 'T01', isTopAdmin: 1, sex: 1, remark: null, status: 0, permTree: [],
  },
  permCodes: [16110, 16510],
  entMO: null,
  merchtMO: { name: '某代理商' },
  ...extra,
});

beforeEach(async () => {
  sent.length = 0;
  onRequest(() => ok(null));
  await logout();
  sent.length = 0;
});

describe('session', () => {
  it('ensureSession returns null without a token and shares one request between concurrent callers', async () => {
    await expect(ensureSession()).resolves.toBeNull();
    expect(sent).toHaveLength(0);
    setCredentials('T', 'S');
    onRequest(() => ok(info()));
    const [a, b] = await Promise.all([ensureSession(), ensureSession()]);
    expect(a).toBe(b);
    expect(sent.map((c) => c.url)).toEqual(['user/loginInfo']);
    await ensureSession();
    expect(sent).toHaveLength(1);
    expect(currentPermissions().has(16510)).toBe(true);
  });

  it('ensureSession rejects on failure and tries again next time', async () => {
    setCredentials('T', 'S');
    onRequest(() => fail(2022, '登录已过期'));
    await expect(ensureSession()).rejects.toMatchObject({ code: 2022 });
    onRequest(() => ok(info()));
    await expect(ensureSession()).resolves.toMatchObject({ username: 'merchant01' });
  });

  it('logout clears everything even when the server call fails', async () => {
    setCredentials('T', 'S');
    onRequest(() => ok(info()));
    await ensureSession();
    onRequest(() => fail(5000, 'boom'));
    await logout();
    expect(sent.map((c) => c.url)).toContain('user/logout');
    expect(hasToken()).toBe(false);
    expect(document.cookie).not.toContain(API_SECRET_COOKIE);
    expect(currentSession()).toBeNull();
    expect(currentPermissions().size).toBe(0);
  });

  it('patchSession updates the published user and its permissions', async () => {
    setCredentials('T', 'S');
    onRequest(() => ok(info()));
    await ensureSession();
    patchSession({ guideStep: 2, permCodes: [1011] });
    expect(currentSession()?.guideStep).toBe(2);
    expect([...currentPermissions()]).toEqual([1011]);
    clearCredentials();
  });

  it('adoptSignIn publishes the sign-in answer of the stored token, so ensureSession asks the server nothing (issue 24)', async () => {
    setCredentials('T', 'S');
    const published: Array<SignedInUser | null> = [];
    const subscription = session$.subscribe((user) => published.push(user));
    expect(adoptSignIn({ ...info(), token: 'T', apiSecret: 'S' })).toMatchObject({ username: 'merchant01', accountType: 'MER' });
    subscription.unsubscribe();
    expect(published.map((user) => user?.username ?? null)).toEqual([null, 'merchant01']);
    expect(currentPermissions().has(16510)).toBe(true);
    await expect(ensureSession()).resolves.toMatchObject({ username: 'merchant01' });
    expect(sent).toHaveLength(0);
    clearCredentials();
  });

  it('adoptSignIn ignores an answer of other credentials (or none): ensureSession then loads the user', async () => {
    expect(adoptSignIn({ ...info(), token: 'T' })).toBeNull();
    setCredentials('T2', 'S2');
    expect(adoptSignIn({ ...info(), token: 'T' })).toBeNull();
    expect(adoptSignIn(info())).toBeNull();
    expect(currentSession()).toBeNull();
    onRequest(() => ok(info({ permCodes: [1011] })));
    await expect(ensureSession()).resolves.toMatchObject({ permCodes: [1011] });
    expect(sent.map((c) => c.url)).toEqual(['user/loginInfo']);
    clearCredentials();
  });

  it('the login page hands its answer over without the signing secret, and says when its form is usable', () => {
    const got: Array<Record<string, unknown>> = [];
    const stop = onSignInHandOver((answer) => got.push(answer));
    handOverSignIn({ ...info(), token: 'T', apiSecret: 'S' });
    stop();
    handOverSignIn({ token: 'later' });
    expect(got).toEqual([{ ...info(), token: 'T' }]);
    const usable = jest.fn();
    window.addEventListener(LOGIN_USABLE, usable);
    announceLoginUsable();
    window.removeEventListener(LOGIN_USABLE, usable);
    expect(usable).toHaveBeenCalledTimes(1);
  });
});
