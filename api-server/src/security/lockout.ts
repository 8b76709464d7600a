import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MINUTE_MS } from '../util/time';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * MINUTE_MS;
export const LOCK_MS = 15 * MINUTE_MS;

/**
 * Password attempts per typed username (known or not), in login_failure. Each attempt is recorded
 * before the password is verified (issue 12 finding 5), so N parallel attempts are N rows and at most
 * MAX_FAILURES of them can ever reach the password check: the k-th recorded attempt sees at least k
 * rows. A success removes the username's rows; a failure leaves its row in place.
 */
export async function recordAttempt(db: Kysely<Database>, username: string, now: number): Promise<number> {
  const row = await db.insertInto('login_failure').values({ username, createdAt: now }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Locked when more than five attempts (this one included) fell within the last 15 minutes: the sixth
 * attempt after five failures is refused, and the lock ends 15 minutes after the last attempt.
 */
export async function lockedAfterAttempt(db: Kysely<Database>, username: string, now: number): Promise<boolean> {
  const recent = await db
    .selectFrom('login_failure')
    .select('id')
    .where('username', '=', username)
    .where('createdAt', '>', now - FAILURE_WINDOW_MS)
    .limit(MAX_FAILURES + 1)
    .execute();
  return recent.length > MAX_FAILURES;
}

/** Read-only check (no attempt recorded). */
export async function isLocked(db: Kysely<Database>, username: string, now: number): Promise<boolean> {
  const recent = await db
    .selectFrom('login_failure')
    .select('id')
    .where('username', '=', username)
    .where('createdAt', '>', now - FAILURE_WINDOW_MS)
    .limit(MAX_FAILURES)
    .execute();
  return recent.length >= MAX_FAILURES;
}

/** A verified password forgets the username's attempts. */
export async function clearFailures(db: Kysely<Database>, username: string): Promise<void> {
  await db.deleteFrom('login_failure').where('username', '=', username).execute();
}

/** A right old password (own password change) forgets just the attempt it recorded. */
export async function forgetAttempt(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('login_failure').where('id', '=', id).execute();
}
