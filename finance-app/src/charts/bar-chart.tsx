import { useEffect, useRef } from 'react';
import { loadCharts } from '@flexpay/shared-utility';

export interface BarSeries {
  name: string;
  data: number[];
}

/** A bar chart (ECharts on demand) of one or more series over categories; redrawn when they change. */
export function BarChart({ categories, series, testId = 'stats-chart' }: { categories: string[]; series: BarSeries[]; testId?: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let disposed = false;
    let dispose = () => {};
    void loadCharts().then((echarts) => {
      if (disposed) return;
      const instance = echarts.init(target);
      instance.setOption({
        grid: { left: 64, right: 16, top: series.length > 1 ? 36 : 24, bottom: 48 },
        tooltip: { trigger: 'axis' },
        legend: series.length > 1 ? { top: 0 } : undefined,
        xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: categories.length > 6 ? 30 : 0 } },
        yAxis: { type: 'value' },
        series: series.map((s) => ({ type: 'bar', name: s.name, data: s.data, barMaxWidth: 40 })),
      });
      dispose = () => instance.dispose();
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [categories, series]);
  return <div ref={element} className="fp-kit-chart" data-testid={testId} />;
}
