/**
 * Who sees a talent (DOMAIN.md §6, issue 8): SYS every talent; ENT those with a cooperation row
 * (cust_coop_ent) for its enterprise; SPR those with a cooperation row (cust_coop_sup) for its
 * supplier; MER none. One condition for every talent query (records, cooperation, files, cards,
 * search, dashboard counts), so the rule lives in one place.
 */
import { AdminType } from '@flexpay/shared-utility/src/pure';
import { inScope } from '../../account/scope';
import type { Caller } from '../../http/guard';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AnyDb, AnyQuery, Row } from '../../resource/entity-resource';

/** The talent's column naming the organisation that changes it, per account type (null: any talent; MER none). */
const WRITER_COLUMN: Record<number, 'supplierId' | 'entId' | null> = { [AdminType.SYS]: null, [AdminType.SPR]: 'supplierId', [AdminType.ENT]: 'entId' };

/**
 * Who may change a person's record (issue 22 item 6): an enterprise sees every talent it cooperates
 * with but changes only those it registered; a supplier those registered under it; the platform all.
 * `talent` is the stored talent row (its registering enterprise and that enterprise's supplier).
 */
export function talentWritableBy(caller: Caller, talent: { entId?: unknown; supplierId?: unknown }): boolean {
  const column = WRITER_COLUMN[caller.user.adminType];
  if (column === undefined) return false;
  return column === null || (caller.user.orgId !== null && Number(talent[column]) === caller.user.orgId);
}

/** Refuses (3002) a talent outside the caller's scope (or `also`, a subquery of more talent ids), 1004 a missing one. */
export async function requireTalent(db: AnyDb, caller: Caller, custId: unknown, also?: AnyQuery): Promise<Row> {
  const id = Number(custId);
  if (!Number.isInteger(id) || id <= 0) return refuse(Code.VALIDATION, '请指定人才');
  const seenBy = inScope(db, { talent: 'cust.id' }, caller.scope);
  // The talent, with whether the caller sees it (or it is among `also`).
  const talent = db.selectFrom('cust').selectAll().where('id', '=', id);
  const row = (await talent.select((eb) => eb.or([seenBy(eb as never), ...(also ? [eb('cust.id', 'in', also)] : [])]).as('seen')).executeTakeFirst()) as Row | undefined;
  if (!row) return refuse(Code.NOT_FOUND, Messages.notFound);
  return row.seen ? row : refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
}
