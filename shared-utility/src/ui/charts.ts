/**
 * ECharts is the import-map module 'echarts' (root-config/shared-deps: canvas renderer, line and bar
 * charts, tooltip, legend), fetched the first time a chart is drawn so no app bundle — and not the
 * login page — carries it. One loader for every app's charts.
 */
import { formatMoney } from '../kit/format';

export interface ChartInstance {
  setOption: (option: object) => void;
  resize: () => void;
  dispose: () => void;
}
export interface Charts {
  init: (element: HTMLElement, theme?: string | null, options?: { renderer?: 'canvas' | 'svg' }) => ChartInstance;
}

let loading: Promise<Charts> | null = null;

export function loadCharts(): Promise<Charts> {
  const system = (window as unknown as { System?: { import: (name: string) => Promise<Partial<Charts> & { default?: Charts }> } }).System;
  if (!system) return Promise.reject(new Error('SystemJS is not available'));
  loading ??= system.import('echarts').then(
    (mod) => (mod.init ? (mod as Charts) : (mod.default as Charts)),
    (error: unknown) => {
      loading = null; // a later visit may retry after a network failure
      throw error;
    },
  );
  return loading;
}

/**
 * Issue 24: a chart is drawn once the page is idle — after the figures beside it (the dashboard's) have
 * been drawn — so fetching and running ECharts (178 KB gzip) never holds them back; at once where the
 * browser has no idle callback (and in jsdom tests).
 */
function whenIdle(run: () => void): void {
  const idle = (window as unknown as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number }).requestIdleCallback;
  if (typeof idle === 'function') idle(run, { timeout: 1000 });
  else run();
}

/** A money value axis in 元 for every chart: separators, whole yuan without `.00` (`15,000`, `-2,500.50`). */
export const MONEY_AXIS = { type: 'value', name: '元', axisLabel: { formatter: (value: number) => formatMoney(value.toFixed(2)).replace(/\.00$/, '') } };

/** Money as a chart's tooltip and its totals write it, as the kit does elsewhere: ¥, separators, two places, a minus before the ¥. */
export const yuanText = (value: unknown): string => formatMoney(Number(value ?? 0).toFixed(2), { yuan: true });

/** What a chart's card says when ECharts cannot be fetched. */
export const CHART_LOAD_FAILED = '图表加载失败，请刷新页面重试';

/**
 * Draws `option` into `target` once ECharts is loaded (canvas renderer), follows the window's size and
 * the element's own (e.g. when the sidebar folds), and puts {@link CHART_LOAD_FAILED} in the element
 * when ECharts cannot be fetched. Returns the cleanup — stop listening, dispose the chart — which is
 * safe to call before the chart is drawn (it is then never drawn): a React effect returns it as is.
 */
export function mountChart(target: HTMLElement, option: object): () => void {
  let disposed = false;
  let cleanup = () => {};
  whenIdle(() => {
    if (disposed) return;
    loadCharts().then(
      (echarts) => {
        if (disposed) return;
        const chart = echarts.init(target, null, { renderer: 'canvas' });
        chart.setOption(option);
        const resize = () => chart.resize();
        window.addEventListener('resize', resize);
        const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
        observer?.observe(target);
        cleanup = () => {
          window.removeEventListener('resize', resize);
          observer?.disconnect();
          chart.dispose();
        };
      },
      () => {
        if (!disposed) target.textContent = CHART_LOAD_FAILED;
      },
    );
  });
  return () => {
    disposed = true;
    cleanup();
  };
}
