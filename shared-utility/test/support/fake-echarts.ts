/**
 * A stand-in for the import-map module 'echarts' for the charts' unit tests (shared-utility, finance-app,
 * system-app): before each test `window.System.import('echarts')` resolves to `{ init }`, and `init`
 * hands back one chart whose methods are jest.fn()s — the option a screen draws is
 * `chart.setOption.mock.calls[n][0]`.
 */
export function fakeECharts() {
  const chart = { setOption: jest.fn(), resize: jest.fn(), dispose: jest.fn() };
  const init = jest.fn(() => chart);
  const system = { import: jest.fn(async () => ({ init })) };
  beforeEach(() => {
    (window as unknown as { System: unknown }).System = system;
  });
  return { chart, init, system };
}
