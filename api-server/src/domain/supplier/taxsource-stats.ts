/**
 * 人才统计 and 税源地统计 per calendar month (Asia/Shanghai) and tax source: talents that joined the
 * suppliers of a tax source, and the payouts those suppliers made (orders finished 62/162).
 */
import { formatFen, monthRange, taxSource } from '@flexpay/shared-utility/src/pure';
import { type AliasedExpression, type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import type { AnyDb, AnyQuery } from '../../resource/entity-resource';

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

/** The statistics' conditions, or 1001 with the first malformed one's message. */
function condOf(body: Record<string, unknown>): StatsCond {
  const cond = (body.cond ?? {}) as Record<string, unknown>;
  const out: StatsCond = {};
  if (cond.taxSourceId !== undefined && cond.taxSourceId !== null && cond.taxSourceId !== '') {
    const id = Number(cond.taxSourceId);
    if (!Number.isInteger(id) || id <= 0) refuse(Code.VALIDATION, '税源地查询条件格式错误');
    out.taxSourceId = id;
  }
  if (cond.month !== undefined) {
    const range = monthRange(cond.month);
    if (!range) refuse(Code.VALIDATION, StatsMessages.month);
    out.month = range;
  }
  return out;
}

/** One statistic: its path after `taxSource/query/`, its rows by month column, the counts and sums, and the answer's numbers. */
interface StatsDef {
  path: string;
  at: string;
  rows: (db: AnyDb) => AnyQuery;
  measures: (eb: ExpressionBuilder<any, any>) => AliasedExpression<unknown, string>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  present: (r: Row) => Row;
}

const STATS: StatsDef[] = [
  {
    // A talent joins a supplier with its cooperation row (cust_coop_sup); it counts once per tax source and month.
    path: 'custStats/list',
    at: 'cs.createdAt',
    rows: (db) => db.selectFrom('cust_coop_sup as cs').innerJoin('cust', 'cust.id', 'cs.custId').innerJoin('mercht as s', 's.id', 'cs.supplierId'),
    measures: (eb) => [eb.fn.count<number>('cs.custId').distinct().as('custCount'), eb.fn.count<number>('cust.entId').distinct().as('entCount')],
    present: (r) => ({ ...r, custCount: Number(r.custCount), entCount: Number(r.entCount) }),
  },
  {
    path: 'tsStats/list',
    at: 'o.createdAt',
    rows: (db) => db.selectFrom('pay_order as o').innerJoin('mercht as s', 's.id', 'o.supplierId').where('o.status', 'in', [62, 162]),
    measures: (eb) => [eb.fn.countAll<number>().as('orderCount'), eb.fn.count<number>('o.entId').distinct().as('entCount'), eb.fn.sum<number>('o.amountFen').as('amountFen'), eb.fn.sum<number>('o.feeFen').as('feeFen')],
    present: ({ amountFen, feeFen, ...r }) => ({ ...r, orderCount: Number(r.orderCount), entCount: Number(r.entCount), amount: formatFen(Number(amountFen ?? 0)), fee: formatFen(Number(feeFen ?? 0)) }),
  },
];

export function taxSourceStatsRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  return STATS.map((stat) => ({
    path: `taxSource/query/${stat.path}`,
    perm: taxSource.codes.query,
    handler: async (ctx) => {
      const cond = condOf(ctx.body);
      const month = monthOf(deps.dialect, stat.at);
      let qb = stat
        .rows(db)
        .innerJoin('tax_source as ts', 'ts.id', 's.taxSourceId')
        .select((eb) => [month.as('month'), 'ts.id as taxSourceId', 'ts.name as taxSourceName', ...stat.measures(eb)]) as AnyQuery;
      if (cond.taxSourceId) qb = qb.where('ts.id', '=', cond.taxSourceId);
      if (cond.month?.[0]) qb = qb.where(month, '>=', cond.month[0]);
      if (cond.month?.[1]) qb = qb.where(month, '<=', cond.month[1]);
      const rows = (await qb.groupBy([month, 'ts.id', 'ts.name']).orderBy('month', 'desc').orderBy('ts.id').execute()) as Row[];
      const records = rows.map(stat.present);
      return { records, total: records.length };
    },
  }));
}
