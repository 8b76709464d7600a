import { type DashboardChannelHealth, formatFen, type OrderFigures, orderTrend, payOrder, TREND_DAYS } from '@flexpay/shared-utility/src/pure';
import { type Kysely, sql } from 'kysely';
import { rowInScope } from '../../account/scope';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';
import { DAY_MS, SHANGHAI_OFFSET_MS, shanghaiDayStart, shanghaiMonthStart } from '../../util/time';

/** Orders whose money did not move and will not (payOrder's totals parts marked excluded: 失败). */
export const FAILED_ORDER_STATUSES: number[] = (payOrder.totals?.parts ?? []).filter((part) => part.excluded).flatMap((part) => part.values.map(Number));

/** Money of orders that paid or are paying: a failed order's amount and fee are left out (issue 22 item 3). */
export function movingFen(column: 'amountFen' | 'feeFen') {
  return sql<number>`coalesce(sum(case when ${sql.ref('pay_order.status')} in (${sql.join(FAILED_ORDER_STATUSES)}) then 0 else ${sql.ref(`pay_order.${column}`)} end), 0)`;
}

/** A column's sum over the orders, 0 when there are none. */
const summed = (column: 'amountFen' | 'successCount' | 'successFen' | 'failCount' | 'failFen') => sql<number>`coalesce(sum(${sql.ref(`pay_order.${column}`)}), 0)`;

/** The caller's orders since a moment, in its scope (ties by enterprise and supplier). */
const ordersFrom = (db: Kysely<Database>, ctx: SignedInContext, since: number) =>
  db.selectFrom('pay_order').where(rowInScope(db, ctx.caller.scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }, ctx.caller.entShare)).where('pay_order.createdAt', '>=', since);

/**
 * The caller's orders per Asia/Shanghai day from the earlier of 29 days ago and the 1st of the month:
 * one range scan of the createdAt index grouped by day (bounded to ≤ 31 days of orders), read as today's
 * and this month's figures, the trend and this month's money by orderTrend. The day is (createdAt + 8 h)
 * div 24 h, integer division on both databases.
 */
export async function orderFigures(db: Kysely<Database>, ctx: SignedInContext): Promise<OrderFigures> {
  const today = shanghaiDayStart(ctx.now);
  const from = Math.min(today - (TREND_DAYS - 1) * DAY_MS, shanghaiMonthStart(ctx.now));
  const day = sql<number>`(${sql.ref('pay_order.createdAt')} + ${sql.lit(SHANGHAI_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  const rows = await ordersFrom(db, ctx, from)
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n'), summed('amountFen').as('allFen'), movingFen('amountFen').as('amountFen'), movingFen('feeFen').as('feeFen')])
    .groupBy(day)
    .execute();
  return orderTrend(rows, from, today, shanghaiMonthStart(ctx.now));
}

/** Today's orders per payment channel: their lines paid and failed (SYS and SPR). */
export async function channelHealth(db: Kysely<Database>, ctx: SignedInContext): Promise<DashboardChannelHealth[]> {
  const rows = await ordersFrom(db, ctx, shanghaiDayStart(ctx.now))
    .select((eb) => ['pay_order.payChannel as channel', eb.fn.countAll<number>().as('n'), summed('successCount').as('successCount'), summed('successFen').as('successFen'), summed('failCount').as('failCount'), summed('failFen').as('failFen')])
    .groupBy('pay_order.payChannel')
    .orderBy('pay_order.payChannel')
    .execute();
  const money = (fen: unknown) => formatFen(Number(fen));
  return rows.map((r) => ({ channel: Number(r.channel), orderCount: Number(r.n), successCount: Number(r.successCount), successAmount: money(r.successFen), failCount: Number(r.failCount), failAmount: money(r.failFen) }));
}
