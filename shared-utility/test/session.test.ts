/** @jest-environment jsdom */
import { onRequest, ok, fail, sent } from './helpers/fake-http';
import {
  currentPermissions, currentSession, ensureSession, hasToken, logout, patchSession,
  type LoginInfoData,
} from '../src/session';
import { API_SECRET_COOKIE, clearCredentials, setCredentials } from '../src/session/credentials';

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
});
