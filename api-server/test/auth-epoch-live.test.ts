/**
 * Issue 24: on PostgreSQL each process keeps the auth epoch in memory (LISTEN on the epoch's
 * notifications, migration 0034), so a warm signed call reads no epoch; a change committed anywhere
 * (another process, an operator's direct write) reaches every process within 1 s, and one made by
 * this process holds on its very next call. The safety read is set an hour off here, so what these
 * tests see is the notifications' doing alone.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { openPostgres, postgresPoolOf } from '../src/db/connect';
import type { Database } from '../src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code, Messages } from '../src/http/codes';
import { readAuthEpoch } from '../src/security/auth-cache';
import { SignedClient } from './support/client';
import { createTestContext, type TestContext } from './support/app';

const HOUR_MS = 3_600_000;
const DISABLED = { code: Code.ACCOUNT_DISABLED, message: Messages.accountDisabled, data: null };

/** Counts the epoch reads sent through a database's pool (each client is wrapped when checked out). */
function countEpochReads(db: Kysely<Database>): { reads(): number } {
  let reads = 0;
  const wrapped = new WeakSet<object>();
  postgresPoolOf(db)!.on('acquire', (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : first?.text;
      if (text && /from "auth_epoch"/.test(text)) reads += 1;
      return query(...args);
    };
  });
  return { reads: () => reads };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the process keeps the epoch (LISTEN in place and confirmed): readAuthEpoch answers at once. */
async function listening(db: Kysely<Database>): Promise<void> {
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(20)) {
    const epoch = readAuthEpoch(db);
    if (typeof epoch === 'number') return;
    await epoch;
  }
  throw new Error('the process never started listening for the auth epoch');
}

/** Calls until the answer is `expected`; how long that took from `since`. */
async function heldAfter(client: SignedClient, expected: unknown, since: number, limitMs = 5_000): Promise<number> {
  for (;;) {
    const answer = await client.post('user/loginInfo');
    if (JSON.stringify(answer) === JSON.stringify(expected)) return performance.now() - since;
    if (performance.now() - since > limitMs) throw new Error(`still ${JSON.stringify(answer)} after ${limitMs} ms`);
    await sleep(5);
  }
}

describe('the auth epoch kept in each PostgreSQL process', () => {
  let ctx: TestContext;
  let url: string;
  let otherDb: Kysely<Database>;
  let other: FastifyInstance;
  let operator: pg.Client;
  const previousSafety = process.env.FLEXPAY_EPOCH_SAFETY_MS;

  beforeAll(async () => {
    process.env.FLEXPAY_EPOCH_SAFETY_MS = String(HOUR_MS);
    ctx = await createTestContext('postgres');
    url = String(postgresPoolOf(ctx.db)!.options.connectionString);
    // A second process: its own pool, listener and caches over the same database.
    otherDb = openPostgres(url).db;
    other = buildApp({ config: { ...ctx.config }, db: otherDb, dialect: 'postgres', keys: ctx.keys, logger: false });
    await other.ready();
    // An operator's own connection (psql): writes no server process makes.
    operator = new pg.Client({ connectionString: url });
    await operator.connect();
  });
  afterAll(async () => {
    await operator.end();
    await other.close();
    await otherDb.destroy();
    await ctx.close();
    if (previousSafety === undefined) delete process.env.FLEXPAY_EPOCH_SAFETY_MS;
    else process.env.FLEXPAY_EPOCH_SAFETY_MS = previousSafety;
  });

  /** A session signed in at the first process, used by a client of each; both have it cached. */
  async function sharedSession(username: string) {
    const here = ctx.client();
    expect((await here.login(username, DEMO_PASSWORD)).code).toBe(0);
    const there = new SignedClient(other, ctx.keys.publicPem);
    there.token = here.token;
    there.apiSecret = here.apiSecret;
    expect((await here.post('user/loginInfo')).code).toBe(0);
    expect((await there.post('user/loginInfo')).code).toBe(0);
    await listening(ctx.db);
    await listening(otherDb);
    return { here, there };
  }

  test('a warm signed call reads no epoch from the database', async () => {
    const { here, there } = await sharedSession(DEMO_USERS.ENT);
    const counted = countEpochReads(otherDb);
    // Warm: the caller is cached and the epoch kept.
    expect((await there.post('user/loginInfo')).code).toBe(0);
    const before = counted.reads();
    for (let i = 0; i < 50; i += 1) expect((await there.post('user/loginInfo')).code).toBe(0);
    expect(counted.reads() - before).toBe(0);
    expect((await here.post('user/loginInfo')).code).toBe(0);
  });

  test('an account disabled by a direct database write is refused by the other process within 1 s', async () => {
    const { there } = await sharedSession(DEMO_USERS.MER);
    const orgId = ((await there.post('user/loginInfo')).data.merchtMO as { merchtId: number }).merchtId;
    const since = performance.now();
    await operator.query('UPDATE mercht SET status = 1 WHERE id = $1', [orgId]);
    try {
      expect(await heldAfter(there, DISABLED, since)).toBeLessThan(1_000);
    } finally {
      await operator.query('UPDATE mercht SET status = 0 WHERE id = $1', [orgId]);
    }
  });

  test('a sign-out holds at once in the process that made it, and within 1 s in the other', async () => {
    const { here, there } = await sharedSession(DEMO_USERS.ENT);
    expect((await here.post('user/logout')).code).toBe(0);
    const since = performance.now();
    expect(await here.post('user/loginInfo')).toEqual({ code: Code.NOT_LOGGED_IN, message: Messages.notLoggedIn, data: null });
    expect(await heldAfter(there, { code: Code.NOT_LOGGED_IN, message: Messages.notLoggedIn, data: null }, since)).toBeLessThan(1_000);
  });

  test('a direct write through this process holds on its next call, before any notification could help', async () => {
    const { here } = await sharedSession(DEMO_USERS.SPR);
    const orgId = ((await here.post('user/loginInfo')).data.merchtMO as { merchtId: number }).merchtId;
    const counted = countEpochReads(ctx.db);
    await ctx.db.updateTable('mercht').set({ status: 1 }).where('id', '=', orgId).execute();
    const before = counted.reads();
    try {
      expect(await here.post('user/loginInfo')).toEqual(DISABLED);
      // The process knew it had written a watched table: the call read the epoch instead of trusting a notification's speed.
      expect(counted.reads() - before).toBeGreaterThanOrEqual(1);
    } finally {
      await ctx.db.updateTable('mercht').set({ status: 0 }).where('id', '=', orgId).execute();
    }
  });

  test('a lost LISTEN connection: calls read the epoch until it is back, then notifications hold again', async () => {
    const { there } = await sharedSession(DEMO_USERS.ENT);
    const name = (await operator.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    const killed = await operator.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN flexpay_auth_epoch' AND pid <> pg_backend_pid()`,
      [name],
    );
    expect(killed.rowCount).toBe(2);
    // Not listening: the epoch is read per call, so a change holds at once.
    for (const until = Date.now() + 5_000; typeof readAuthEpoch(otherDb) === 'number'; await sleep(10)) {
      if (Date.now() > until) throw new Error('the loss of LISTEN went unnoticed');
    }
    const userId = (await operator.query<{ userId: number }>('SELECT "userId" FROM admin_user WHERE username = $1', [DEMO_USERS.ENT])).rows[0].userId;
    await operator.query('UPDATE admin_user SET status = 1 WHERE "userId" = $1', [userId]);
    try {
      expect(await there.post('user/loginInfo')).toEqual(DISABLED);
    } finally {
      await operator.query('UPDATE admin_user SET status = 0 WHERE "userId" = $1', [userId]);
    }
    // Listening again within about a second; a later change reaches the other process by notification.
    await listening(otherDb);
    const { there: again } = await sharedSession(DEMO_USERS.ENT);
    const since = performance.now();
    await operator.query('UPDATE admin_user SET status = 1 WHERE "userId" = $1', [userId]);
    try {
      expect(await heldAfter(again, DISABLED, since)).toBeLessThan(1_000);
    } finally {
      await operator.query('UPDATE admin_user SET status = 0 WHERE "userId" = $1', [userId]);
    }
  });
});
