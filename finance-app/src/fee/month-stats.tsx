import { Card, H5, Icon, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { request, yuanText, type Entity, type Row } from '@flexpay/shared-utility';
import { condOf, EntityScreenPage, parseListState, type EntityScreen } from '@flexpay/shared-utility/kit';
import { BarChart } from '../charts/bar-chart';
import './month-stats.css';

interface MonthSums {
  months: Row[];
  total: Row;
}

/** The list's filters as its cond, read from the URL the kit keeps them in (the chart follows 查询). */
function useListCond(screen: EntityScreen): Row {
  const { search } = useLocation();
  const { entity } = screen;
  return useMemo(() => {
    const ranges = (screen.search ?? []).filter((n) => entity.fields[n].search === 'range') as string[];
    const { filters } = parseListState(search, ranges);
    const known = Object.fromEntries(Object.entries(filters).filter(([k]) => k in entity.fields));
    return { ...condOf(entity, known), ...screen.cond };
  }, [search, screen, entity]);
}

/**
 * 按月趋势 above a monthly statistics table (issue 22 item 11): the screen's money sums per month
 * (`customSumByRange`, oldest first, over the list's filters) as bars, the totals beside the title,
 * an empty state when no month has rows.
 */
export function MonthChartCard({ entity, fields, cond }: { entity: Entity; fields: string[]; cond: Row }) {
  const [sums, setSums] = useState<MonthSums | null>(null);
  const condKey = JSON.stringify(cond);
  useEffect(() => {
    let alive = true;
    setSums(null);
    request<MonthSums>(`${entity.paths.query}/customSumByRange`, { cond: JSON.parse(condKey) as Row }, { silent: true }).then(
      (answer) => alive && setSums(answer ?? { months: [], total: {} }),
      () => alive && setSums({ months: [], total: {} }),
    );
    return () => {
      alive = false;
    };
  }, [entity, condKey]);
  const label = (f: string) => entity.fields[f].label.replace(/\(元\)$/, '');
  const chart = useMemo(
    () => (sums ? { categories: sums.months.map((m) => String(m.month)), series: fields.map((f) => ({ name: label(f), data: sums.months.map((m) => Number(m[f] ?? 0)) })) } : null),
    [sums], // eslint-disable-line react-hooks/exhaustive-deps
  );

  let body;
  if (!sums || !chart) body = <Spinner size={24} className="fp-month-chart__wait" />;
  else if (sums.months.length === 0)
    body = (
      <div className="fp-month-chart__empty" data-testid="month-chart-empty">
        <Icon icon="timeline-bar-chart" size={20} />
        <span>暂无统计数据：当前筛选条件下没有按月数据</span>
      </div>
    );
  else body = <BarChart categories={chart.categories} series={chart.series} height={230} />;
  return (
    <Card className="fp-month-chart" data-testid="month-chart">
      <div className="fp-month-chart__head">
        <H5 className="fp-month-chart__title">按月趋势</H5>
        {sums && sums.months.length > 0 ? (
          <span className="fp-month-chart__totals" data-testid="month-chart-totals">
            {fields.map((f) => (
              <span key={f}>
                {label(f)}合计 <b>{yuanText(sums.total[f])}</b>
              </span>
            ))}
          </span>
        ) : null}
      </div>
      {body}
    </Card>
  );
}

/**
 * A monthly statistics page: the chart above the declared table by default (it used to wait behind a
 * 按月图表 button), both over the same filters.
 */
export function statsPage(screen: EntityScreen, route: string, fields: string[]): ComponentType {
  function StatsPage() {
    const cond = useListCond(screen);
    return (
      <div className="fp-stats-page">
        <MonthChartCard entity={screen.entity} fields={fields} cond={cond} />
        <EntityScreenPage screen={screen} route={route} />
      </div>
    );
  }
  StatsPage.displayName = `StatsPage(${screen.entity.name})`;
  return StatsPage;
}
