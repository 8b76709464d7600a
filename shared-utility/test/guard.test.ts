import { defaultCodesFor } from '../src/pure/permissions';
import { ApiError } from '../src/api/errors';
import { guardNavigation, type GuardDeps } from '../src/session/guard';
import { toSignedInUser, type SignedInUser } from '../src/session/user';

function user(adminType: number, permCodes: number[]): SignedInUser {
  return toSignedInUser({
    userInfo: {
      userId: 1, username: 'u12345', name: null, phone: null, email: null, weChat: null, avatar: null, guideStep: 0,
      adminType, terCode: null, isTopAdmin: 0, sex: 0, remark: null, status: 0, permTree: [],
    },
    permCodes, entMO: null, merchtMO: null,
  });
}

function deps(overrides: Partial<GuardDeps> = {}): GuardDeps {
  return {
    hasToken: () => true,
    currentSession: () => null,
    ensureSession: jest.fn(async () => user(1, defaultCodesFor('SYS'))),
    clearCredentials: jest.fn(),
    showError: jest.fn(),
    ...overrides,
  };
}

describe('guardNavigation (spec §2/§4)', () => {
  it('sends / to the dashboard and unknown paths to /404', async () => {
    expect(await guardNavigation('/', '', deps())).toBe('/dashboard');
    expect(await guardNavigation('/no/such/page', '', deps())).toBe('/404');
  });

  it('sends a signed-in user away from the sign-in pages, but not from /404', async () => {
    for (const path of ['/login', '/forgetPassword', '/contactUs']) expect(await guardNavigation(path, '', deps())).toBe('/');
    expect(await guardNavigation('/404', '', deps())).toBeNull();
  });

  it('lets anonymous users see public pages and sends them to login elsewhere, keeping the target', async () => {
    const anonymous = deps({ hasToken: () => false });
    expect(await guardNavigation('/login', '?redirect=%2Fx', anonymous)).toBeNull();
    expect(await guardNavigation('/order/index', '?a=1&b=中', anonymous)).toBe(
      `/login?redirect=${encodeURIComponent('/order/index?a=1&b=中')}`,
    );
    expect(anonymous.ensureSession).not.toHaveBeenCalled();
  });

  it('loads the session on the first signed-in navigation and lets an allowed route through', async () => {
    const d = deps();
    expect(await guardNavigation('/supplier/taxsource', '', d)).toBeNull();
    expect(d.ensureSession).toHaveBeenCalledTimes(1);
  });

  it('uses an already published session without loading again', async () => {
    const d = deps({ currentSession: () => user(40, defaultCodesFor('ENT')) });
    expect(await guardNavigation('/ent/coopEnt', '', d)).toBeNull();
    expect(d.ensureSession).not.toHaveBeenCalled();
  });

  it('answers /404 for routes the account type or permission set does not allow', async () => {
    const ent = deps({ currentSession: () => user(40, defaultCodesFor('ENT')) });
    expect(await guardNavigation('/client/index', '', ent)).toBe('/404');
    const noOrders = deps({ currentSession: () => user(40, [18310]) });
    expect(await guardNavigation('/order/index', '', noOrders)).toBe('/404');
    expect(await guardNavigation('/dashboard', '', noOrders)).toBeNull();
  });

  it('clears the credentials, shows the server message and redirects when loading fails', async () => {
    const d = deps({ ensureSession: jest.fn(async () => Promise.reject(new ApiError(2022, '登录信息已过期'))) });
    expect(await guardNavigation('/order/index', '?p=2', d)).toBe(`/login?redirect=${encodeURIComponent('/order/index?p=2')}`);
    expect(d.clearCredentials).toHaveBeenCalledTimes(1);
    expect(d.showError).toHaveBeenCalledWith('登录信息已过期');
  });

  it('falls back to 获取用户信息失败 when the failure has no message', async () => {
    const d = deps({ ensureSession: jest.fn(async () => Promise.reject(new Error(''))) });
    expect(await guardNavigation('/dashboard', '', d)).toBe('/login?redirect=%2Fdashboard');
    expect(d.showError).toHaveBeenCalledWith('获取用户信息失败');
  });

  it('redirects to login when the token disappeared while loading', async () => {
    const d = deps({ ensureSession: jest.fn(async () => null) });
    expect(await guardNavigation('/dashboard', '', d)).toBe('/login?redirect=%2Fdashboard');
    expect(d.showError).not.toHaveBeenCalled();
  });
});
