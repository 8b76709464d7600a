import type { Kysely } from 'kysely';
import pg from 'pg';
import { type AdminUserRow, permCodesOf } from '../account/permissions';
import { entShareOf, type OrgScope, scopeOf } from '../account/scope';
import { type AccountOrg, accountBlockedBy, orgOf } from '../account/user-info';
import { postgresPoolOf } from '../db/connect';
import { AUTH_EPOCH_CHANNEL } from '../db/migrations/0034-auth-epoch-notify';
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

/**
 * How often a process listening for epoch notifications still reads the epoch itself (a listener may
 * die silently); FLEXPAY_EPOCH_SAFETY_MS changes it (tests set it far off to see notifications alone).
 */
export const EPOCH_SAFETY_MS = 1_000;
const safetyMs = () => Number(process.env.FLEXPAY_EPOCH_SAFETY_MS) || EPOCH_SAFETY_MS;
/** A lost LISTEN connection is opened again after this long. */
const RELISTEN_MS = 1_000;
/** Tables whose changes move the epoch (migration 0028's triggers); a write to one in this process is read back at once. */
const WATCHED_WRITE = /\b(?:update|delete\s+from|insert\s+into)\s+"?(?:session|admin_user|admin_user_perm|ent|mercht)"?[\s(]/i;

export function writesWatchedTable(sqlText: string): boolean {
  return WATCHED_WRITE.test(sqlText);
}

/**
 * The epoch kept in a PostgreSQL process (issue 24): a warm call uses it without a database round
 * trip. It is moved by the epoch's notifications (migration 0034: each move is announced with
 * pg_notify when its transaction commits, to every process) and confirmed by a read every
 * EPOCH_SAFETY_MS. A call reads the database itself while the process is not listening, when the
 * kept value has not been confirmed lately, and after this process committed a write to a watched
 * table (its own notification may still be on the way, and its client's next call must see it).
 */
export class LiveEpoch {
  private value = -1;
  private listening = false;
  /** Moves with each start or loss of LISTEN: a read sent under an earlier one confirms nothing. */
  private listenGen = 0;
  private confirmedAt = -Infinity;
  /** Local commits that wrote a watched table, and how many of them a later read has covered. */
  private localWrites = 0;
  private coveredWrites = 0;

  /** A kept epoch not confirmed for this long is read again before it is used. */
  private readonly trustMs: number;

  constructor(
    private readonly reader: EpochReader,
    safety = EPOCH_SAFETY_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.trustMs = 2 * safety + 500;
  }

  /** The epoch for a call arriving now: kept when it can be trusted, else read. */
  current(): number | Promise<number> {
    if (this.listening && this.coveredWrites === this.localWrites && this.clock() - this.confirmedAt < this.trustMs) return this.value;
    return this.read();
  }

  /** Reads the database (a read sent after this call; see EpochReader) and keeps the answer. */
  read(): Promise<number> {
    const writes = this.localWrites;
    const started = this.clock();
    const gen = this.listenGen;
    return this.reader.read().then((n) => {
      this.raise(n);
      // Confirms only what was true when the read was sent: while listening from before it, with no local write since.
      if (this.listening && gen === this.listenGen) this.confirmedAt = Math.max(this.confirmedAt, started);
      if (this.localWrites === writes) this.coveredWrites = writes;
      return this.value;
    });
  }

  /** A notification: the epoch moved to `n` in a committed transaction. */
  notified(n: number): void {
    this.raise(n);
  }

  /** This process committed (or rolled back) a transaction that wrote a watched table. */
  localWrite(): void {
    this.localWrites += 1;
  }

  /** LISTEN is in place (nothing kept is trusted until a read sent after it), or it was lost. */
  setListening(on: boolean): void {
    this.listening = on;
    this.listenGen += 1;
    this.confirmedAt = -Infinity;
  }

  private raise(n: number): void {
    if (n > this.value) this.value = n;
  }
}

const caches = new WeakMap<Kysely<Database>, { cache: AuthCache; epoch: EpochReader; live?: LiveEpoch }>();

/** Marks this process's commits that wrote a watched table: each client is wrapped when first checked out. */
function watchLocalWrites(pool: pg.Pool, live: LiveEpoch): void {
  const marked = new WeakSet<pg.PoolClient>();
  const dirty = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client: pg.PoolClient) => {
    if (marked.has(client)) return;
    marked.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (text && writesWatchedTable(text)) dirty.add(client);
      return query(...args);
    };
  });
  // A client goes back to the pool after its statement or its transaction's COMMIT/ROLLBACK has returned.
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    if (!dirty.has(client)) return;
    dirty.delete(client);
    live.localWrite();
  });
}

/** The LISTEN connection of one pool: reconnects after a loss, confirms the epoch every EPOCH_SAFETY_MS. */
function startListening(pool: pg.Pool, live: LiveEpoch, safety: number): void {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const confirm = setInterval(() => void live.read().catch(() => undefined), safety);
  confirm.unref();

  const lost = () => {
    live.setListening(false);
    const gone = client;
    client = null;
    gone?.removeAllListeners('notification');
    void gone?.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, RELISTEN_MS);
      retry.unref();
    }
  };
  const connect = async () => {
    if (closed) return;
    // The pool's own settings (connection string, credentials, types); one connection outside the pool.
    const next = new pg.Client(pool.options as pg.ClientConfig);
    client = next;
    next.on('error', () => client === next && lost());
    next.on('end', () => client === next && lost());
    next.on('notification', (message) => {
      if (message.channel === AUTH_EPOCH_CHANNEL && message.payload) live.notified(Number(message.payload));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_EPOCH_CHANNEL}`);
      if (closed || client !== next) {
        await next.end().catch(() => undefined);
        return;
      }
      live.setListening(true);
      void live.read().catch(() => undefined);
    } catch {
      if (client === next) lost();
    }
  };

  const end = pool.end.bind(pool) as () => Promise<void>;
  (pool as unknown as { end: () => Promise<void> }).end = () => {
    closed = true;
    clearInterval(confirm);
    if (retry) clearTimeout(retry);
    live.setListening(false);
    const last = client;
    client = null;
    return Promise.all([last?.end().catch(() => undefined), end()]).then(() => undefined);
  };
  void connect();
}

function authOf(db: Kysely<Database>) {
  let auth = caches.get(db);
  if (!auth) {
    const epoch = new EpochReader(async () => Number((await db.selectFrom('auth_epoch').select('n').where('id', '=', 1).executeTakeFirstOrThrow()).n));
    auth = { cache: new AuthCache(), epoch };
    // PostgreSQL (openPostgres): the epoch is kept in the process, moved by LISTEN; SQLite reads it per call
    // (an in-process read; several processes may share the file).
    const pool = postgresPoolOf(db);
    if (pool) {
      const safety = safetyMs();
      auth.live = new LiveEpoch(epoch, safety);
      watchLocalWrites(pool, auth.live);
      startListening(pool, auth.live, safety);
    }
    caches.set(db, auth);
  }
  return auth;
}

export function authCacheOf(db: Kysely<Database>): AuthCache {
  return authOf(db).cache;
}

/** The auth epoch for a call arriving now: kept in memory on PostgreSQL while listening, else read. */
export function readAuthEpoch(db: Kysely<Database>): number | Promise<number> {
  const auth = authOf(db);
  return auth.live ? auth.live.current() : auth.epoch.read();
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
