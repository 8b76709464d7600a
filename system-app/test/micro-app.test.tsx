/**
 * createMicroApp (shared-utility/src/app) mounted the way root-config mounts it: into props.domElement,
 * with page titles, tab 刷新 remounts through refresh$ and the 重试 error panel.
 */
import { useState } from 'react';
import { createMicroApp } from '../../shared-utility/src/app/create-micro-app';
import { requestRefresh } from '../../shared-utility/src/events';

let mounts = 0;
let shouldThrow = false;

function Counted() {
  const [id] = useState(() => ++mounts);
  return <div data-testid="view">mount {id}</div>;
}

function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <div data-testid="view">fine</div>;
}

function Help() {
  return <div data-testid="view">help</div>;
}

const app = createMicroApp({
  name: 'test-app',
  routes: [
    { path: '/dashboard', element: <Counted /> },
    { path: '/help', element: <Help /> },
    { path: '/404', element: <Fragile /> },
  ],
});

const domElement = document.createElement('div');
document.body.appendChild(domElement);
const props = { name: '@flexpay/test-app', domElement, singleSpa: {}, mountParcel: jest.fn() };

// single-spa-react resolves mount/unmount from React's own commit callbacks, so this file lets React
// schedule work normally instead of inside act() (which would hold the commit until act returns).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Retries an assertion until React has committed and run its effects (at most a second). */
async function eventually(assertion: () => void) {
  const deadline = Date.now() + 1000;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await settle();
    }
  }
}

async function mountAt(path: string) {
  window.history.pushState(null, '', path);
  await app.bootstrap(props as never);
  await app.mount(props as never);
  await settle();
}

async function unmount() {
  await app.unmount(props as never);
}

const view = () => domElement.querySelector('[data-testid="view"]')?.textContent;

beforeEach(() => {
  mounts = 0;
  shouldThrow = false;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  await unmount();
  jest.restoreAllMocks();
});

it('renders the route into props.domElement and sets the page title', async () => {
  await mountAt('/dashboard');
  await eventually(() => {
    expect(domElement.querySelector('[data-testid="view"]')).not.toBeNull();
    expect(view()).toBe('mount 1');
    expect(document.title).toBe('首页 - FlexPay 管理后台');
  });

  window.history.pushState(null, '', '/help');
  window.dispatchEvent(new PopStateEvent('popstate'));
  await eventually(() => {
    expect(view()).toBe('help');
    expect(document.title).toBe('帮助中心 - FlexPay 管理后台');
  });
});

it('remounts the view when refresh$ names the current path, and only then', async () => {
  await mountAt('/dashboard');
  expect(view()).toBe('mount 1');
  requestRefresh('/help');
  await settle();
  expect(view()).toBe('mount 1');
  requestRefresh('/dashboard/');
  await eventually(() => expect(view()).toBe('mount 2'));
});

it('shows a Chinese error panel whose 重试 remounts the view', async () => {
  shouldThrow = true;
  await mountAt('/404');
  expect(domElement.textContent).toContain('页面出错了');
  const retry = [...domElement.querySelectorAll('button')].find((b) => b.textContent?.includes('重试'))!;
  shouldThrow = false;
  retry.click();
  await eventually(() => expect(view()).toBe('fine'));
});
