/**
 * Issue 22 item 11: the dashboard per account type — an enterprise's channel balances with 充值 and
 * 上传制单 and its to-dos; the platform's / a supplier's approval queue, each part opening its list on
 * the tab of those rows, and today's channel health; a merchant's profit and sub-merchants; the trend
 * drawn by ECharts (canvas, axis tooltip in money) that follows the window's size.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Subject } from 'rxjs';
import { navigate, orderProgress$, request, useSession } from '@flexpay/shared-utility';
import { DashboardPage } from '../src/dashboard/dashboard-page';
import { fakeECharts } from '../../shared-utility/test/support/fake-echarts';

jest.mock('@flexpay/shared-utility', () => ({ ...jest.requireActual('@flexpay/shared-utility'), orderProgress$: jest.fn() }));

const mocked = { request: request as jest.Mock, useSession: useSession as unknown as jest.Mock, orderProgress$: orderProgress$ as jest.Mock, navigate: navigate as jest.Mock };

const { chart, init } = fakeECharts();

let container: HTMLDivElement;
let root: Root;

const trend = [
  { date: '2026-11-25', count: 3, amount: '57500.00', fee: '3822.99' },
  { date: '2026-11-26', count: 5, amount: '61556.28', fee: '3526.41' },
];

async function render(user: unknown, answer: unknown) {
  mocked.useSession.mockReturnValue(user);
  mocked.orderProgress$.mockReturnValue(new Subject());
  mocked.request.mockResolvedValue(answer);
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<DashboardPage />));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const q = (testId: string) => container.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

test('ENT: a balance card per channel with 可用 / 锁定 / 透支额度, 充值 and 上传制单, its to-dos and the month', async () => {
  await render(
    { accountType: 'ENT', username: 'enterprise01', isTopAdmin: 1, permCodes: [24010, 25010, 25020, 18610, 18620] },
    {
      todos: { total: 2, tempRejected: 0, tempToPay: 1, rechargeRefused: 1 },
      todayOrderCount: 2,
      todayOrderAmount: '33456.78',
      monthPaidAmount: '152157.28',
      monthFee: '10129.43',
      balance: '822703.30',
      accounts: [
        { channel: 0, available: '552000.00', locked: '13000.00', allowOverdraft: 0, overdraftLimit: '0.00', status: 0 },
        { channel: 1, available: '270703.30', locked: '53866.91', allowOverdraft: 1, overdraftLimit: '100000.00', status: 0 },
      ],
      trend,
    },
  );
  expect(q('account-0')?.textContent).toContain('人工审核');
  expect(q('account-0-available')?.textContent).toBe('¥552,000.00');
  expect(q('account-0-locked')?.textContent).toBe('¥13,000.00');
  expect(q('account-0-overdraft')?.textContent).toBe('未开通');
  expect(q('account-1-overdraft')?.textContent).toBe('¥100,000.00');
  const buttons = [...q('account-1')!.querySelectorAll('button')];
  expect(buttons.map((b) => b.textContent)).toEqual(['充值', '上传制单']);
  await act(async () => buttons[0].click());
  expect(mocked.navigate).toHaveBeenLastCalledWith('/ent/addBal');
  await act(async () => buttons[1].click());
  expect(mocked.navigate).toHaveBeenLastCalledWith('/order/prodOrder');

  expect(q('pending-total')?.textContent).toBe('2');
  expect(q('todo-tempToPay-total')?.textContent).toBe('1笔');
  expect(q('todo-part-tempToPay')?.getAttribute('href')).toBe('/order/prodOrder?tab=10');
  expect(q('todo-part-tempRejected')?.getAttribute('href')).toBe('/order/prodOrder?tab=21');
  expect(q('todo-part-rechargeRefused')?.getAttribute('href')).toBe('/ent/addBal?tab=11');
  await act(async () => q('todo-part-rechargeRefused')!.click());
  expect(mocked.navigate).toHaveBeenLastCalledWith('/ent/addBal?tab=11');
  expect(q('stat-monthPaidAmount')?.textContent).toContain('152,157.28');
  expect(q('stat-monthFee')?.textContent).toContain('10,129.43');
  // The bench waits for 今日订单数 on every account's dashboard.
  expect(q('stat-todayOrderCount')?.textContent).toContain('今日订单数');
  expect(q('channel-health')).toBeNull();
});

test('ENT without the codes to recharge or upload sees the balances without the buttons', async () => {
  await render(
    { accountType: 'ENT', username: 'viewer', isTopAdmin: 0, permCodes: [18610] },
    { todos: { total: 0 }, accounts: [{ channel: 1, available: '1.00', locked: '0.00', allowOverdraft: 0, overdraftLimit: '0.00', status: 0 }], trend },
  );
  expect(q('account-1')!.querySelectorAll('button')).toHaveLength(0);
  expect(q('dashboard-todos')).toBeNull();
});

test('the figures are asked for as the page starts rendering, not after its first paint (sign-in waits for them)', async () => {
  const drawnWhenAsked: boolean[] = [];
  await render({ accountType: 'ENT', username: 'viewer', isTopAdmin: 0, permCodes: [18610] }, { todos: { total: 0 }, accounts: [], trend });
  await act(async () => root.unmount());
  mocked.request.mockClear();
  mocked.request.mockImplementation(async () => {
    drawnWhenAsked.push(container.querySelector('[data-testid="dashboard"]') !== null);
    return { todos: { total: 0 }, accounts: [], trend };
  });
  root = createRoot(container);
  await act(async () => root.render(<DashboardPage />));
  expect(drawnWhenAsked[0]).toBe(false);
  expect(mocked.request.mock.calls.filter(([path]) => path === 'dashboard/summary')).toHaveLength(1);
});

test('SYS: the approval queue opens each list filtered to its rows; channel health today; the trend on canvas with an axis tooltip, resized with the window', async () => {
  await render(
    { accountType: 'SYS', username: 'admin', isTopAdmin: 1, permCodes: [24010, 25010, 25060, 18610, 18630, 18710, 18730, 27210, 27250, 27260, 32302] },
    {
      todos: { total: 23, tempReview: 3, rechargeReview: 2, rechargeProcess: 2, rechargeCredit: 1, refundReview: 2, refundProcess: 1, invoiceReview: 4, invoiceIssue: 4, packageReview: 4 },
      todayOrderCount: 5,
      channelHealth: [
        { channel: 0, orderCount: 1, successCount: 0, successAmount: '0.00', failCount: 0, failAmount: '0.00' },
        { channel: 1, orderCount: 4, successCount: 5, successAmount: '23456.78', failCount: 2, failAmount: '15000000.00' },
      ],
      trend,
    },
  );
  expect([...container.querySelectorAll('[data-testid^="todo-"][data-testid$="-total"]')].map((e) => e.textContent)).toEqual(['3笔', '5笔', '3笔', '8笔', '4个']);
  expect(q('todo-part-tempReview')?.getAttribute('href')).toBe('/order/prodOrder?tab=20');
  expect(q('todo-part-rechargeCredit')?.getAttribute('href')).toBe('/ent/addBal?tab=20');
  expect(q('todo-part-refundReview')?.getAttribute('href')).toBe('/ent/refund?tab=0');
  expect(q('todo-part-invoiceIssue')?.getAttribute('href')).toBe('/invoice/toMeApply/1?tab=20');
  expect(q('todo-part-packageReview')?.getAttribute('href')).toBe('/task/userPackage1/INIT');
  // A part with rows is in its tone; an empty one grey.
  expect(q('todo-part-tempReview')!.querySelector('.fp-tag')!.className).toContain('fp-tag--warning');
  const failing = q('channel-1')!;
  expect(failing.textContent).toContain('网银通道A');
  expect(failing.querySelector('.fp-tag')!.className).toContain('fp-tag--danger');
  expect(failing.textContent).toContain('¥15,000,000.00');
  expect(failing.querySelector('.fp-dash__fail')).not.toBeNull();

  // ECharts: the canvas renderer, an axis tooltip in money, 代发金额 and 服务费 over the days.
  expect(init).toHaveBeenCalledWith(q('dashboard-trend'), null, { renderer: 'canvas' });
  const option = chart.setOption.mock.calls[0][0];
  expect(option.tooltip.trigger).toBe('axis');
  expect(option.tooltip.valueFormatter(15000000)).toBe('¥15,000,000.00');
  expect(option.tooltip.valueFormatter(-15)).toBe('-¥15.00');
  expect(option.xAxis.data).toEqual(['11-25', '11-26']);
  expect(option.series.map((s: { name: string; data: number[] }) => [s.name, s.data])).toEqual([
    ['代发金额', [57500, 61556.28]],
    ['服务费', [3822.99, 3526.41]],
  ]);
  chart.resize.mockClear();
  await act(async () => window.dispatchEvent(new Event('resize')));
  expect(chart.resize).toHaveBeenCalled();
  await act(async () => root.unmount());
  expect(chart.dispose).toHaveBeenCalled();
  chart.resize.mockClear();
  window.dispatchEvent(new Event('resize'));
  expect(chart.resize).not.toHaveBeenCalled();
  root = createRoot(container);
});

test('SPR: a reader without review codes has no queue; the part it may not open is not a link', async () => {
  await render(
    { accountType: 'SPR', username: 'supplier01', isTopAdmin: 0, permCodes: [24010, 18630] },
    { todos: { total: 1, rechargeReview: 1 }, channelHealth: [], trend },
  );
  expect(q('todo-recharge-total')?.textContent).toBe('1笔');
  expect(q('todo-temp')).toBeNull();
  // 18630 reviews but cannot open 充值申请 (18610): the count shows without a link.
  expect(q('todo-part-rechargeReview')?.tagName).toBe('SPAN');
  expect(q('channel-health')?.textContent).toBe('今日暂无代发');
});

test('MER: its enterprises\' volume, its profit this month and its sub-merchants', async () => {
  await render(
    { accountType: 'MER', username: 'merchant01', isTopAdmin: 1, permCodes: [24010] },
    {
      todos: { total: 0 },
      monthPaidAmount: '351857.78',
      merchant: { profit: '7111.24', ownAmount: '300000.00', ownCount: 9, subs: [{ id: 3, name: '华东子商户', amount: '51857.78', count: 2 }] },
      trend,
    },
  );
  expect(q('merchant-volume')?.textContent).toContain('¥351,857.78');
  expect(q('merchant-own')?.textContent).toContain('9 笔');
  expect(q('merchant-profit')?.textContent).toContain('¥7,111.24');
  expect(q('merchant-subs')?.textContent).toContain('华东子商户');
  expect(q('merchant-subs')?.textContent).toContain('¥51,857.78');
  expect(q('dashboard-todos')).toBeNull();
  const option = chart.setOption.mock.calls.at(-1)[0];
  expect(option.series.map((s: { name: string }) => s.name)).toEqual(['代发金额']);
});
