import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionTable } from '../db/schema';
import { HOUR_MS } from '../util/time';

/** A session ends after two hours without a call. */
export const SESSION_IDLE_MS = 2 * HOUR_MS;

export type SessionRow = SessionTable;
export type EndReason = 'logout' | 'password' | 'disabled';

export async function createSession(db: Kysely<Database>, userId: number, now: number): Promise<SessionRow> {
  const row: SessionRow = {
    token: crypto.randomBytes(32).toString('hex'),
    apiSecret: crypto.randomBytes(16).toString('hex'),
    userId,
    createdAt: now,
    lastSeenAt: now,
    endedAt: null,
    endReason: null,
  };
  await db.insertInto('session').values(row).execute();
  return row;
}

export function findSession(db: Kysely<Database>, token: string): Promise<SessionRow | undefined> {
  return db.selectFrom('session').selectAll().where('token', '=', token).executeTakeFirst();
}

export function sessionExpired(session: SessionRow, now: number): boolean {
  return now - session.lastSeenAt > SESSION_IDLE_MS;
}

/** Idle expiry is counted in hours, so refreshing the activity time once a minute is exact enough and saves a write per call. */
const TOUCH_INTERVAL_MS = 60_000;

export async function touchSession(db: Kysely<Database>, session: SessionRow, now: number): Promise<void> {
  if (now - session.lastSeenAt < TOUCH_INTERVAL_MS) return;
  await db.updateTable('session').set({ lastSeenAt: now }).where('token', '=', session.token).execute();
}

export async function endSession(db: Kysely<Database>, token: string, reason: EndReason, now: number): Promise<void> {
  await db
    .updateTable('session')
    .set({ endedAt: now, endReason: reason })
    .where('token', '=', token)
    .where('endedAt', 'is', null)
    .execute();
}

/** Ends every open session of a user, optionally keeping one (the caller's own). */
export async function endUserSessions(
  db: Kysely<Database>,
  userId: number,
  reason: EndReason,
  now: number,
  keepToken?: string,
): Promise<void> {
  let query = db
    .updateTable('session')
    .set({ endedAt: now, endReason: reason })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null);
  if (keepToken) query = query.where('token', '!=', keepToken);
  await query.execute();
}
