/** Issue 21 item 17 (spec §8): the top bar's fullscreen toggle, and the message where the browser has no Fullscreen API. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import * as shared from '@flexpay/shared-utility';
import { Shell } from '../src/Shell';
import { FULLSCREEN_UNSUPPORTED, FullscreenButton } from '../src/topbar/FullscreenButton';

const stub = shared as unknown as typeof import('./shared-utility-stub');
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
const toggle = () => container.querySelector<HTMLButtonElement>('[data-testid="fullscreen-toggle"]')!;
const warnings = () => stub.calls.filter((c) => c.fn === 'showWarning').map((c) => c.args[0]);

/** Installs (or removes) a working Fullscreen API on jsdom's document, which has none. */
function fakeFullscreenApi(on: boolean) {
  const doc = document as unknown as Record<string, unknown>;
  const root = document.documentElement as unknown as Record<string, unknown>;
  if (!on) {
    delete doc.fullscreenEnabled;
    delete doc.fullscreenElement;
    delete doc.exitFullscreen;
    delete root.requestFullscreen;
    return { request: jest.fn(), exit: jest.fn() };
  }
  let element: Element | null = null;
  const changed = () => document.dispatchEvent(new Event('fullscreenchange'));
  const request = jest.fn(async () => {
    element = document.documentElement;
    changed();
  });
  const exit = jest.fn(async () => {
    element = null;
    changed();
  });
  Object.defineProperty(doc, 'fullscreenEnabled', { configurable: true, get: () => true });
  Object.defineProperty(doc, 'fullscreenElement', { configurable: true, get: () => element });
  Object.defineProperty(doc, 'exitFullscreen', { configurable: true, value: exit });
  Object.defineProperty(root, 'requestFullscreen', { configurable: true, value: request });
  return { request, exit };
}

beforeEach(() => {
  stub.calls.length = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  fakeFullscreenApi(false);
});

test('a browser without the Fullscreen API gets the spec message and nothing else happens', async () => {
  fakeFullscreenApi(false);
  await act(async () => root.render(<FullscreenButton />));
  expect(toggle().getAttribute('aria-label')).toBe('全屏');
  await act(async () => toggle().click());
  expect(warnings()).toEqual([FULLSCREEN_UNSUPPORTED]);
  expect(FULLSCREEN_UNSUPPORTED).toMatch(/^[\u4e00-\u9fff]+$/);
  expect(toggle().getAttribute('aria-label')).toBe('全屏');
});

test('with the API the toggle enters fullscreen, follows the change and leaves it again', async () => {
  const api = fakeFullscreenApi(true);
  await act(async () => root.render(<FullscreenButton />));
  await act(async () => toggle().click());
  expect(api.request).toHaveBeenCalledTimes(1);
  expect(toggle().getAttribute('aria-label')).toBe('退出全屏');
  await act(async () => toggle().click());
  expect(api.exit).toHaveBeenCalledTimes(1);
  expect(toggle().getAttribute('aria-label')).toBe('全屏');
  expect(warnings()).toEqual([]);
});

test('a refused request (a policy) shows the same message', async () => {
  const api = fakeFullscreenApi(true);
  api.request.mockImplementationOnce(async () => {
    throw new TypeError('Permissions check failed');
  });
  await act(async () => root.render(<FullscreenButton />));
  await act(async () => toggle().click());
  expect(warnings()).toEqual([FULLSCREEN_UNSUPPORTED]);
  expect(toggle().getAttribute('aria-label')).toBe('全屏');
});

test('the top bar of the shell carries the toggle', async () => {
  const user = {
    userId: 7, username: 'enterprise01', name: '王企业', phone: '13800000000', avatar: '', guideStep: 3, adminType: 40,
    accountType: 'ENT' as const, isTopAdmin: 1, permCodes: shared.defaultCodesFor('ENT'), permTree: [], entMO: { entName: '示例企业有限公司' }, merchtMO: null,
  };
  stub.sessionSubject.next(user);
  stub.permissionsSubject.next(new Set(user.permCodes));
  window.history.replaceState(null, '', '/dashboard');
  await act(async () => root.render(<Shell />));
  expect(container.querySelector('[data-testid="topbar"] [data-testid="fullscreen-toggle"]')).not.toBeNull();
});
