import { type DashboardMerchantMonth, formatFen } from '@flexpay/shared-utility/src/pure';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';
import { shanghaiMonthStart } from '../../util/time';
import { FAILED_ORDER_STATUSES, movingFen } from './orders';

/**
 * A merchant's month: its profit (as the enterprises' merchant and as a sub-merchant's parent, from the
 * fee log's charges and reversals since the 1st), the volume of its own enterprises and of each
 * sub-merchant's (orders that paid or are paying).
 */
export async function merchantMonth(db: Kysely<Database>, ctx: SignedInContext, merchtId: number): Promise<DashboardMerchantMonth> {
  const since = shanghaiMonthStart(ctx.now);
  const profit = await db
    .selectFrom('calc_fee_log')
    .select(
      sql<number>`coalesce(sum(case when ${sql.ref('calc_fee_log.merchtId')} = ${merchtId} then ${sql.ref('calc_fee_log.merchtProfitFen')} else 0 end), 0)
        + coalesce(sum(case when ${sql.ref('calc_fee_log.parentMerchtId')} = ${merchtId} then coalesce(${sql.ref('calc_fee_log.parentProfitFen')}, 0) else 0 end), 0)`.as('fen'),
    )
    .where('calc_fee_log.createdAt', '>=', since)
    .where((eb) => eb.or([eb('calc_fee_log.merchtId', '=', merchtId), eb('calc_fee_log.parentMerchtId', '=', merchtId)]))
    .executeTakeFirstOrThrow();
  const subs = await db.selectFrom('mercht').select(['mercht.id', 'mercht.name']).where('mercht.parentId', '=', merchtId).orderBy('mercht.id').execute();
  const volume = await db
    .selectFrom('pay_order')
    .select(['pay_order.merchtId', sql<number>`sum(case when ${sql.ref('pay_order.status')} in (${sql.join(FAILED_ORDER_STATUSES)}) then 0 else 1 end)`.as('n'), movingFen('amountFen').as('fen')])
    .where('pay_order.createdAt', '>=', since)
    .where('pay_order.merchtId', 'in', [merchtId, ...subs.map((sub) => sub.id)])
    .groupBy('pay_order.merchtId')
    .execute();
  const of = (id: number) => volume.find((row) => Number(row.merchtId) === id);
  return {
    profit: formatFen(Number(profit.fen)),
    ownAmount: formatFen(Number(of(merchtId)?.fen ?? 0)),
    ownCount: Number(of(merchtId)?.n ?? 0),
    subs: subs.map((sub) => ({ id: sub.id, name: sub.name, amount: formatFen(Number(of(sub.id)?.fen ?? 0)), count: Number(of(sub.id)?.n ?? 0) })),
  };
}
