import type { Kysely } from 'kysely';
import { type AdminUserRow, permCodesOf } from '../account/permissions';
import { entShareOf, type OrgScope, scopeOf } from '../account/scope';
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
  entShare: number;
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

/**
 * Reads the epoch for many calls at once. A call may only use a read sent after it arrived (one sent
 * earlier could predate a change committed before the call), so calls arriving while a read is in
 * flight share the next one, sent when it returns: under load one read serves a whole batch.
 */
export class EpochReader {
  private running: Promise<number> | null = null;
  private waiting: Promise<number> | null = null;

  constructor(private readonly query: () => Promise<number>) {}

  read(): Promise<number> {
    if (!this.running) return this.start();
    this.waiting ??= this.running.then(
      () => this.startWaiting(),
      () => this.startWaiting(),
    );
    return this.waiting;
  }

  private startWaiting(): Promise<number> {
    this.waiting = null;
    return this.start();
  }

  private start(): Promise<number> {
    const read = this.query().finally(() => {
      if (this.running === read) this.running = null;
    });
    this.running = read;
    return read;
  }
}

const caches = new WeakMap<Kysely<Database>, { cache: AuthCache; epoch: EpochReader }>();

function authOf(db: Kysely<Database>) {
  let auth = caches.get(db);
  if (!auth) {
    const epoch = new EpochReader(async () => Number((await db.selectFrom('auth_epoch').select('n').where('id', '=', 1).executeTakeFirstOrThrow()).n));
    auth = { cache: new AuthCache(), epoch };
    caches.set(db, auth);
  }
  return auth;
}

export function authCacheOf(db: Kysely<Database>): AuthCache {
  return authOf(db).cache;
}

export function readAuthEpoch(db: Kysely<Database>): Promise<number> {
  return authOf(db).epoch.read();
}

/** Loads a session's account, organisation and permissions; undefined when the account is gone. */
export async function loadCallerState(db: Kysely<Database>, session: SessionRow): Promise<CallerState | undefined> {
  const user = await db.selectFrom('admin_user').selectAll().where('userId', '=', session.userId).executeTakeFirst();
  if (!user) return undefined;
  const org = await orgOf(db, user);
  const permCodes = await permCodesOf(db, user);
  const scope = scopeOf(user);
  return { session, user, org, blocked: accountBlockedBy(user, org), permCodes, perms: new Set(permCodes), scope, entShare: await entShareOf(db, scope) };
}
