import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MINUTE_MS } from '../util/time';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * MINUTE_MS;
export const LOCK_MS = 15 * MINUTE_MS;

/**
 * Locked when the last five failures for a username fell within 15 minutes and the latest
 * is less than 15 minutes old. Failures are keyed by the typed username, known or not.
 */
export async function isLocked(db: Kysely<Database>, username: string, now: number): Promise<boolean> {
  const recent = await db
    .selectFrom('login_failure')
    .select('createdAt')
    .where('username', '=', username)
    .where('createdAt', '>', now - FAILURE_WINDOW_MS - LOCK_MS)
    .orderBy('createdAt', 'desc')
    .limit(MAX_FAILURES)
    .execute();
  if (recent.length < MAX_FAILURES) return false;
  const newest = recent[0].createdAt;
  const oldest = recent[MAX_FAILURES - 1].createdAt;
  return newest - oldest <= FAILURE_WINDOW_MS && now - newest < LOCK_MS;
}

export async function recordFailure(db: Kysely<Database>, username: string, now: number): Promise<void> {
  await db.insertInto('login_failure').values({ username, createdAt: now }).execute();
}

export async function clearFailures(db: Kysely<Database>, username: string): Promise<void> {
  await db.deleteFrom('login_failure').where('username', '=', username).execute();
}
