/**
 * Issue 10: the dashboard's figures follow live order progress — a progress event reloads
 * dashboard/summary in place (no spinner), bursts are throttled, and the page unsubscribes from the
 * progress stream when it unmounts. A viewer without the order query code opens no stream.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Subject } from 'rxjs';
import { orderProgress$, request, useSession } from '@flexpay/shared-utility';
import { DashboardPage } from '../src/dashboard/dashboard-page';
import { LIVE_REFRESH_MS } from '../src/dashboard/summary';

jest.mock('@flexpay/shared-utility', () => ({ ...jest.requireActual('@flexpay/shared-utility'), orderProgress$: jest.fn() }));

const progress = new Subject<{ orderNo: string; status: number }>();
const mocked = { request: request as jest.Mock, useSession: useSession as unknown as jest.Mock, orderProgress$: orderProgress$ as jest.Mock };
const ENT_USER = { accountType: 'ENT', username: 'enterprise01', name: '孙立新', isTopAdmin: 1, permCodes: [24010, 25010] };

let container: HTMLDivElement;
let root: Root;
let answers: Array<Record<string, unknown>>;

const summary = (todayOrderCount: number, balance: string) => ({ todos: { total: 0 }, todayOrderCount, todayOrderAmount: '0.00', balance, trend: [] });
const stat = (key: string) => container.querySelector(`[data-testid="stat-${key}"] .fp-dash__stat-value`)?.textContent;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

async function render(user: unknown) {
  mocked.useSession.mockReturnValue(user);
  mocked.orderProgress$.mockReturnValue(progress);
  mocked.request.mockImplementation(async () => answers.shift());
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<DashboardPage />));
  await wait(0);
}

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

test('a progress event reloads the figures in place; a burst is one reload now and one at its end; unmount unsubscribes', async () => {
  answers = [summary(2, '1000.00'), summary(3, '900.00'), summary(3, '800.00'), summary(4, '700.00')];
  await render(ENT_USER);
  expect(stat('todayOrderCount')).toBe('2笔');
  expect(mocked.orderProgress$).toHaveBeenCalledWith();
  expect(progress.observed).toBe(true);

  // A new order (transOrder) is the first event: the figures reload at once, without the spinner.
  await act(async () => progress.next({ orderNo: 'PO1', status: 0 }));
  expect(container.textContent).not.toContain('正在加载概览数据');
  await wait(0);
  expect(stat('todayOrderCount')).toBe('3笔');
  expect(stat('balance')).toContain('900.00');
  expect(mocked.request).toHaveBeenLastCalledWith('dashboard/summary', {}, { silent: true });

  // Lines settle in a burst: no reload inside the quiet time, one after it with the last state.
  await act(async () => {
    progress.next({ orderNo: 'PO1', status: 60 });
    progress.next({ orderNo: 'PO1', status: 162 });
  });
  await wait(0);
  expect(mocked.request).toHaveBeenCalledTimes(2);
  await wait(LIVE_REFRESH_MS + 100);
  expect(mocked.request).toHaveBeenCalledTimes(3);
  expect(stat('balance')).toContain('800.00');

  await act(async () => root.unmount());
  expect(progress.observed).toBe(false);
  root = createRoot(container);
});

test('a viewer who may not query orders opens no progress stream', async () => {
  answers = [summary(0, '0.00')];
  await render({ ...ENT_USER, permCodes: [25010] });
  expect(stat('todayOrderCount')).toBe('0笔');
  expect(mocked.orderProgress$).not.toHaveBeenCalled();
  expect(progress.observed).toBe(false);
});
