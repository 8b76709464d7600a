import { type DashboardMerchantMonth, formatFen } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
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
    .select((eb) => [eb.fn.sum<number>('merchtProfitFen').filterWhere('merchtId', '=', merchtId).as('own'), eb.fn.sum<number>('parentProfitFen').filterWhere('parentMerchtId', '=', merchtId).as('parent')])
    .where('createdAt', '>=', since)
    .where((eb) => eb.or([eb('merchtId', '=', merchtId), eb('parentMerchtId', '=', merchtId)]))
    .executeTakeFirstOrThrow();
  const subs = await db.selectFrom('mercht').select(['id', 'name']).where('parentId', '=', merchtId).orderBy('id').execute();
  const volume = await db
    .selectFrom('pay_order')
    .select((eb) => ['pay_order.merchtId', eb.fn.countAll<number>().filterWhere('pay_order.status', 'not in', FAILED_ORDER_STATUSES).as('n'), movingFen('amountFen').as('fen')])
    .where('pay_order.createdAt', '>=', since)
    .where('pay_order.merchtId', 'in', [merchtId, ...subs.map((sub) => sub.id)])
    .groupBy('pay_order.merchtId')
    .execute();
  const byId = new Map(volume.map((row) => [Number(row.merchtId), row]));
  const of = (id: number) => ({ amount: formatFen(Number(byId.get(id)?.fen ?? 0)), count: Number(byId.get(id)?.n ?? 0) });
  return {
    profit: formatFen(Number(profit.own ?? 0) + Number(profit.parent ?? 0)),
    ownAmount: of(merchtId).amount,
    ownCount: of(merchtId).count,
    subs: subs.map((sub) => ({ id: sub.id, name: sub.name, ...of(sub.id) })),
  };
}
