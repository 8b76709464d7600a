/**
 * Issue 22 item 9: the first-time guide is a step card on the dashboard and on the page its current
 * step leads to, nowhere else; 稍后提醒 hides it for this sign-in (session storage), 跳过引导 for good
 * (guideStep saved on the server); step 3 leads to permission assignment on 管理员.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { navigate, patchSession, request, useSession } from '@flexpay/shared-utility';
import { setCredentials } from '../../shared-utility/src/session/credentials';
import { GuideCard } from '../src/guide/guide-card';
import {
  currentGuideStep,
  DELAY_KEY,
  GUIDE_STEPS,
  guidePlacement,
  isGuideFinished,
  nextGuideStep,
  shouldShowGuide,
} from '../src/guide/guide-logic';

const store = (entries: Record<string, string>) => ({ getItem: (k: string) => entries[k] ?? null });

describe('guide rules', () => {
  test('three steps of spec §2: personal info, sub-account, role; step 3 leads to permission assignment on 管理员', () => {
    expect(GUIDE_STEPS.map((s) => s.title)).toEqual(['完善个人信息', '添加子账号', '创建角色']);
    expect(GUIDE_STEPS.map((s) => s.page)).toEqual(['/editAdmin', '/admin/index', '/admin/index']);
    expect(GUIDE_STEPS[2].action).toBe('为子账号分配权限');
    expect(GUIDE_STEPS[2].hint).toContain('「权限」');
  });

  test('unset (-1) and 0..2 are unfinished; 3 is finished', () => {
    expect([-1, 0, 1, 2].map(isGuideFinished)).toEqual([false, false, false, false]);
    expect(isGuideFinished(3)).toBe(true);
    expect(currentGuideStep(-1)).toBe(0);
    expect(currentGuideStep(2)).toBe(2);
    expect(nextGuideStep(-1)).toBe(1);
    expect(nextGuideStep(2)).toBe(3);
    expect(nextGuideStep(3)).toBe(3);
  });

  test('稍后提醒 (session storage) hides it for the sign-in; a finished step hides it for good; showGuide forces it', () => {
    expect(shouldShowGuide(-1, store({}), store({}))).toBe(true);
    expect(shouldShowGuide(1, store({ [DELAY_KEY]: '1' }), store({}))).toBe(false);
    // Put off is per browser session only: the same key in local storage does not hide it.
    expect(shouldShowGuide(1, store({}), store({ [DELAY_KEY]: '1' }))).toBe(true);
    expect(shouldShowGuide(1, store({ [DELAY_KEY]: '1' }), store({ showGuide: '1' }))).toBe(true);
    // Skipped (guideStep 3 from the server): hidden whatever this browser's storage says.
    expect(shouldShowGuide(3, store({}), store({}))).toBe(false);
    expect(shouldShowGuide(3, store({ showGuide: '1' }), store({ showGuide: '1' }))).toBe(false);
  });

  test('a new sign-in (its credentials stored) brings back a guide put off with 稍后提醒', () => {
    window.sessionStorage.setItem(DELAY_KEY, '1');
    setCredentials('token', 'secret');
    expect(window.sessionStorage.getItem(DELAY_KEY)).toBeNull();
  });

  test('which page shows which step: the dashboard always, the current step’s page only', () => {
    expect(guidePlacement('/dashboard', -1)).toBe('dashboard');
    expect(guidePlacement('/editAdmin', -1)).toBe('page');
    expect(guidePlacement('/admin/index', -1)).toBeNull();
    expect(guidePlacement('/editAdmin', 1)).toBeNull();
    expect(guidePlacement('/admin/index', 1)).toBe('page');
    expect(guidePlacement('/admin/index/', 2)).toBe('page');
    for (const path of ['/order/index', '/ent/stats', '/help', '/admin/auditLog']) expect(guidePlacement(path, 0)).toBeNull();
    expect(guidePlacement('/dashboard', 3)).toBeNull();
    expect(guidePlacement('/admin/index', 3)).toBeNull();
  });
});

describe('GuideCard', () => {
  const mocked = { useSession: useSession as unknown as jest.Mock, request: request as jest.Mock, patchSession: patchSession as jest.Mock, navigate: navigate as jest.Mock };
  let container: HTMLDivElement;
  let root: Root;
  // 1011/1012/1015: may open 管理员.
  const user = (guideStep: number) => ({ accountType: 'ENT', username: 'enterprise01', isTopAdmin: 1, guideStep, permCodes: [1011, 1012, 1015] });

  async function render(path: string, guideStep: number) {
    mocked.useSession.mockReturnValue(user(guideStep));
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    await act(async () => root.render(<GuideCard path={path} />));
  }
  const card = () => container.querySelector('[data-testid="guide"]');
  const button = (label: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === label);

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    jest.clearAllMocks();
    mocked.request.mockResolvedValue(true);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  test('on the dashboard: the current step with a link to its page (step 3: 为子账号分配权限 → 管理员)', async () => {
    await render('/dashboard', 2);
    expect(card()?.textContent).toContain('第 3 / 3 步');
    expect(container.querySelector('[data-testid="guide-step"]')?.textContent).toBe('创建角色');
    await act(async () => button('为子账号分配权限')!.click());
    expect(mocked.navigate).toHaveBeenCalledWith('/admin/index');
    // Following the link does not finish the step.
    expect(mocked.request).not.toHaveBeenCalled();
  });

  test('on the step’s page it says what to do there; on another page nothing', async () => {
    await render('/admin/index', 2);
    expect(card()?.textContent).toContain('点击子账号所在行的「权限」');
    expect(button('为子账号分配权限')).toBeUndefined();
    await act(async () => root.unmount());
    container.remove();
    await render('/editAdmin', 2);
    expect(card()).toBeNull();
  });

  test('稍后提醒 hides it for this session without a server call', async () => {
    await render('/dashboard', -1);
    await act(async () => button('稍后提醒')!.click());
    expect(card()).toBeNull();
    expect(sessionStorage.getItem(DELAY_KEY)).toBe('1');
    expect(mocked.request).not.toHaveBeenCalled();
  });

  test('跳过引导 saves the finished step on the server; 下一步 the next one', async () => {
    await render('/dashboard', -1);
    await act(async () => button('下一步')!.click());
    expect(mocked.request).toHaveBeenCalledWith('user/update', { guideStep: 1 });
    expect(mocked.patchSession).toHaveBeenCalledWith({ guideStep: 1 });
    await act(async () => button('跳过引导')!.click());
    expect(mocked.request).toHaveBeenLastCalledWith('user/update', { guideStep: 3 });
    expect(mocked.patchSession).toHaveBeenLastCalledWith({ guideStep: 3 });
    expect(sessionStorage.getItem(DELAY_KEY)).toBeNull();
  });

  test('a viewer who may not open the step’s page gets no link, only 下一步', async () => {
    mocked.useSession.mockReturnValue({ ...user(1), permCodes: [] });
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    await act(async () => root.render(<GuideCard path="/dashboard" />));
    expect(button('去添加子账号')).toBeUndefined();
    expect(button('下一步')).toBeDefined();
  });
});
