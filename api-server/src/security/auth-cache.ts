import type { Kysely } from 'kysely';
import { type AdminUserRow, permCodesOf } from '../account/permissions';
import { type OrgScope, scopeOf } from '../account/scope';
import { type AccountOrg, accountBlockedBy, orgOf } from '../account/user-info';
import type { Database } from '../db/schema';
import { type SessionRow, sessionExpired } from './session';

/** What every signed-in call rests on: its session, account, permissions and organisation. */
export interface CallerState {
  session: SessionRow;
  user: AdminUserRow;
  org: AccountOrg;
  blocked: boolean;
  permCodes: number[];
  perms: ReadonlySet<number>;
  scope: OrgScope;
}

/** Bounds the memory of a process serving many sessions; the oldest entry goes first. */
const MAX_ENTRIES = 20_000;

/**
 * Caller states of one process, valid for one value of `auth_epoch.n` (migration 0028): the triggers
 * move it with any change to a session's end, an account, its permissions or an organisation, so a
 * call costs one indexed read instead of four while nothing changed, and sees every change at once,
 * whichever process made it.
 */
export class AuthCache {
  private epoch = -1;
  private readonly entries = new Map<string, CallerState>();

  /** The cached state of a token at `epoch`; none when the session looks idle, since another process may have seen its later calls. */
  get(token: string, epoch: number, now: number): CallerState | undefined {
    if (epoch !== this.epoch) return undefined;
    const state = this.entries.get(token);
    return state && !sessionExpired(state.session, now) ? state : undefined;
  }

  /** Keeps a state loaded after reading `epoch`; a state loaded before a later epoch was seen is dropped. */
  set(token: string, epoch: number, state: CallerState): void {
    if (epoch < this.epoch) return;
    if (epoch > this.epoch) {
      this.entries.clear();
      this.epoch = epoch;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, state);
  }
}

const caches = new WeakMap<Kysely<Database>, AuthCache>();

export function authCacheOf(db: Kysely<Database>): AuthCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AuthCache();
    caches.set(db, cache);
  }
  return cache;
}

export async function readAuthEpoch(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('auth_epoch').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Loads a session's account, organisation and permissions; undefined when the account is gone. */
export async function loadCallerState(db: Kysely<Database>, session: SessionRow): Promise<CallerState | undefined> {
  const user = await db.selectFrom('admin_user').selectAll().where('userId', '=', session.userId).executeTakeFirst();
  if (!user) return undefined;
  const org = await orgOf(db, user);
  const permCodes = await permCodesOf(db, user);
  return { session, user, org, blocked: accountBlockedBy(user, org), permCodes, perms: new Set(permCodes), scope: scopeOf(user) };
}
