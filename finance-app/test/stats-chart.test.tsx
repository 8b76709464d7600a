/**
 * Issue 22 item 11: 按月统计, 费用统计 and 综合统计 show their chart above the table by default — a
 * canvas ECharts bar chart over the list's filters, tooltip in ¥ with separators, resized with the
 * window, disposed on unmount, and an empty state when no month has rows.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { request } from '@flexpay/shared-utility';
import { fakeECharts } from '../../shared-utility/test/support/fake-echarts';
import * as entStats from '../src/ent/stats.screen';
import * as entFeeStats from '../src/ent/feeStats.screen';
import * as merchantFeeStats from '../src/merchant/feeStats.screen';
import * as myFeeStats from '../src/merchant/myFeeStats.screen';
import * as subFeeStats from '../src/merchant/subFeeStats.screen';

jest.mock('@flexpay/shared-utility/kit', () => ({
  ...jest.requireActual('../../shared-utility/src/kit/entity/define'),
  condOf: jest.requireActual('../../shared-utility/src/kit/entity/derive').condOf,
  parseListState: jest.requireActual('../../shared-utility/src/kit/entity/url-state').parseListState,
  // The declared table stands in as a marked element: what matters here is what sits above it.
  EntityScreenPage: ({ screen }: { screen: { entity: { name: string } } }) => <div data-testid={`screen-${screen.entity.name}`}><table /></div>,
}));
const { chart, init } = fakeECharts();
const mocked = { request: request as jest.Mock };

let container: HTMLDivElement;
let root: Root;

async function render(module: { default: unknown; route: string }, search = '') {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const Page = module.default as () => JSX.Element;
  await act(async () =>
    root.render(
      <MemoryRouter initialEntries={[`${module.route}${search}`]}>
        <Page />
      </MemoryRouter>,
    ),
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

beforeEach(() => {
  mocked.request.mockResolvedValue({
    months: [
      { month: '2026-09', recharge: '1234567.50', paid: '1000000.00', fee: '65000.00', refund: '0.00', amount: '1000000.00', entFee: '65000.00', income: '1.00', profit: '2.00' },
      { month: '2026-10', recharge: '2000000.00', paid: '1500000.00', fee: '97500.00', refund: '5000.00', amount: '1500000.00', entFee: '97500.00', income: '3.00', profit: '4.00' },
    ],
    total: { recharge: '3234567.50', paid: '2500000.00', fee: '162500.00', refund: '5000.00', amount: '2500000.00', entFee: '162500.00', income: '4.00', profit: '6.00' },
  });
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const MERCHANT_SERIES = [[1000000, 1500000], [1, 3], [2, 4]]; // 代发金额, 收入, 利润
test.each([
  ['综合统计', entStats, 'entMonthStats', [[1234567.5, 2000000], [1000000, 1500000], [65000, 97500], [0, 5000]]],
  ['按月统计', entFeeStats, 'entFeeStats', [[1000000, 1500000], [65000, 97500]]],
  ['商户费用统计', merchantFeeStats, 'merchtFeeStats', MERCHANT_SERIES],
  ['我的费用统计', myFeeStats, 'merchtFeeStats', MERCHANT_SERIES],
  ['下级费用统计', subFeeStats, 'merchtFeeStats', MERCHANT_SERIES],
])('%s: the chart sits above the table and draws its own months in ¥', async (_title, module, name, data) => {
  await render(module);
  // The chart received this screen's sums per month, oldest first, and shows them in ¥.
  const option = chart.setOption.mock.calls[0][0];
  expect(option.xAxis.data).toEqual(['2026-09', '2026-10']);
  expect(option.series.map((s: { data: number[] }) => s.data)).toEqual(data);
  expect(option.tooltip.valueFormatter(97500)).toBe('¥97,500.00');
  const card = container.querySelector('[data-testid="month-chart"]')!;
  const table = container.querySelector(`[data-testid="screen-${name}"]`)!;
  expect(card).not.toBeNull();
  expect(card.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(card.querySelector('[data-testid="stats-chart"]')).not.toBeNull();
  // No 按月图表 button any more: the chart is there by default.
  expect(container.textContent).not.toContain('按月图表');
});

test('canvas, ¥ tooltip with separators, totals, filters from the URL, resize with the window, disposed on unmount', async () => {
  await render(entStats, '?month=2026-10&entId=7');
  expect(mocked.request).toHaveBeenCalledWith('ent/query/stats/customSumByRange', { cond: { month: '2026-10', entId: 7 } }, { silent: true });
  expect(init).toHaveBeenCalledWith(expect.any(HTMLDivElement), null, { renderer: 'canvas' });
  const option = chart.setOption.mock.calls[0][0];
  expect(option.xAxis.data).toEqual(['2026-09', '2026-10']);
  expect(option.series.map((s: { name: string }) => s.name)).toEqual(['充值', '代发扣款', '服务费', '退款']);
  expect(option.series[0].data).toEqual([1234567.5, 2000000]);
  expect(option.tooltip.valueFormatter(1234567.5)).toBe('¥1,234,567.50');
  expect(option.tooltip.valueFormatter(-15)).toBe('-¥15.00');
  expect(container.querySelector('[data-testid="month-chart-totals"]')!.textContent).toContain('¥3,234,567.50');

  chart.resize.mockClear();
  await act(async () => window.dispatchEvent(new Event('resize')));
  expect(chart.resize).toHaveBeenCalled();
  await act(async () => root.unmount());
  expect(chart.dispose).toHaveBeenCalled();
  // A resize after unmount reaches no chart.
  chart.resize.mockClear();
  window.dispatchEvent(new Event('resize'));
  expect(chart.resize).not.toHaveBeenCalled();
  root = createRoot(container);
});

test('我的费用统计 asks for its own months; no rows shows an empty state, no chart', async () => {
  mocked.request.mockResolvedValue({ months: [], total: {} });
  await render(myFeeStats);
  expect(mocked.request).toHaveBeenCalledWith('mercht/query/feeStats/customSumByRange', { cond: { own: true } }, { silent: true });
  const card = container.querySelector('[data-testid="month-chart"]')!;
  expect(card.textContent).toContain('暂无统计数据');
  expect(card.querySelector('[data-testid="stats-chart"]')).toBeNull();
  expect(init).not.toHaveBeenCalled();
});
