import { CHANNEL_FIGURES, DAY_FIGURES, type DashboardChannelHealth, figuresOf, type OrderFigure, type OrderFigures, orderTrend, payOrder, TREND_DAYS } from '@flexpay/shared-utility/src/pure';
import { type Kysely, sql } from 'kysely';
import { rowInScope } from '../../account/scope';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';
import { DAY_MS, SHANGHAI_OFFSET_MS, shanghaiDayStart, shanghaiMonthStart } from '../../util/time';

/** Orders whose money did not move and will not (payOrder's totals parts marked excluded: 失败). */
const FAILED_ORDER_STATUSES: number[] = (payOrder.totals?.parts ?? []).filter((part) => part.excluded).flatMap((part) => part.values.map(Number));

/** Declared figures (pure OrderFigure) selected by their names: a column's sum or a count, 0 when there are none; `moving` leaves a failed order out. */
export function summed<F extends Record<string, OrderFigure>>(figures: F) {
  return Object.entries(figures).map(([name, { sum, moving }]) => {
    const value = sum ? sql.ref(`pay_order.${sum}`) : sql.lit(1);
    return sql<number>`coalesce(sum(${moving ? sql`case when ${sql.ref('pay_order.status')} in (${sql.join(FAILED_ORDER_STATUSES)}) then 0 else ${value} end` : value}), 0)`.as(name as keyof F & string);
  });
}

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
    .select([day.as('day'), ...summed(DAY_FIGURES)])
    .groupBy(day)
    .execute();
  return orderTrend(rows, from, today, shanghaiMonthStart(ctx.now));
}

/** Today's orders per payment channel: their lines paid and failed (SYS and SPR). */
export async function channelHealth(db: Kysely<Database>, ctx: SignedInContext): Promise<DashboardChannelHealth[]> {
  const rows = await ordersFrom(db, ctx, shanghaiDayStart(ctx.now)).select(['pay_order.payChannel as channel', ...summed(CHANNEL_FIGURES)]).groupBy('pay_order.payChannel').orderBy('pay_order.payChannel').execute();
  return rows.map((row) => ({ channel: Number(row.channel), ...figuresOf(CHANNEL_FIGURES, row) }));
}
