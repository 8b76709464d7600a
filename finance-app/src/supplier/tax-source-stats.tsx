import { Button, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { formatMoney, OverlayFrame, request, type Row } from '@flexpay/shared-utility';
import { BarChart } from '../charts/bar-chart';

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

  useEffect(() => {
    let alive = true;
    setRows(null);
    request<{ records: Row[] }>(stats.path, { cond: { month }, page: { limit: 100, pageNum: 1 }, orderBy: [{ field: 'taxSourceId', dir: 'asc' }] }).then(
      (answer) => alive && setRows(answer?.records ?? []),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
  }, [stats.path, month]);

  const chart = useMemo(
    () => (rows ? { categories: rows.map((r) => String(r.taxSourceName ?? '')), series: [{ name: stats.valueLabel, data: rows.map((r) => Number(r[stats.value] ?? 0)) }] } : null),
    [rows, stats],
  );

  let body;
  if (!rows) body = <Spinner />;
  else if (rows.length === 0) body = <NonIdealState icon="timeline-bar-chart" description="该月暂无数据" />;
  else
    body = (
      <>
        <BarChart categories={chart!.categories} series={chart!.series} />
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
