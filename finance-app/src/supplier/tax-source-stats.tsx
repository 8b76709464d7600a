import { Button, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { formatMoney, OverlayFrame, request, type Row } from '@flexpay/shared-utility';
import { loadCharts } from './charts';

const STATS = {
  cust: { title: '人才统计', path: 'taxSource/query/custStats/list', value: 'custCount', valueLabel: '人才数' },
  ts: { title: '税源地统计', path: 'taxSource/query/tsStats/list', value: 'amount', valueLabel: '代发金额(元)' },
} as const;

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** 人才统计 / 税源地统计: one month per tax source, as a bar chart over a table (ECharts on demand). */
export function StatsDialog({ kind, onClose }: { kind: keyof typeof STATS; onClose: () => void }) {
  const stats = STATS[kind];
  const [month, setMonth] = useState(thisMonth);
  const [rows, setRows] = useState<Row[] | null>(null);
  const chart = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let alive = true;
    setRows(null);
    request<{ records: Row[] }>(stats.path, { cond: { month }, page: { limit: 100, pageNum: 1 } }).then(
      (answer) => alive && setRows(answer?.records ?? []),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
  }, [stats.path, month]);

  useEffect(() => {
    const element = chart.current;
    if (!element || !rows || rows.length === 0) return;
    let disposed = false;
    let dispose = () => {};
    void loadCharts().then((echarts) => {
      if (disposed) return;
      const instance = echarts.init(element);
      instance.setOption({
        grid: { left: 56, right: 16, top: 24, bottom: 48 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: rows.map((r) => String(r.taxSourceName ?? '')), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
        yAxis: { type: 'value' },
        series: [{ type: 'bar', name: stats.valueLabel, data: rows.map((r) => Number(r[stats.value] ?? 0)), barMaxWidth: 40 }],
      });
      dispose = () => instance.dispose();
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [rows, stats]);

  let body;
  if (!rows) body = <Spinner />;
  else if (rows.length === 0) body = <NonIdealState icon="timeline-bar-chart" description="该月暂无数据" />;
  else
    body = (
      <>
        <div ref={chart} className="fp-kit-chart" data-testid="stats-chart" />
        <HTMLTable compact striped className="fp-kit-trail">
          <thead>
            <tr>
              <th>税源地</th>
              <th>{stats.valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>{String(r.taxSourceName ?? '')}</td>
                <td>{kind === 'ts' ? formatMoney(r[stats.value]) : String(r[stats.value] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </>
    );
  return (
    <OverlayFrame title={stats.title} onClose={onClose} dialogWidth={720} drawerSize={720} buttons={<Button text="关闭" onClick={onClose} />}>
      <InputGroup type="month" aria-label="统计月份" value={month} onValueChange={(v) => v && setMonth(v)} className="fp-stats-month" />
      {body}
    </OverlayFrame>
  );
}
