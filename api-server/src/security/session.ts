import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionTable } from '../db/schema';
import { HOUR_MS } from '../util/time';

/** A session ends after two hours without a call. */
export const SESSION_IDLE_MS = 2 * HOUR_MS;

/**
 * A session as the server works with it: `token` and `apiSecret` are the values the client holds.
 * The table keeps only their SHA-256 hashes (issue 12 finding 11): the token is looked up by hash and
 * the API secret is derived again from the token with a server key, so a copy of the database gives
 * nobody a usable session.
 */
export type SessionRow = SessionTable & {
  /** The `token` column of the row: the hash, or the token itself for a session created before hashing. */
  storedToken?: string;
};
export type EndReason = 'logout' | 'password' | 'disabled';

/** The key that derives API secrets from tokens; derived from the server's private key. */
export type SessionKey = Buffer;

export function sessionKeyOf(privatePem: string): SessionKey {
  return crypto.createHash('sha256').update('flexpay-session-secret-v1\n').update(privatePem).digest();
}

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

function deriveApiSecret(key: SessionKey, token: string): string {
  return crypto.createHmac('sha256', key).update(`api-secret:${token}`).digest('hex').slice(0, 32);
}

export async function createSession(db: Kysely<Database>, key: SessionKey, userId: number, now: number): Promise<SessionRow> {
  const token = crypto.randomBytes(32).toString('hex');
  const apiSecret = deriveApiSecret(key, token);
  const stored: SessionRow = {
    token: tokenHash(token),
    apiSecret: tokenHash(apiSecret),
    userId,
    createdAt: now,
    lastSeenAt: now,
    endedAt: null,
    endReason: null,
  };
  await db.insertInto('session').values(stored).execute();
  return { ...stored, token, apiSecret };
}

/** The session of a token the client sent, with the client-side token and secret; undefined when unknown. */
export async function findSession(db: Kysely<Database>, key: SessionKey, token: string): Promise<SessionRow | undefined> {
  if (token.length > 256) return undefined;
  const hashed = tokenHash(token);
  const row = await db.selectFrom('session').selectAll().where('token', '=', hashed).executeTakeFirst();
  if (row) return { ...row, token, apiSecret: deriveApiSecret(key, token), storedToken: hashed };
  // A session created before tokens were hashed (a 32-character secret in the row) keeps working until
  // it expires, so an upgrade does not turn signed-in browsers into signature errors.
  const legacy = await db.selectFrom('session').selectAll().where('token', '=', token).executeTakeFirst();
  return legacy && legacy.apiSecret.length === 32 ? { ...legacy, storedToken: token } : undefined;
}

/** Removes sessions stored before hashing once they can no longer be used (run at start). */
export async function purgeLegacySessions(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('session')
    .where((eb) => eb.fn('length', ['apiSecret']), '=', 32)
    .where((eb) => eb.or([eb('endedAt', 'is not', null), eb('lastSeenAt', '<', now - SESSION_IDLE_MS)]))
    .execute();
}

export function sessionExpired(session: SessionRow, now: number): boolean {
  return now - session.lastSeenAt > SESSION_IDLE_MS;
}

/** Idle expiry is counted in hours, so refreshing the activity time once a minute is exact enough and saves a write per call. */
const TOUCH_INTERVAL_MS = 60_000;

/** Whether the activity time was written. */
export async function touchSession(db: Kysely<Database>, session: SessionRow, now: number): Promise<boolean> {
  if (now - session.lastSeenAt < TOUCH_INTERVAL_MS) return false;
  await db.updateTable('session').set({ lastSeenAt: now }).where('token', '=', session.storedToken ?? tokenHash(session.token)).execute();
  return true;
}

export async function endSession(db: Kysely<Database>, token: string, reason: EndReason, now: number): Promise<void> {
  await db
    .updateTable('session')
    .set({ endedAt: now, endReason: reason })
    .where('token', 'in', [tokenHash(token), token])
    .where('endedAt', 'is', null)
    .execute();
}

/** Ends every open session of a user, optionally keeping one (the caller's own, by its client-side token). */
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
  if (keepToken) query = query.where('token', 'not in', [tokenHash(keepToken), keepToken]);
  await query.execute();
}
