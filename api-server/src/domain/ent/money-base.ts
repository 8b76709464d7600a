/**
 * What the money files share (DOMAIN.md §1, §3): the money scope and the supplier whose channels and
 * collection accounts apply to an enterprise.
 */
import { effectiveSupplierOf, type MoneySupplierFacts } from '@flexpay/shared-utility/src/pure/rules/server';
import { scoped } from '../../account/scope';
import { type AnyDb, T } from '../../resource/entity-resource';

/** Money rows (the `ownEnt` tie): entScope, except that an enterprise sees only its own money, not its sub-enterprises'. */
export const moneyScope = (db: AnyDb, column = `${T}.entId`) => scoped(db, { ownEnt: column });

/** The 300 supplier whose channels, limits and collection accounts apply (DOMAIN.md §1; rules/ent.ts effectiveSupplierOf). */
export async function effectiveSupplierId(db: AnyDb, entId: number): Promise<number | null> {
  const row = (await db
    .selectFrom('ent')
    .innerJoin('mercht as s', 's.id', 'ent.supplierId')
    .leftJoin('distributor_config as d', 'd.supplierId', 's.id')
    .select(['s.id', 's.merchtType', 's.parentId', 'd.upstreamId'])
    .where('ent.id', '=', entId)
    .executeTakeFirst()) as MoneySupplierFacts | undefined;
  return row ? effectiveSupplierOf(row) : null;
}

/** The collection account and status of the channel as the enterprise's supplier configured it (one per supplier × channel), or undefined. */
export async function supplierConfigOf(db: AnyDb, entId: number, channel: number) {
  const supplierId = await effectiveSupplierId(db, entId);
  return db.selectFrom('supplier_config').select(['status', 'payeeAcctName', 'payeeAcct', 'payeeBank']).where('supplierId', '=', supplierId ?? -1).where('channel', '=', channel).executeTakeFirst();
}
