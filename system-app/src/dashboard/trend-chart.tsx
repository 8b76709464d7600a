import { useEffect, useRef } from 'react';
import { formatMoney } from './summary';

/**
 * ECharts is the import-map module 'echarts' (root-config/shared-deps: canvas renderer, line and bar
 * charts, tooltip, legend), fetched the first time a chart is drawn so system-app's bundle — and the
 * login page — do not carry it. Same loader as finance-app's charts (kept per app: the kit is not ours).
 */
interface ChartInstance {
  setOption: (option: object) => void;
  resize: () => void;
  dispose: () => void;
}
interface Charts {
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

export interface TrendSeries {
  name: string;
  /** Yuan per category. */
  data: number[];
  kind: 'bar' | 'line';
  color: string;
}

const money = (value: number) => formatMoney(value.toFixed(2)) ?? String(value);

/**
 * A money trend over days: canvas, an axis tooltip with every series in money, and it follows the
 * window's size (and its card's, e.g. when the sidebar folds).
 */
export function TrendChart({ dates, series, testId }: { dates: string[]; series: TrendSeries[]; testId: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    let disposed = false;
    let cleanup = () => {};
    loadCharts().then(
      (echarts) => {
        if (disposed) return;
        const chart = echarts.init(target, null, { renderer: 'canvas' });
        chart.setOption({
          color: series.map((s) => s.color),
          grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
          tooltip: {
            trigger: 'axis',
            valueFormatter: (value: number) => `¥${money(Number(value))}`,
          },
          legend: { top: 0, left: 'center' },
          xAxis: { type: 'category', data: dates, axisTick: { alignWithLabel: true } },
          // One money axis: a second one for the fees lost the axis tooltip in Chromium (e2e).
          yAxis: { type: 'value', name: '元', axisLabel: { formatter: (v: number) => money(v).replace(/\.00$/, '') } },
          series: series.map((s) => ({
            type: s.kind,
            name: s.name,
            data: s.data,
            barMaxWidth: 18,
            smooth: s.kind === 'line',
            symbol: 'circle',
            symbolSize: 5,
          })),
        });
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
        if (!disposed) target.textContent = '图表加载失败，请刷新页面重试';
      },
    );
    return () => {
      disposed = true;
      cleanup();
    };
  }, [dates, series]);
  return <div ref={element} className="fp-dash__chart" data-testid={testId} role="img" aria-label={series.map((s) => s.name).join('、') + '趋势图'} />;
}
