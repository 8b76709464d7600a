/** Issue 27: the shell by keyboard — skip link, sidebar arrows, visited tabs, list semantics. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Shell } from '../src/Shell';
import { signedInAt, stub } from './shell-support';

let container: HTMLElement;
let main: HTMLElement;
let root: Root;

beforeEach(async () => {
  signedInAt('/ent/coopEnt');
  // The root config's layout: the navbar's region, then the screens' <main>.
  container = document.createElement('div');
  container.id = 'navbar-region';
  main = document.createElement('main');
  main.id = 'main-region';
  main.innerHTML = '<button type="button">屏幕上的按钮</button>';
  document.body.append(container, main);
  root = createRoot(container);
  await act(async () => root.render(<Shell />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  main.remove();
});

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';
/** Focusable elements in tab order (no positive tabindex in the shell), skipping inert and hidden subtrees. */
const tabOrder = () => [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));
const key = async (target: Element, k: string, init: KeyboardEventInit = {}) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
  });
const sidebar = () => container.querySelector<HTMLElement>('[data-testid="sidebar"]')!;
const groupButton = (title: string) => [...sidebar().querySelectorAll<HTMLElement>('button[data-menu-group]')].find((b) => b.textContent?.includes(title))!;

test('跳到主要内容 is the first focusable element and moves focus to the main region', async () => {
  const first = tabOrder()[0];
  expect(first.textContent).toBe('跳到主要内容');
  expect(first.getAttribute('href')).toBe('#main-region');
  await act(async () => first.click());
  expect(document.activeElement).toBe(main);
  expect(main.tabIndex).toBe(-1);
});

test('sidebar: lists of links (no menu roles), closed groups out of the tab order, arrows move within', async () => {
  const nav = sidebar();
  expect(nav.querySelector('[role="menu"], [role="menuitem"], [role="none"]')).toBeNull();
  for (const list of nav.querySelectorAll('ul')) for (const child of list.children) expect(child.tagName).toBe('LI');

  // /ent/coopEnt: 企业管理 is open, its links in the tab order; another group's links are not.
  const reachable = tabOrder().filter((el) => nav.contains(el)).map((el) => el.textContent);
  expect(reachable).toContain('合作关系');
  expect(reachable).not.toContain('上级商户');

  const ent = groupButton('企业管理');
  ent.focus();
  await key(ent, 'ArrowDown');
  expect(document.activeElement?.textContent).toBe(nav.querySelector('[data-group-of="/ent"] a')!.textContent);
  await key(document.activeElement!, 'ArrowUp');
  expect(document.activeElement).toBe(ent);

  // → opens a closed group, ← from one of its links closes it with focus back on the group.
  const merchant = groupButton('商户管理');
  merchant.focus();
  await key(merchant, 'ArrowRight');
  expect(merchant.getAttribute('aria-expanded')).toBe('true');
  await key(merchant, 'ArrowDown');
  expect(document.activeElement?.textContent).toBe('上级商户');
  await key(document.activeElement!, 'ArrowLeft');
  expect(document.activeElement).toBe(merchant);
  expect(merchant.getAttribute('aria-expanded')).toBe('false');
});

test('visited tabs: links with a named 关闭 beside them (nothing nested), ← → and Delete by keyboard', async () => {
  const group = groupButton('订单管理');
  await act(async () => group.click());
  const link = [...sidebar().querySelectorAll('a')].find((a) => a.textContent === '代发订单')!;
  await act(async () => link.click());

  const bar = container.querySelector('[data-testid="visited-tabs"]')!;
  expect(bar.querySelector('[role="tab"], [role="tablist"], [role="button"]')).toBeNull();
  const links = () => [...bar.querySelectorAll<HTMLAnchorElement>('.fp-tab-link')];
  expect(links().map((a) => a.textContent)).toEqual(['首页', '合作关系', '代发订单']);
  expect(links()[2].getAttribute('aria-current')).toBe('page');
  for (const a of links()) expect(a.querySelector('button')).toBeNull();
  expect([...bar.querySelectorAll('.fp-tab-close')].map((b) => b.getAttribute('aria-label'))).toEqual(['关闭合作关系', '关闭代发订单']);

  links()[0].focus();
  await key(links()[0], 'ArrowRight');
  // jsdom lays nothing out (every tab counts as beyond the edge): the focus follows the window a frame later.
  await act(async () => new Promise((resolve) => window.requestAnimationFrame(resolve)));
  expect(document.activeElement).toBe(links()[1]);
  await key(links()[1], 'Delete');
  expect(links().map((a) => a.textContent)).toEqual(['首页', '代发订单']);
  expect(document.activeElement?.textContent).toBe('代发订单');
  // 首页 cannot be closed.
  links()[0].focus();
  await key(links()[0], 'Delete');
  expect(links()).toHaveLength(2);
  // The context-menu key opens the tab's menu without a mouse.
  await key(links()[1], 'ContextMenu');
  expect([...document.querySelectorAll('[data-testid="tab-context-menu"] a')].map((a) => a.textContent)).toEqual(['刷新', '关闭', '关闭其他', '关闭全部']);
});

test('breadcrumbs: an ordered list of list items only, the current crumb marked', () => {
  const ol = container.querySelector('[data-testid="breadcrumbs"] ol')!;
  expect([...ol.children].every((c) => c.tagName === 'LI')).toBe(true);
  expect(ol.querySelector('[aria-current="page"]')?.textContent).toBe('合作关系');
});
