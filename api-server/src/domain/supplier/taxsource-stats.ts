/**
 * 人才统计 and 税源地统计 per calendar month (Asia/Shanghai) and tax source: talents that joined the
 * suppliers of a tax source, and the payouts those suppliers made (orders finished 62/162).
 */
import { formatFen, taxSource } from '@flexpay/shared-utility/src/pure';
import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { AnyQuery } from '../../resource/entity-resource';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const StatsMessages = { month: '月份格式应为yyyy-MM' } as const;

/** yyyy-MM of an epoch-ms column in Asia/Shanghai, in each dialect's words. */
export function monthOf(dialect: DialectName, column: string): RawBuilder<string> {
  const shifted = sql`(${sql.ref(column)} + 28800000)`;
  return dialect === 'postgres'
    ? sql<string>`to_char(to_timestamp(${shifted} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${shifted} / 1000, 'unixepoch')`;
}

interface StatsCond {
  taxSourceId?: number;
  month?: [string?, string?];
}

function condOf(body: Record<string, unknown>): StatsCond | string {
  const cond = (body.cond ?? {}) as Record<string, unknown>;
  const out: StatsCond = {};
  if (cond.taxSourceId !== undefined && cond.taxSourceId !== null && cond.taxSourceId !== '') {
    const id = Number(cond.taxSourceId);
    if (!Number.isInteger(id) || id <= 0) return '税源地查询条件格式错误';
    out.taxSourceId = id;
  }
  if (cond.month !== undefined) {
    const [from, to] = Array.isArray(cond.month) ? (cond.month as unknown[]) : [];
    for (const m of [from, to]) if (m !== undefined && m !== null && m !== '' && !(typeof m === 'string' && MONTH.test(m))) return StatsMessages.month;
    out.month = [from ? String(from) : undefined, to ? String(to) : undefined];
  }
  return out;
}

export function taxSourceStatsRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const code = taxSource.codes.query;
  const check = (body: Record<string, unknown>) => {
    const cond = condOf(body);
    return typeof cond === 'string' ? cond : null;
  };
  const inWindow = (q: AnyQuery, month: RawBuilder<string>, cond: StatsCond): AnyQuery => {
    let out = cond.taxSourceId ? q.where('ts.id', '=', cond.taxSourceId) : q;
    if (cond.month?.[0]) out = out.where(month, '>=', cond.month[0]);
    if (cond.month?.[1]) out = out.where(month, '<=', cond.month[1]);
    return out;
  };
  return [
    {
      path: 'taxSource/query/custStats/list',
      perm: code,
      check,
      handler: async (ctx) => {
        const cond = condOf(ctx.body) as StatsCond;
        // A talent joins a supplier with its cooperation row (cust_coop_sup); it counts once per tax source and month.
        const month = monthOf(deps.dialect, 'cs.createdAt');
        const rows: Array<Record<string, unknown>> = await inWindow(
          db
            .selectFrom('cust_coop_sup as cs')
            .innerJoin('cust', 'cust.id', 'cs.custId')
            .innerJoin('mercht as s', 's.id', 'cs.supplierId')
            .innerJoin('tax_source as ts', 'ts.id', 's.taxSourceId')
            .select((eb) => [month.as('month'), 'ts.id as taxSourceId', 'ts.name as taxSourceName', eb.fn.count<number>('cs.custId').distinct().as('custCount'), eb.fn.count<number>('cust.entId').distinct().as('entCount')]) as AnyQuery,
          month,
          cond,
        )
          .groupBy([month, 'ts.id', 'ts.name'])
          .orderBy('month', 'desc')
          .orderBy('ts.id')
          .execute();
        const records = rows.map((r) => ({ ...r, custCount: Number(r.custCount), entCount: Number(r.entCount) }));
        return { records, total: records.length };
      },
    },
    {
      path: 'taxSource/query/tsStats/list',
      perm: code,
      check,
      handler: async (ctx) => {
        const cond = condOf(ctx.body) as StatsCond;
        const month = monthOf(deps.dialect, 'o.createdAt');
        const rows: Array<Record<string, unknown>> = await inWindow(
          db
            .selectFrom('pay_order as o')
            .innerJoin('mercht as s', 's.id', 'o.supplierId')
            .innerJoin('tax_source as ts', 'ts.id', 's.taxSourceId')
            .where('o.status', 'in', [62, 162])
            .select((eb) => [
              month.as('month'),
              'ts.id as taxSourceId',
              'ts.name as taxSourceName',
              eb.fn.countAll<number>().as('orderCount'),
              eb.fn.count<number>('o.entId').distinct().as('entCount'),
              eb.fn.sum<number>('o.amountFen').as('amountFen'),
              eb.fn.sum<number>('o.feeFen').as('feeFen'),
            ]) as AnyQuery,
          month,
          cond,
        )
          .groupBy([month, 'ts.id', 'ts.name'])
          .orderBy('month', 'desc')
          .orderBy('ts.id')
          .execute();
        const records = rows.map(({ amountFen, feeFen, ...r }) => ({
          ...r,
          orderCount: Number(r.orderCount),
          entCount: Number(r.entCount),
          amount: formatFen(Number(amountFen ?? 0)),
          fee: formatFen(Number(feeFen ?? 0)),
        }));
        return { records, total: records.length };
      },
    },
  ];
}
