import { type DashboardMerchantMonth, figuresOf, formatFen, VOLUME_FIGURES } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';
import { shanghaiMonthStart } from '../../util/time';
import { summed } from './orders';

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
    .select(['pay_order.merchtId', ...summed(VOLUME_FIGURES)])
    .where('pay_order.createdAt', '>=', since)
    .where('pay_order.merchtId', 'in', [merchtId, ...subs.map((sub) => sub.id)])
    .groupBy('pay_order.merchtId')
    .execute();
  const of = (id: number) => figuresOf(VOLUME_FIGURES, volume.find((row) => Number(row.merchtId) === id));
  const own = of(merchtId);
  return { profit: formatFen(Number(profit.own ?? 0) + Number(profit.parent ?? 0)), ownAmount: own.amount, ownCount: own.count, subs: subs.map((sub) => ({ id: sub.id, name: sub.name, ...of(sub.id) })) };
}
