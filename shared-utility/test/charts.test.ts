/** @jest-environment jsdom */
/**
 * mountChart: the one ECharts mount every chart uses (the dashboard's trend, the statistics' bars) —
 * canvas, the option as given, resized with the window, disposed by its cleanup, a message when
 * ECharts cannot be fetched.
 */
import { CHART_LOAD_FAILED, MONEY_AXIS, mountChart, yuanText } from '../src/ui';
import { fakeECharts } from './support/fake-echarts';

const { chart, init, system } = fakeECharts();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => jest.clearAllMocks());

// First: the loader keeps a fetched module, and forgets a failed fetch so that this one runs.
test('ECharts that cannot be fetched leaves the message in the element; the next mount fetches again', async () => {
  system.import.mockRejectedValueOnce(new Error('offline'));
  const target = document.createElement('div');
  mountChart(target, {});
  await settle();
  expect(target.textContent).toBe(CHART_LOAD_FAILED);
  expect(init).not.toHaveBeenCalled();

  const again = document.createElement('div');
  const cleanup = mountChart(again, { series: [] });
  await settle();
  expect(system.import).toHaveBeenCalledTimes(2);
  expect(init).toHaveBeenCalledWith(again, null, { renderer: 'canvas' });
  cleanup();
});

test('draws the option on canvas, follows the window, and its cleanup disposes and stops listening', async () => {
  const target = document.createElement('div');
  const option = { xAxis: { data: ['2026-09'] }, series: [{ type: 'bar', data: [1] }] };
  const cleanup = mountChart(target, option);
  await settle();
  expect(init).toHaveBeenCalledWith(target, null, { renderer: 'canvas' });
  expect(chart.setOption).toHaveBeenCalledWith(option);
  window.dispatchEvent(new Event('resize'));
  expect(chart.resize).toHaveBeenCalledTimes(1);
  cleanup();
  expect(chart.dispose).toHaveBeenCalledTimes(1);
  window.dispatchEvent(new Event('resize'));
  expect(chart.resize).toHaveBeenCalledTimes(1);
});

test('a cleanup before ECharts arrives: nothing is drawn, no message', async () => {
  const target = document.createElement('div');
  mountChart(target, {})();
  await settle();
  expect(init).not.toHaveBeenCalled();
  expect(target.textContent).toBe('');
});

test('ECharts is fetched in the first idle time, after what the page drew beside the chart (issue 24)', async () => {
  const idle: Array<() => void> = [];
  const win = window as unknown as { requestIdleCallback?: (run: () => void) => number };
  win.requestIdleCallback = (run) => idle.push(run);
  try {
    const target = document.createElement('div');
    const cleanup = mountChart(target, {});
    const dropped = mountChart(document.createElement('div'), {});
    dropped();
    await settle();
    expect(init).not.toHaveBeenCalled();
    expect(idle).toHaveLength(2);
    for (const run of idle) run();
    await settle();
    expect(init).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith(target, null, { renderer: 'canvas' });
    cleanup();
  } finally {
    delete win.requestIdleCallback;
  }
});

test('one money axis and one tooltip money for every chart: separators, whole yuan without .00, ¥ after the minus', () => {
  expect(MONEY_AXIS).toMatchObject({ type: 'value', name: '元' });
  expect(MONEY_AXIS.axisLabel.formatter(15000)).toBe('15,000');
  expect(MONEY_AXIS.axisLabel.formatter(-2500.5)).toBe('-2,500.50');
  expect(yuanText(1234567.5)).toBe('¥1,234,567.50');
  expect(yuanText(-15)).toBe('-¥15.00');
  expect(yuanText(null)).toBe('¥0.00');
});
