/**
 * A row moved by one of the server's own jobs (the overdue packages, the signing clock; their timer is
 * resource/periodic.ts): one conditional UPDATE on the state it was read in, in its own transaction,
 * audited as 系统 only by the process that moved it, so several processes may run the same job.
 */
import type { Kysely } from 'kysely';
import { auditBySystem, type Changes } from '../account/audit';
import type { Database } from '../db/schema';
import type { AnyDb, Row } from './entity-resource';

export type SystemMove = { table: string; entity: string; before: Row; where: string[]; set: Row; action: string; now: number; changes?: Changes };

/** One move by the system: the row `before` of `table`, still with the values of `where`, takes `set`; the trail gets `set`'s columns from → to. False when another process moved it first. */
export async function systemMove(db: Kysely<Database>, move: SystemMove): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let update = (trx as unknown as AnyDb).updateTable(move.table).set({ ...move.set, updatedAt: move.now }).where('id', '=', move.before.id);
    for (const column of move.where) update = update.where(column, '=', move.before[column]);
    if (Number((await update.executeTakeFirst()).numUpdatedRows) !== 1) return false;
    const changes = move.changes ?? Object.fromEntries(Object.entries(move.set).map(([column, to]) => [column, { from: move.before[column], to }]));
    await auditBySystem(trx, { action: move.action, entity: move.entity, entityId: move.before.id as number, changes, now: move.now });
    return true;
  });
}

/** A job's moves one after the other (each its own transaction, as systemMove); answers how many this process made. */
export async function systemMoves(db: Kysely<Database>, moves: SystemMove[]): Promise<number> {
  let moved = 0;
  for (const move of moves) if (await systemMove(db, move)) moved++;
  return moved;
}
