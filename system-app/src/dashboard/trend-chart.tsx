import { useEffect, useRef } from 'react';
import { mountChart } from '@flexpay/shared-utility';
import { formatMoney } from './summary';

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
    if (!element.current) return undefined;
    return mountChart(element.current, {
      color: series.map((s) => s.color),
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      // ¥ as the kit writes money everywhere (a minus before the ¥), as the statistics' bars do.
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatMoney(Number(value).toFixed(2), { yuan: true }) ?? String(value) },
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
  }, [dates, series]);
  return <div ref={element} className="fp-dash__chart" data-testid={testId} role="img" aria-label={series.map((s) => s.name).join('、') + '趋势图'} />;
}
