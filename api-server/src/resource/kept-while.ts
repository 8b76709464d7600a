/**
 * A resource's `keptWhile` and `removedWith`: the delete is refused while other rows still refer to
 * the record (an enterprise with talents, a category with sub-categories), each reference with its
 * own message; rows that only belong to the record (its config, its contracts) go with it. Read by
 * entity-resource's remove, in the delete's transaction: keptWhile before `checkRemove`, removedWith after it.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { Code, type CodeValue, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import type { Caller } from '../http/guard';
import type { Row } from './codec';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Rows of a table (or tables, in order) referring to the record. */
export interface Referring {
  table: string | readonly string[];
  /** Its column holding this record's key, or its columns by the record's columns they hold ({ clientCode: 'clientCode' }). */
  column: string | Readonly<Record<string, string>>;
  /** Only its rows with these values (a list: any of them; null: none) count: a taker still working `{ status: [10, 20] }`. */
  where?: Readonly<Record<string, unknown>>;
}

export interface KeptWhile extends Referring {
  message: string;
  /** The refusal's code (default 1009, 数据冲突). */
  code?: CodeValue;
}

const tablesOf = (ref: Referring) => (typeof ref.table === 'string' ? [ref.table] : ref.table);
const pairsOf = (ref: Referring, keyColumn: string) => (typeof ref.column === 'string' ? [[ref.column, keyColumn]] : Object.entries(ref.column));
/** The declared `where` of a reference on a query of its table. */
function filtered<Q extends { where: (...args: any[]) => Q }>(qb: Q, ref: Pick<Referring, 'where'>): Q { // eslint-disable-line @typescript-eslint/no-explicit-any
  for (const [column, value] of Object.entries(ref.where ?? {})) qb = Array.isArray(value) ? qb.where(column, 'in', value) : qb.where(column, value === null ? 'is' : '=', value);
  return qb;
}

/** Refuses with the first reference found, in the declared order. */
export async function refuseWhileReferenced(trx: AnyDb, keptWhile: readonly KeptWhile[], row: Row, keyColumn: string): Promise<void> {
  for (const kept of keptWhile) {
    for (const table of tablesOf(kept)) {
      let qb = filtered(trx.selectFrom(table).select(sql<number>`1`.as('one')), kept);
      for (const [column, own] of pairsOf(kept, keyColumn)) qb = qb.where(column, '=', row[own]);
      if (await qb.limit(1).executeTakeFirst()) refuse(kept.code ?? Code.CONFLICT, kept.message);
    }
  }
}

/** A row another table must hold for a write: the record's `column` names it (by their `key`, default id), matching `match` and `where`. */
export interface RefersTo {
  table: string;
  column: string;
  key?: string;
  /** Their columns by the record's columns they must equal ({ supplierId: 'supplierId' }: the same supplier's). */
  match?: Readonly<Record<string, string>>;
  where?: Readonly<Record<string, unknown>>;
  /** The refusal's message (a scoped reference: 无权查看相关数据 unless given). */
  message?: string;
  /** The refusal's code (default 1001, 参数错误; a scoped reference 3002). */
  code?: CodeValue;
  /** 'create': checked when the record is created only (a reference no update writes, to a row that may change later: a merchant's supplier). */
  on?: 'create';
  /** Checked only for records holding these values (a supplement's original: `{ category: 10 }`). */
  when?: Readonly<Record<string, unknown>>;
  /**
   * The row must be one the caller sees through this scope (its rows aliased `t`): 3002 unless `code` says
   * otherwise (a fee's enterprise, a tax proof's enterprise). Like `takes`, read on create only, first.
   */
  scope?: (caller: Caller, qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /**
   * The record's columns taken from the row found, by their columns ({ supplierId: 'supplierId' }: an enterprise's
   * supplier is its merchant's); a row whose taken column is empty counts as none. Read on create only, before
   * `beforeCreate`, so the record is written (and its hooks read it) with them.
   */
  takes?: Readonly<Record<string, string>>;
}

/** Whether a reference is read first, on create (it scopes or gives values), rather than checked after `check`. */
const readFirst = (ref: RefersTo) => !!(ref.scope || ref.takes);

/** The references read first on create (`scope`, `takes`), in the declared order: the values they give (a later one's `match` reads them), or their refusal. */
export async function takeReferred(trx: AnyDb, caller: Caller, refersTo: readonly RefersTo[], next: Row): Promise<Row> {
  const taken: Row = {};
  for (const ref of refersTo.filter(readFirst)) {
    const refusal = () => refuse(ref.code ?? (ref.scope ? Code.OUT_OF_SCOPE : Code.VALIDATION), ref.message ?? Messages.outOfScope);
    if (next[ref.column] === null || next[ref.column] === undefined) continue;
    let qb = filtered(trx.selectFrom(`${ref.table} as t`).select(sql<number>`1`.as('one')).where(`t.${ref.key ?? 'id'}`, '=', next[ref.column]), ref);
    // A match reads what an earlier reference took (an enterprise's supplier, then an item of that supplier).
    for (const [theirs, ours] of Object.entries(ref.match ?? {})) qb = qb.where(`t.${theirs}`, '=', { ...next, ...taken }[ours]);
    for (const [ours, theirs] of Object.entries(ref.takes ?? {})) qb = qb.select(`t.${theirs} as ${ours}`);
    const found = (await (ref.scope ? ref.scope(caller, qb) : qb).executeTakeFirst()) as Row | undefined;
    if (!found || Object.keys(ref.takes ?? {}).some((ours) => found[ours] === null)) refusal();
    for (const ours of Object.keys(ref.takes ?? {})) taken[ours] = found![ours];
  }
  return taken;
}

/** Refuses a written record whose reference (when it names one) finds no such row, checking in the declared order. */
export async function refuseUnlessReferring(trx: AnyDb, refersTo: readonly RefersTo[], next: Row, created = true): Promise<void> {
  for (const ref of refersTo) {
    if (next[ref.column] === null || next[ref.column] === undefined || (ref.on === 'create' && !created) || readFirst(ref)) continue;
    if (Object.entries(ref.when ?? {}).some(([column, value]) => next[column] !== value)) continue;
    let qb = filtered(trx.selectFrom(ref.table).select(sql<number>`1`.as('one')).where(ref.key ?? 'id', '=', next[ref.column]), ref);
    for (const [theirs, ours] of Object.entries(ref.match ?? {})) qb = qb.where(theirs, '=', next[ours]);
    if (!(await qb.limit(1).executeTakeFirst())) refuse(ref.code ?? Code.VALIDATION, ref.message ?? Messages.outOfScope);
  }
}

/**
 * Rows of another table a written record is checked against (a price against its merchant's cost, a contract
 * against the price): each matching row, in the declared order, may refuse the record as it would be written.
 */
export interface CheckedAgainst {
  table: string;
  /** Their columns by the record's columns they must equal ({ merchtId: 'merchtId' }). */
  match: Readonly<Record<string, string>>;
  where?: Readonly<Record<string, unknown>>;
  /** The refusal (1001 unless `code`) of the record against one of those rows, or nothing; `today` is the write's day (yyyy-MM-dd). */
  refusal: (next: Row, theirs: Row, today: string) => string | null | undefined;
  code?: CodeValue;
}

/** Refuses a written record with the first refusal of its `checkedAgainst` rows, in the declared order. */
export async function refuseAgainst(trx: AnyDb, against: readonly CheckedAgainst[], next: Row, today: string): Promise<void> {
  for (const check of against) {
    let qb = filtered(trx.selectFrom(check.table).selectAll(), check);
    for (const [theirs, ours] of Object.entries(check.match)) qb = qb.where(theirs, '=', next[ours]);
    for (const row of (await qb.execute()) as Row[]) {
      const refusal = check.refusal(next, row, today);
      if (refusal) refuse(check.code ?? Code.VALIDATION, refusal);
    }
  }
}

/** Rows referring to the record that move with it: `set`, and `stamp` (a column) set to the time. */
export interface MovedWith extends Referring {
  set: Row;
  stamp?: string;
}

/** Updates the rows that move with the record (a cancelled package's open takers), in the declared order. */
export async function moveReferring(trx: AnyDb, movedWith: readonly MovedWith[], row: Row, keyColumn: string, now: number): Promise<void> {
  for (const ref of movedWith) {
    for (const table of tablesOf(ref)) {
      let qb = filtered(trx.updateTable(table).set({ ...ref.set, ...(ref.stamp ? { [ref.stamp]: now } : {}) }), ref);
      for (const [column, own] of pairsOf(ref, keyColumn)) qb = qb.where(column, '=', row[own]);
      await qb.execute();
    }
  }
}

/** Deletes the rows that belong to the record, in the declared order. */
export async function removeReferring(trx: AnyDb, removedWith: readonly Referring[], row: Row, keyColumn: string): Promise<void> {
  for (const ref of removedWith) {
    for (const table of tablesOf(ref)) {
      let qb = filtered(trx.deleteFrom(table), ref);
      for (const [column, own] of pairsOf(ref, keyColumn)) qb = qb.where(column, '=', row[own]);
      await qb.execute();
    }
  }
}
