/**
 * Whether an enterprise may start a new payout order (issue 14): a disabled enterprise, or a disabled
 * merchant above it (its own or that merchant's parent), blocks new orders; enabling restores. The
 * order calls (temp/create, transOrder) ask `assertEntMayOrder` before writing anything.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Code, Messages } from '../../http/codes';
import { ApiError } from '../../http/envelope';

export const OrderGateMessages = {
  entDisabled: '企业已禁用，不能新建代发订单',
  merchantDisabled: '所属商户已禁用，不能新建代发订单',
} as const;

export interface OrderGateFacts {
  entStatus: number;
  merchtStatus: number;
  /** The status of the merchant's parent, null for a top merchant. */
  parentMerchtStatus: number | null;
}

/** The refusal of a new order, or null when the enterprise may order. */
export function newOrderRefusal(facts: OrderGateFacts): string | null {
  if (facts.entStatus !== 0) return OrderGateMessages.entDisabled;
  if (facts.merchtStatus !== 0 || (facts.parentMerchtStatus !== null && facts.parentMerchtStatus !== 0)) return OrderGateMessages.merchantDisabled;
  return null;
}

/** Loads the facts of one enterprise and refuses (1009) when it may not start an order; 1004 when unknown. */
export async function assertEntMayOrder(db: Kysely<Database>, entId: number): Promise<void> {
  const row = await db
    .selectFrom('ent')
    .innerJoin('mercht as m', 'm.id', 'ent.merchtId')
    .leftJoin('mercht as p', 'p.id', 'm.parentId')
    .select(['ent.status as entStatus', 'm.status as merchtStatus', 'p.status as parentMerchtStatus'])
    .where('ent.id', '=', entId)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.NOT_FOUND, Messages.notFound);
  const refusal = newOrderRefusal({ entStatus: row.entStatus, merchtStatus: row.merchtStatus, parentMerchtStatus: row.parentMerchtStatus ?? null });
  if (refusal) throw new ApiError(Code.CONFLICT, refusal);
}
