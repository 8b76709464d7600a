import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { formatMoney, OverlayFrame, request, type Entity, type Row } from '@flexpay/shared-utility';
import { custom, type CustomAction } from '@flexpay/shared-utility/kit';
import { BarChart } from '../charts/bar-chart';

interface MonthSums {
  months: Row[];
  total: Row;
}

/**
 * 按月图表: the screen's money sums per month (`customSumByRange`, oldest first) as bars and a table
 * with the total, over everything the caller may see (and the screen's fixed condition).
 */
function MonthStatsDialog({ entity, fields, cond, onClose }: { entity: Entity; fields: string[]; cond: Row; onClose: () => void }) {
  const [sums, setSums] = useState<MonthSums | null>(null);
  useEffect(() => {
    let alive = true;
    request<MonthSums>(`${entity.paths.query}/customSumByRange`, { cond }).then(
      (answer) => alive && setSums(answer ?? { months: [], total: {} }),
      () => alive && setSums({ months: [], total: {} }),
    );
    return () => {
      alive = false;
    };
  }, [entity, cond]);
  const label = (f: string) => entity.fields[f].label;
  const counted = 'lineCount' in entity.fields;
  const chart = useMemo(
    () => (sums ? { categories: sums.months.map((m) => String(m.month)), series: fields.map((f) => ({ name: label(f), data: sums.months.map((m) => Number(m[f] ?? 0)) })) } : null),
    [sums], // eslint-disable-line react-hooks/exhaustive-deps
  );

  let body;
  if (!sums || !chart) body = <Spinner />;
  else if (sums.months.length === 0) body = <NonIdealState icon="timeline-bar-chart" description="暂无统计数据" />;
  else
    body = (
      <>
        <BarChart categories={chart.categories} series={chart.series} />
        <HTMLTable compact striped className="fp-kit-trail" data-testid="month-stats-table">
          <thead>
            <tr>
              <th>月份</th>
              {counted && <th>计费笔数</th>}
              {fields.map((f) => (
                <th key={f}>{label(f)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...sums.months, { ...sums.total, month: '合计' }].map((m) => (
              <tr key={String(m.month)}>
                <td>{String(m.month)}</td>
                {counted && <td>{String(m.lineCount ?? 0)}</td>}
                {fields.map((f) => (
                  <td key={f}>{formatMoney(m[f])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </>
    );
  return (
    <OverlayFrame title={`${entity.title} · 按月图表`} onClose={onClose} dialogWidth={820} drawerSize={820} buttons={<Button text="关闭" onClick={onClose} />}>
      {body}
    </OverlayFrame>
  );
}

/** The toolbar action 按月图表 of a monthly statistics screen. */
export function monthChart(entity: Entity, fields: string[], cond: Row = {}): CustomAction {
  return custom({
    key: 'monthChart',
    label: '按月图表',
    scope: 'toolbar',
    codes: [entity.codes.query],
    render: ({ close }) => <MonthStatsDialog entity={entity} fields={fields} cond={cond} onClose={close} />,
  });
}
