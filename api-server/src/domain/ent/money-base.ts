/**
 * What the money files share (DOMAIN.md §1, §3): the money scope, the supplier whose channels and
 * collection accounts apply to an enterprise, and an enterprise × channel account.
 */
import { scoped } from '../../account/scope';
import type { Row } from '../../resource/codec';
import { type AnyDb, T } from '../../resource/entity-resource';

/** Money rows (the `ownEnt` tie): entScope, except that an enterprise sees only its own money, not its sub-enterprises'. */
export const moneyScope = (db: AnyDb, column = `${T}.entId`) => scoped(db, { ownEnt: column });

/** The 300 supplier whose channels, limits and collection accounts apply (DOMAIN.md §1). */
export async function effectiveSupplierId(db: AnyDb, entId: number): Promise<number | null> {
  const row = (await db
    .selectFrom('ent')
    .innerJoin('mercht as s', 's.id', 'ent.supplierId')
    .leftJoin('distributor_config as d', 'd.supplierId', 's.id')
    .select(['s.id', 's.merchtType', 's.parentId', 'd.upstreamId'])
    .where('ent.id', '=', entId)
    .executeTakeFirst()) as Row | undefined;
  if (!row) return null;
  if (row.merchtType === 200) return row.parentId as number | null;
  if (row.merchtType === 100) return (row.upstreamId as number | null) ?? null;
  return row.id as number;
}

export async function openAccountOf(trx: AnyDb, entId: unknown, channel: unknown): Promise<Row | undefined> {
  return (await trx.selectFrom('ent_account').selectAll().where('entId', '=', entId).where('channel', '=', channel).executeTakeFirst()) as Row | undefined;
}
