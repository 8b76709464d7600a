import { type DashboardChannelHealth, formatFen, payOrder } from '@flexpay/shared-utility/src/pure';
import { type Kysely, sql } from 'kysely';
import { rowInScope } from '../../account/scope';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';
import { shanghaiDayStart, shanghaiMonthStart } from '../../util/time';

const DAY_MS = 24 * 3600_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** Days in the trend (today and the 29 before it). */
export const TREND_DAYS = 30;

/** Orders whose money did not move and will not (payOrder's totals parts marked excluded: 失败). */
export const FAILED_ORDER_STATUSES: number[] = (payOrder.totals?.parts ?? []).filter((part) => part.excluded).flatMap((part) => part.values.map(Number));

export interface TrendPoint {
  /** yyyy-MM-dd, Asia/Shanghai. */
  date: string;
  /** Orders created that day (every status). */
  count: number;
  /** Amount and fee of that day's orders that paid or are paying (failed ones left out). */
  amount: string;
  fee: string;
}

export async function ordersSince(db: Kysely<Database>, ctx: SignedInContext, since: number) {
  const row = await db
    .selectFrom('pay_order')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('pay_order.amountFen'), eb.lit(0)).as('fen')])
    .where(rowInScope(db, ctx.caller.scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }, ctx.caller.entShare))
    .where('pay_order.createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), amount: formatFen(Number(row.fen)) };
}

/** Money of orders that paid or are paying: a failed order's amount and fee are left out (issue 22 item 3). */
export function movingFen(column: 'amountFen' | 'feeFen') {
  return sql<number>`coalesce(sum(case when ${sql.ref('pay_order.status')} in (${sql.join(FAILED_ORDER_STATUSES)}) then 0 else ${sql.ref(`pay_order.${column}`)} end), 0)`;
}

/**
 * The caller's orders per Asia/Shanghai day from the earlier of 29 days ago and the 1st of the month:
 * one range scan of the createdAt index grouped by day (bounded to ≤ 31 days of orders), every day
 * present (zero when none). The day is (createdAt + 8 h) div 24 h, integer division on both databases.
 */
export async function ordersByDay(db: Kysely<Database>, ctx: SignedInContext): Promise<Array<TrendPoint & { start: number; amountFen: number; feeFen: number }>> {
  const today = shanghaiDayStart(ctx.now);
  const from = Math.min(today - (TREND_DAYS - 1) * DAY_MS, shanghaiMonthStart(ctx.now));
  const day = sql<number>`(${sql.ref('pay_order.createdAt')} + ${sql.lit(SHANGHAI_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('pay_order')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n'), movingFen('amountFen').as('amountFen'), movingFen('feeFen').as('feeFen')])
    .where(rowInScope(db, ctx.caller.scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }, ctx.caller.entShare))
    .where('pay_order.createdAt', '>=', from)
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((row) => [Number(row.day), row]));
  const points: Array<TrendPoint & { start: number; amountFen: number; feeFen: number }> = [];
  for (let start = from; start <= today; start += DAY_MS) {
    const row = byDay.get((start + SHANGHAI_OFFSET_MS) / DAY_MS);
    const amountFen = Number(row?.amountFen ?? 0);
    const feeFen = Number(row?.feeFen ?? 0);
    points.push({
      start,
      date: new Date(start + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10),
      count: Number(row?.n ?? 0),
      amount: formatFen(amountFen),
      fee: formatFen(feeFen),
      amountFen,
      feeFen,
    });
  }
  return points;
}

/** Today's orders per payment channel: their lines paid and failed (SYS and SPR). */
export async function channelHealth(db: Kysely<Database>, ctx: SignedInContext): Promise<DashboardChannelHealth[]> {
  const rows = await db
    .selectFrom('pay_order')
    .select((eb) => [
      'pay_order.payChannel as channel',
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('pay_order.successCount'), eb.lit(0)).as('successCount'),
      eb.fn.coalesce(eb.fn.sum<number>('pay_order.successFen'), eb.lit(0)).as('successFen'),
      eb.fn.coalesce(eb.fn.sum<number>('pay_order.failCount'), eb.lit(0)).as('failCount'),
      eb.fn.coalesce(eb.fn.sum<number>('pay_order.failFen'), eb.lit(0)).as('failFen'),
    ])
    .where(rowInScope(db, ctx.caller.scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }, ctx.caller.entShare))
    .where('pay_order.createdAt', '>=', shanghaiDayStart(ctx.now))
    .groupBy('pay_order.payChannel')
    .orderBy('pay_order.payChannel')
    .execute();
  return rows.map((row) => ({
    channel: Number(row.channel),
    orderCount: Number(row.n),
    successCount: Number(row.successCount),
    successAmount: formatFen(Number(row.successFen)),
    failCount: Number(row.failCount),
    failAmount: formatFen(Number(row.failFen)),
  }));
}
