import { useEffect, useRef } from 'react';
import { MONEY_AXIS, yuanText, mountChart } from '@flexpay/shared-utility';

export interface TrendSeries {
  name: string;
  /** Yuan per category. */
  data: number[];
  kind: 'bar' | 'line';
  color: string;
}

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
      tooltip: { trigger: 'axis', valueFormatter: yuanText },
      legend: { top: 0, left: 'center' },
      xAxis: { type: 'category', data: dates, axisTick: { alignWithLabel: true } },
      // One money axis: a second one for the fees lost the axis tooltip in Chromium (e2e).
      yAxis: MONEY_AXIS,
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
