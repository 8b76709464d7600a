/**
 * The domain's scopes by name, each a tie of account/scope.ts (issue 23 "Scope declared": which rows
 * each account type sees is declared there once), and the supplier-owned options shared by areas.
 */
import { AdminType, codeOf } from '@flexpay/shared-utility/src/pure';
import { scoped } from '../account/scope';
import type { Caller } from '../http/guard';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import type { Row } from '../resource/codec';
import { type AnyDb, type AnyQuery, T, type WriteContext } from '../resource/entity-resource';

/** Spec §6: organisation lookups are login only (the scope still applies). */
export const SIMPLE = codeOf('ACT_SIMPLE_LIST');

/** Rows tied to an enterprise (account/scope.ts `ent`): SYS all; SPR its enterprises; MER its own and its sub-merchants'; ENT itself and its subs. */
export const entScope = (db: AnyDb, column = `${T}.id`) => scoped(db, { ent: column });

/** The enterprise `entId` (its id and merchant) when the caller's organisation sees it (a parent its subs), else 3002. */
export async function visibleEnt(db: AnyDb, caller: Caller, entId: unknown): Promise<Row> {
  const row = (await entScope(db, 'e.id')(caller, db.selectFrom('ent as e').select(['e.id', 'e.merchtId']).where('e.id', '=', Number(entId))).executeTakeFirst()) as Row | undefined;
  return row ?? refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
}

/** Rows tied to a merchant (`merchant`): SYS all; SPR its merchants; MER itself and its subs; ENT its own merchant. */
export const merchantScope = (db: AnyDb, column = `${T}.id`) => scoped(db, { merchant: column });

/** Rows tied to a supplier (`supplier`): SPR itself and its virtual (200) suppliers; MER and ENT their supplier. */
export const bySupplier = (db: AnyDb, column: string) => scoped(db, { supplier: column });

/** SPR writes the records of its own supplier only (not those of the virtual ones under it). */
export const ownSupplier = (column: string) => (caller: Caller, row: Record<string, unknown>) =>
  caller.user.adminType === AdminType.SYS || (caller.user.adminType === AdminType.SPR && row[column] === caller.user.orgId);

/** Tables every signed-in caller holding the query code reads in full (channels, platforms). */
export const everyone = (_caller: Caller, qb: AnyQuery) => qb;

/** A supplier adds records for itself only; the platform for any supplier. */
export async function ownSupplierOnCreate(ctx: WriteContext, next: Row, before: Row | null): Promise<void> {
  if (!before && ctx.caller.user.adminType !== AdminType.SYS && next.supplierId !== ctx.caller.user.orgId)
    refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
}

/**
 * Options of a resource a supplier keeps for itself (invoice items, task categories): read in the
 * supplier's scope, written by SPR on its own rows; a new row is the caller's unless it names another
 * supplier, which the `check` refuses (3002) before the references are checked.
 */
export function supplierOwned(db: AnyDb) {
  return {
    scope: bySupplier(db, `${T}.supplierId`),
    writers: ['SPR' as const],
    mayWrite: ownSupplier('supplierId'),
    remove: 'delete',
    beforeCreate: async (ctx: WriteContext, values: Row) => ({ ...values, supplierId: values.supplierId ?? ctx.caller.user.orgId }),
    check: ownSupplierOnCreate,
  };
}
