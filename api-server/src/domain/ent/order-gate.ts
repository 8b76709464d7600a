/**
 * Whether an enterprise may start a new payout order (issue 14; the rule is shared-utility
 * rules/ent.ts newOrderRefusal). The order calls (temp/create, transOrder) ask `assertEntMayOrder`
 * before writing anything.
 */
import { newOrderRefusal } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';

/** Loads the facts of one enterprise and refuses (1009) when it may not start an order; 1004 when unknown. */
export async function assertEntMayOrder(db: Kysely<Database>, entId: number): Promise<void> {
  const row = await db
    .selectFrom('ent')
    .innerJoin('mercht as m', 'm.id', 'ent.merchtId')
    .leftJoin('mercht as p', 'p.id', 'm.parentId')
    .select(['ent.status as entStatus', 'm.status as merchtStatus', 'p.status as parentMerchtStatus'])
    .where('ent.id', '=', entId)
    .executeTakeFirst();
  if (!row) return refuse(Code.NOT_FOUND, Messages.notFound);
  const refusal = newOrderRefusal(row);
  if (refusal) refuse(Code.CONFLICT, refusal);
}
