import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { navigateToUrl } from 'single-spa';
import { hasToken, login, request } from '../src/login/client';
import { LoginPage, prefetchCaptcha, versionText } from '../src/login/login-page';
import { validateLoginForm } from '../src/login/login-form';

// The login entry's own signed client (issue 24) and single-spa's navigation stand in for the server and the page.
jest.mock('../src/login/client', () => ({
  request: jest.fn(),
  login: jest.fn(),
  logout: jest.fn(async () => undefined),
  hasToken: jest.fn(() => false),
  warmEncryption: jest.fn(),
}));
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const mocked = {
  request: request as jest.Mock,
  login: login as jest.Mock,
  hasToken: hasToken as jest.Mock,
  navigate: navigateToUrl as jest.Mock,
};

let container: HTMLDivElement | undefined;
let root: Root | undefined;
let captchaCount = 0;

async function flush() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  container = document.createElement('div');
  document.body.appendChild(container);
  const created = createRoot(container);
  root = created;
  await act(async () => {
    created.render(<LoginPage pathname={new URL(url, 'http://localhost').pathname} />);
  });
  await flush();
}

function input(id: string): HTMLInputElement {
  return container!.querySelector<HTMLInputElement>(`#${id}`)!;
}

/** Sets a controlled input's value the way a user's typing does. */
async function type(id: string, value: string) {
  const element = input(id);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  const button = [...container!.querySelectorAll('button')].find((b) => b.textContent === '登录')!;
  await act(async () => {
    button.click();
  });
  await flush();
}

beforeEach(() => {
  captchaCount = 0;
  mocked.hasToken.mockReturnValue(false);
  mocked.request.mockImplementation(async (path: string) => {
    if (path === 'captcha/create') {
      captchaCount += 1;
      return { captchaToken: `token-${captchaCount}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' };
    }
    throw new Error(`unexpected call ${path}`);
  });
  delete (window as { __FLEXPAY__?: unknown }).__FLEXPAY__;
});

function cleanup() {
  window.sessionStorage.clear();
  if (root) act(() => root!.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
}

afterEach(cleanup);

describe('the version under the form (issue 22: no raw words)', () => {
  test('a local build reads 本地构建; a deploy stamp as a local date and time', () => {
    expect(versionText('local')).toBe('本地构建');
    expect(versionText(undefined)).toBe('本地构建');
    const stamp = new Date(2026, 10, 26, 9, 5, 7).toISOString();
    expect(versionText(stamp)).toBe('2026-11-26 09:05:07');
  });
});

describe('login form validation (spec §5)', () => {
  it('uses the shared messages and trims before checking', () => {
    expect(validateLoginForm({ username: '  ', password: '', captcha: ' ' })).toEqual({
      username: '请输入用户名',
      password: '密码不能为空',
      captcha: '请输入验证码',
    });
    expect(validateLoginForm({ username: '1admin', password: 'x', captcha: 'ab12' })).toEqual({
      username: '请输入5到20位的字母或数字作为用户名',
    });
    expect(validateLoginForm({ username: ' sysadmin ', password: ' Flexpay@2026 ', captcha: ' ab12 ' })).toEqual({});
  });
});

describe('LoginPage', () => {
  it('labels its fields and loads a captcha image', async () => {
    await renderAt('/login');
    const labels = [...container!.querySelectorAll('label')].map((l) => [l.textContent?.trim(), l.getAttribute('for')]);
    expect(labels).toEqual([
      ['用户名', 'login-username'],
      ['密码', 'login-password'],
      ['验证码', 'login-captcha'],
    ]);
    expect(input('login-password').type).toBe('password');
    expect(mocked.request).toHaveBeenCalledWith('captcha/create', {}, { silent: true });
    expect(container!.querySelector('[data-testid="captcha-image"] img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(container!.textContent).toContain('FlexPay 灵活用工管理后台');
  });

  it("takes the root config's first captcha (issue 24): already answered, the first render shows its image and nothing more is asked", async () => {
    const first = { captchaToken: 'early', image: 'data:image/svg+xml;base64,RUFSTFk=' };
    (window as unknown as { __flexpayFirstCaptcha?: unknown }).__flexpayFirstCaptcha = { promise: Promise.resolve(first), value: first };
    prefetchCaptcha();
    window.history.replaceState(null, '', '/login');
    container = document.createElement('div');
    document.body.appendChild(container);
    const created = createRoot(container);
    root = created;
    // The first commit, before any effect or promise has run.
    act(() => created.render(<LoginPage pathname="/login" />));
    expect(container.querySelector('[data-testid="captcha-image"] img')?.getAttribute('src')).toBe(first.image);
    await flush();
    expect(mocked.request).not.toHaveBeenCalled();
    // It serves one attempt: the next image is asked for.
    await act(async () => container!.querySelector<HTMLButtonElement>('[data-testid="captcha-image"]')!.click());
    await flush();
    expect(captchaCount).toBe(1);
    expect((window as unknown as { __flexpayFirstCaptcha?: unknown }).__flexpayFirstCaptcha).toBeUndefined();
  });

  it("waits for the root config's first captcha when it has not answered yet, without asking again", async () => {
    let answer: (value: { captchaToken: string; image: string }) => void = () => undefined;
    const promise = new Promise<{ captchaToken: string; image: string }>((resolve) => (answer = resolve));
    (window as unknown as { __flexpayFirstCaptcha?: unknown }).__flexpayFirstCaptcha = { promise };
    prefetchCaptcha();
    await renderAt('/login');
    expect(container!.querySelector('[data-testid="captcha-image"] img')).toBeNull();
    answer({ captchaToken: 'late', image: 'data:image/svg+xml;base64,TEFURQ==' });
    await flush();
    expect(container!.querySelector('[data-testid="captcha-image"] img')?.getAttribute('src')).toBe('data:image/svg+xml;base64,TEFURQ==');
    expect(mocked.request).not.toHaveBeenCalled();
  });

  it('shows every validation message and does not call the server', async () => {
    await renderAt('/login');
    await submit();
    expect(container!.textContent).toContain('请输入用户名');
    expect(container!.textContent).toContain('密码不能为空');
    expect(container!.textContent).toContain('请输入验证码');
    expect(input('login-username').getAttribute('aria-invalid')).toBe('true');
    expect(mocked.login).not.toHaveBeenCalled();

    await type('login-username', 'ab');
    expect(container!.textContent).toContain('请输入5到20位的字母或数字作为用户名');
  });

  it('refreshes the captcha when the image is clicked', async () => {
    await renderAt('/login');
    await act(async () => container!.querySelector<HTMLButtonElement>('[data-testid="captcha-image"]')!.click());
    await flush();
    expect(captchaCount).toBe(2);
  });

  it('signs in with trimmed values and follows a same-origin redirect', async () => {
    mocked.login.mockResolvedValue({});
    await renderAt('/login?redirect=%2Forder%2Findex');
    await type('login-username', '  sysadmin ');
    await type('login-password', ' Flexpay@2026 ');
    await type('login-captcha', ' ab12 ');
    await submit();
    expect(mocked.login).toHaveBeenCalledWith({
      username: 'sysadmin',
      password: 'Flexpay@2026',
      captcha: 'ab12',
      captchaToken: 'token-1',
    });
    expect(mocked.navigate).toHaveBeenCalledWith('/order/index');
  });

  it('waits for a captcha image still arriving when 登录 is pressed, then signs in with it', async () => {
    let release: (value: unknown) => void = () => undefined;
    mocked.request.mockImplementation((path: string) => {
      if (path !== 'captcha/create') throw new Error(`unexpected call ${path}`);
      return new Promise((resolve) => {
        release = () => resolve({ captchaToken: 'slow-token', image: 'data:image/svg+xml;base64,PHN2Zy8+' });
      });
    });
    mocked.login.mockResolvedValue({});
    await renderAt('/login');
    await type('login-username', 'sysadmin');
    await type('login-password', 'Flexpay@2026');
    await type('login-captcha', 'ab12');
    await submit();
    expect(mocked.login).not.toHaveBeenCalled();
    await act(async () => release(undefined));
    await flush();
    expect(mocked.login).toHaveBeenCalledWith({ username: 'sysadmin', password: 'Flexpay@2026', captcha: 'ab12', captchaToken: 'slow-token' });
    expect(mocked.navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('ignores a foreign redirect', async () => {
    mocked.login.mockResolvedValue({});
    await renderAt('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await type('login-username', 'sysadmin');
    await type('login-password', 'Flexpay@2026');
    await type('login-captcha', 'ab12');
    await submit();
    expect(mocked.navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('gets a new captcha and clears the answer after a failed sign-in', async () => {
    mocked.login.mockRejectedValue(Object.assign(new Error('验证码错误'), { code: 1001 }));
    await renderAt('/login');
    await type('login-username', 'sysadmin');
    await type('login-password', 'wrong');
    await type('login-captcha', 'zzzz');
    await submit();
    expect(mocked.login).toHaveBeenCalledTimes(1);
    expect(captchaCount).toBe(2);
    expect(input('login-captcha').value).toBe('');
    expect(mocked.navigate).not.toHaveBeenCalled();
  });

  it('asks for the slide captcha after the second failed sign-in and signs in with its pass', async () => {
    const calls: string[] = [];
    mocked.request.mockImplementation(async (path: string) => {
      calls.push(path);
      if (path === 'captcha/create') return { captchaToken: 'image-token', image: 'data:image/svg+xml;base64,PHN2Zy8+' };
      if (path === 'captcha/slideCreate') return { captchaToken: 'slide-token', background: 'data:image/png;base64,AA==', piece: 'data:image/png;base64,AA==', y: 20, width: 300, height: 150, pieceSize: 48 };
      throw new Error(`unexpected call ${path}`);
    });
    mocked.login.mockRejectedValue(Object.assign(new Error('用户名或密码错误'), { code: 2003 }));
    await renderAt('/login');
    for (let i = 0; i < 2; i += 1) {
      if (input('login-captcha')) await type('login-captcha', 'zzzz');
      await type('login-username', 'sysadmin');
      await type('login-password', 'Wrong@Pass1');
      await submit();
    }
    expect(calls).toContain('captcha/slideCreate');
    expect(input('login-captcha')).toBeNull();
    expect(container!.querySelector('[data-testid="slide-captcha"]')).not.toBeNull();

    // Without a passed slide the form names what is missing and does not call the server.
    mocked.login.mockClear();
    await submit();
    expect(container!.textContent).toContain('请完成滑块验证');
    expect(mocked.login).not.toHaveBeenCalled();
  });

  it('offers the demo accounts only in demo mode and fills them in on click', async () => {
    await renderAt('/login');
    expect(container!.querySelector('[data-testid="demo-accounts"]')).toBeNull();
    cleanup();

    (window as { __FLEXPAY__?: unknown }).__FLEXPAY__ = { mode: 'demo' };
    await renderAt('/login');
    const demo = container!.querySelector('[data-testid="demo-accounts"]')!;
    expect(demo.textContent).toContain('Flexpay@2026');
    const names = [...demo.querySelectorAll('button')].map((b) => b.textContent?.split(' ')[0]);
    expect(names).toEqual(['sysadmin', 'supplier01', 'merchant01', 'enterprise01']);
    await act(async () => demo.querySelectorAll('button')[2].click());
    expect(input('login-username').value).toBe('merchant01');
    expect(input('login-password').value).toBe('Flexpay@2026');
  });

  it('sends a signed-in user on without showing the form work', async () => {
    mocked.hasToken.mockReturnValue(true);
    await renderAt('/login?redirect=%2Fhelp');
    expect(mocked.navigate).toHaveBeenCalledWith('/help');
    expect(mocked.request).not.toHaveBeenCalled();
  });

  it('/forgetPassword asks for the account, sends its code, then the new password with the reset token', async () => {
    mocked.request.mockImplementation(async (path: string) => {
      if (path === 'captcha/create') return { captchaToken: 't', image: 'data:image/svg+xml;base64,PHN2Zy8+' };
      if (path === 'captcha/sendSMSCode') return { message: '如该账号已绑定，验证码已发送，5分钟内有效' };
      if (path === 'user/forgetPassword/verify') return { resetToken: 'reset-1' };
      if (path === 'user/forgetPassword/reset') return true;
      throw new Error(`unexpected call ${path}`);
    });
    await renderAt('/forgetPassword');
    expect(input('login-username')).toBeNull();
    const click = async (text: string) => {
      const button = [...container!.querySelectorAll('button')].find((b) => b.textContent === text)!;
      await act(async () => button.click());
      await flush();
    };
    await click('发送验证码');
    expect(container!.textContent).toContain('请输入用户名');
    expect(mocked.request).not.toHaveBeenCalledWith('captcha/sendSMSCode', expect.anything());

    await type('forget-username', 'merchant01');
    await click('发送验证码');
    expect(mocked.request).toHaveBeenCalledWith('captcha/sendSMSCode', { username: 'merchant01', purpose: 3 });
    expect(container!.textContent).toContain('60秒后重发');

    await type('forget-code', '12345');
    await click('下一步');
    expect(container!.textContent).toContain('请输入6位验证码');
    await type('forget-code', '123456');
    await click('下一步');
    expect(mocked.request).toHaveBeenCalledWith('user/forgetPassword/verify', { username: 'merchant01', channel: 'sms', code: '123456' });

    await type('forget-new', 'Recover@2026');
    await type('forget-confirm', 'Recover@2027');
    await click('重置密码');
    expect(container!.textContent).toContain('两次输入密码不一致');
    await type('forget-confirm', 'Recover@2026');
    await click('重置密码');
    expect(mocked.request).toHaveBeenCalledWith('user/forgetPassword/reset', { username: 'merchant01', resetToken: 'reset-1', newPassword: 'Recover@2026' });
    expect(container!.textContent).toContain('密码已重置');
  });
});
