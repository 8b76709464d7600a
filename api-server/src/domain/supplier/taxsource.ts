/**
 * /supplier/taxsource 税源地 (SYS): tax sources, and 人才统计 and 税源地统计 per calendar month (Asia/Shanghai)
 * and tax source — talents that joined the suppliers of a tax source, and the payouts those suppliers made
 * (orders finished 62/162). Each statistics list is a read model (shared-utility entities/read-models.ts)
 * listed by the kit over its grouped rows.
 */
import { taxSource } from '@flexpay/shared-utility/src/pure';
import { taxSourceCustStats, taxSourceOrderStats } from '@flexpay/shared-utility/src/pure/entities/read-models';
import { type AliasedExpression, type ExpressionBuilder, type Expression, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { type AnyDb, type AnyQuery, defineResource, T } from '../../resource/entity-resource';
import { everyone } from '../org-scope';

/** yyyy-MM of an epoch-ms column in Asia/Shanghai, in each dialect's words. */
function monthOf(dialect: DialectName, column: string): RawBuilder<string> {
  const shifted = sql`(${sql.ref(column)} + 28800000)`;
  return dialect === 'postgres'
    ? sql<string>`to_char(to_timestamp(${shifted} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${shifted} / 1000, 'unixepoch')`;
}

type Measures = (eb: ExpressionBuilder<any, any>) => AliasedExpression<unknown, string>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
const counted = (count: Expression<unknown>, as: string) => sql<number>`CAST(${count} AS INTEGER)`.as(as);

/** The rows (with the supplier as `s`) grouped by their month and the supplier's tax source, as the kit's `t`. */
const byMonth = (dialect: DialectName, at: string, rows: (db: AnyDb) => AnyQuery, measures: Measures) => (db: AnyDb) => {
  const month = monthOf(dialect, at);
  const grouped = rows(db).where('s.taxSourceId', 'is not', null).select((eb) => [month.as('month'), 's.taxSourceId as taxSourceId', ...measures(eb)]).groupBy([month, 's.taxSourceId']);
  return db.selectFrom(grouped.as(T)) as AnyQuery;
};

export function taxSourceRoutes(deps: AppDeps): RouteSpec[] {
  const sources = defineResource(deps, taxSource, { scope: everyone, writers: ['SYS'], export: true, duplicate: '税源地编码已存在' });
  const stats = { scope: everyone, simple: false as const, get: false as const };
  // A talent joins a supplier with its cooperation row (cust_coop_sup); it counts once per tax source and month.
  const talents = (db: AnyDb) => db.selectFrom('cust_coop_sup as cs').innerJoin('cust', 'cust.id', 'cs.custId').innerJoin('mercht as s', 's.id', 'cs.supplierId') as AnyQuery;
  const custs = defineResource(deps, taxSourceCustStats, {
    ...stats,
    from: byMonth(deps.dialect, 'cs.createdAt', talents, (eb) => [counted(eb.fn.count('cs.custId').distinct(), 'custCount'), counted(eb.fn.count('cust.entId').distinct(), 'entCount')]),
  });
  const orders = (db: AnyDb) => db.selectFrom('pay_order as o').innerJoin('mercht as s', 's.id', 'o.supplierId').where('o.status', 'in', [62, 162]) as AnyQuery;
  const payouts = defineResource(deps, taxSourceOrderStats, {
    ...stats,
    from: byMonth(deps.dialect, 'o.createdAt', orders, (eb) => [
      counted(eb.fn.countAll(), 'orderCount'),
      counted(eb.fn.count('o.entId').distinct(), 'entCount'),
      eb.fn.sum('o.amountFen').as('amountFen'),
      eb.fn.sum('o.feeFen').as('feeFen'),
    ]),
  });
  return [...sources.routes, ...custs.routes, ...payouts.routes];
}
