/** Renders the whole shell in jsdom against the stand-in services. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Shell } from '../src/Shell';
import { signedInAt, stub } from './shell-support';

let container: HTMLElement;
let root: Root;

beforeEach(async () => {
  signedInAt('/ent/coopEnt');
  localStorage.clear();
  stub.calls.length = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<Shell />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const text = (el: Element | null) => el?.textContent ?? '';
const tabs = () => [...container.querySelectorAll('[data-testid="tab"]')].map((t) => t.getAttribute('data-path'));

test('sidebar, breadcrumbs, names, tabs and layout variables', () => {
  const sidebar = container.querySelector('[data-testid="sidebar"]')!;
  expect(text(sidebar)).toContain('合作关系');
  expect(text(sidebar)).toContain('上级商户');
  expect(text(sidebar)).not.toContain('税源地');
  const site = [...sidebar.querySelectorAll('a')].find((a) => text(a) === '官方网站')!;
  expect(site.getAttribute('target')).toBe('_blank');
  expect(text(container.querySelector('[data-testid="breadcrumbs"]'))).toMatch(/首页.*企业管理.*合作关系/);
  expect(text(container.querySelector('[data-testid="display-name"]'))).toBe('王企业');
  expect(text(container.querySelector('[data-testid="organisation-name"]'))).toBe('示例企业有限公司');
  expect(tabs()).toEqual(['/dashboard', '/ent/coopEnt']);
  expect(document.documentElement.style.getPropertyValue('--flexpay-sidebar-width')).toBe('210px');
  // Top bar 50 + tabs 34: the first-time guide is a card on the dashboard, not a bar over every screen (issue 22 item 9).
  expect(document.documentElement.style.getPropertyValue('--flexpay-header-height')).toBe('84px');
  expect(container.querySelector('[data-testid="guide"]')).toBeNull();
  expect(stub.calls.some((c) => c.fn === 'startWatermark')).toBe(true);
});

test('menu navigation without reload opens a tab; closing the active tab activates its neighbour', async () => {
  const sidebar = container.querySelector('[data-testid="sidebar"]')!;
  const group = [...sidebar.querySelectorAll('button')].find((b) => text(b).includes('订单管理'))!;
  await act(async () => group.click());
  const link = [...sidebar.querySelectorAll('a')].find((a) => text(a) === '代发订单')!;
  await act(async () => link.click());
  expect(window.location.pathname).toBe('/order/index');
  expect(tabs()).toEqual(['/dashboard', '/ent/coopEnt', '/order/index']);
  expect(JSON.parse(sessionStorage.getItem('visitedTabs')!).tabs).toHaveLength(3);

  const active = container.querySelector('[data-testid="tab"][data-path="/order/index"]')!;
  const close = active.querySelector('button')!;
  await act(async () => close.click());
  expect(tabs()).toEqual(['/dashboard', '/ent/coopEnt']);
  expect(window.location.pathname).toBe('/ent/coopEnt');
  expect(container.querySelector('[data-testid="tab"][data-path="/dashboard"] button')).toBeNull();
});

const byText = (selector: string, label: string) =>
  [...document.querySelectorAll<HTMLElement>(selector)].find((el) => text(el).trim() === label);

async function openUserMenuItem(label: string) {
  const button = container.querySelector<HTMLElement>('[data-testid="user-menu-button"]')!;
  await act(async () => button.click());
  const item = byText('[data-testid="user-menu"] a', label)!;
  expect(item).toBeTruthy();
  await act(async () => item.click());
}

test('user menu: the items of spec §2', async () => {
  const button = container.querySelector<HTMLElement>('[data-testid="user-menu-button"]')!;
  await act(async () => button.click());
  const items = [...document.querySelectorAll('[data-testid="user-menu"] a')].map((a) => text(a));
  expect(items).toEqual(['帮助中心', '个人设置', '查看权限', '修改密码', '退出登录']);
});

test('查看权限 shows the own tree read-only; empty text when nothing is granted', async () => {
  await openUserMenuItem('查看权限');
  const dialog = document.querySelector('[data-testid="permission-dialog"]')!;
  expect(text(dialog)).toContain('该账号没有被授予任何权限');
  expect(byText('button', '编辑')).toBeUndefined();
});

test('修改密码: messages, server failure message, success logs out', async () => {
  await openUserMenuItem('修改密码');
  const form = document.querySelector<HTMLFormElement>('[data-testid="password-dialog"]')!;
  await act(async () => form.requestSubmit());
  expect(text(form)).toContain('请输入旧密码');
  expect(text(form)).toContain('请输入新密码');
  expect(text(form)).toContain('请输入确认密码');

  const setValue = async (name: string, value: string) => {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  await setValue('oldPassword', 'Old@2026x');
  await setValue('newPassword', 'Flexpay@2027');
  await setValue('confirmPassword', 'Flexpay@2028');
  await act(async () => form.requestSubmit());
  expect(text(form)).toContain('两次输入密码不一致');

  await setValue('confirmPassword', 'Flexpay@2027');
  stub.setRequestImpl(async () => Promise.reject({ code: 1001, message: '旧密码错误' }));
  await act(async () => form.requestSubmit());
  expect(stub.calls).toContainEqual({
    fn: 'request',
    args: ['user/changePassword', { password: 'Old@2026x', newPassword: 'Flexpay@2027' }, { silent: true }],
  });
  expect(stub.calls).toContainEqual({ fn: 'showError', args: ['旧密码错误'] });

  stub.setRequestImpl(async () => false);
  await act(async () => form.requestSubmit());
  expect(stub.calls).toContainEqual({ fn: 'showError', args: ['密码更新失败'] });
  stub.setRequestImpl(async () => true);
});

test('tab context menu: 刷新 asks the owning app to remount the view', async () => {
  const tab = container.querySelector<HTMLElement>('[data-testid="tab"][data-path="/ent/coopEnt"]')!;
  await act(async () => {
    tab.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, clientX: 400, clientY: 80 }));
  });
  const items = [...document.querySelectorAll('[data-testid="tab-context-menu"] a')].map((a) => text(a));
  expect(items).toEqual(['刷新', '关闭', '关闭其他', '关闭全部']);
  await act(async () => byText('[data-testid="tab-context-menu"] a', '刷新')!.click());
  expect(stub.calls).toContainEqual({ fn: 'requestRefresh', args: ['/ent/coopEnt'] });
});

test('visited tabs: 关闭其他 / 关闭全部 from the bar\'s visible menu as well; 首页 cannot be closed', async () => {
  const menuButton = container.querySelector<HTMLElement>('[data-testid="visited-tabs"] [aria-label="标签操作"]')!;
  expect(menuButton).not.toBeNull();
  await act(async () => menuButton.click());
  const items = [...document.querySelectorAll('[data-testid="tab-bar-menu"] a')].map((a) => text(a));
  expect(items).toEqual(['刷新', '关闭', '关闭其他', '关闭全部']);
  await act(async () => byText('[data-testid="tab-bar-menu"] a', '关闭全部')!.click());
  const paths = [...container.querySelectorAll<HTMLElement>('[data-testid="tab"]')].map((t) => t.dataset.path);
  expect(paths).toEqual(['/dashboard']);
  expect(container.querySelector('[data-testid="tab"][data-path="/dashboard"] .bp6-tag-remove')).toBeNull();
});

test('file preview: images open the dialog, other types download', async () => {
  await act(async () => stub.previewFileSubject.next({ url: '/files/id-front.png' }));
  const img = document.querySelector<HTMLImageElement>('[data-testid="file-preview"] img')!;
  expect(img.getAttribute('src')).toBe('/files/id-front.png');
  expect(img.style.maxHeight).toBe('480px');
  const clicked: string[] = [];
  const spy = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href')!);
  });
  await act(async () => stub.previewFileSubject.next({ url: '/files/list.xlsx' }));
  expect(clicked).toEqual(['/files/list.xlsx']);
  spy.mockRestore();
});
