import { useEffect, useRef } from 'react';
import { MONEY_AXIS, yuanText, mountChart } from '@flexpay/shared-utility';

export interface BarSeries {
  name: string;
  /** Yuan per category. */
  data: number[];
}

/**
 * A money bar chart (ECharts on demand, canvas) of one or more series over categories: an axis
 * tooltip in ¥ with separators, redrawn when the data change, resized with the window and its card,
 * disposed on unmount.
 */
export function BarChart({ categories, series, testId = 'stats-chart', height }: { categories: string[]; series: BarSeries[]; testId?: string; height?: number }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    return mountChart(element.current, {
      color: ['#26499d', '#67c23a', '#e6a23c', '#f56c6c', '#909399'],
      grid: { left: 16, right: 16, top: series.length > 1 ? 40 : 24, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: yuanText },
      legend: series.length > 1 ? { top: 0 } : undefined,
      xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: categories.length > 8 ? 30 : 0 } },
      yAxis: MONEY_AXIS,
      series: series.map((s) => ({ type: 'bar', name: s.name, data: s.data, barMaxWidth: 32 })),
    });
  }, [categories, series]);
  return <div ref={element} className="fp-kit-chart" style={height ? { height } : undefined} data-testid={testId} role="img" aria-label={`${series.map((s) => s.name).join('、')}柱状图`} />;
}
