/**
 * Locks held until the caller's transaction ends, written once for both databases.
 * - `lockRows` / `lockRow`: rows of a table — PostgreSQL `SELECT … FOR UPDATE` (in `orderBy` order, so two
 *   transactions locking several rows never deadlock; `skipLocked` passes over a row another transaction holds,
 *   as a queue's claim does); SQLite has one writer and takes its write lock with the first write, so a no-op
 *   update of the same rows comes first and a second process waits there until the first commits.
 * - `lockName`: a name (a code series, an enterprise's pricing) — PostgreSQL's transaction-scoped advisory lock;
 *   on SQLite the one writer already serialises the transactions that write.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/connect';
import { whereEach } from './batch';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface LockOptions {
  /** PostgreSQL: leave out the rows another transaction holds instead of waiting for them. */
  skipLocked?: boolean;
  /** The order the rows are locked (and answered) in. */
  orderBy?: string;
}

/** Locks the rows of `table` where each column equals its value (a list: is one of them); answers them, `columns` read. */
export async function lockRows<R = Record<string, unknown>>(trx: AnyDb, dialect: DialectName, table: string, where: Record<string, unknown>, columns: readonly string[] | '*' = '*', options: LockOptions = {}): Promise<R[]> {
  const [first] = Object.keys(where);
  if (dialect === 'sqlite') await whereEach(trx.updateTable(table).set({ [first]: sql.ref(first) }), where).execute();
  let q = whereEach(columns === '*' ? trx.selectFrom(table).selectAll() : trx.selectFrom(table).select(columns as string[]), where);
  if (options.orderBy) q = q.orderBy(options.orderBy);
  if (dialect === 'postgres') q = options.skipLocked ? q.forUpdate().skipLocked() : q.forUpdate();
  return (await q.execute()) as R[];
}

/** lockRows for one row (a key, or a key and the state it must still be in); undefined when none matches (or, skipping, another holds it). */
export async function lockRow<R = Record<string, unknown>>(trx: AnyDb, dialect: DialectName, table: string, where: Record<string, unknown>, columns: readonly string[] | '*' = '*', options: LockOptions = {}): Promise<R | undefined> {
  return (await lockRows<R>(trx, dialect, table, where, columns, options))[0];
}

/** Takes turns on a name for the rest of the transaction (PostgreSQL advisory lock; SQLite's one writer serialises already). */
export async function lockName(trx: AnyDb, dialect: DialectName, name: string): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
