/**
 * Issue 12: every route of the live route table, for every account type, against a record of
 * another organisation (test/support/tenant-matrix.ts). A route without a matrix entry fails here.
 */
import { LimitType, PERMISSION_BY_CODE } from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { registeredRoutes, type RouteSpec } from '../src/http/guard';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { Envelope, SignedClient } from './support/client';
import { type AccountName, BOOKKEEPING_TABLES, buildWorld, type MatrixEntry, matrixEntry, TENANT_MATRIX, type World } from './support/tenant-matrix';
import { createSubUser } from './support/users';

const PASSWORD = 'Matrix@2026x';

describe.each(DIALECTS)('tenant matrix on %s', (dialect) => {
  let ctx: TestContext;
  let world: World;
  let routes: readonly RouteSpec[];
  const accounts = {} as Record<AccountName, SignedClient>;
  /** Sub-accounts holding no code at all, one per account type. */
  const bare: Record<string, SignedClient> = {};

  async function signIn(username: string, password = PASSWORD) {
    const client = ctx.client();
    const answer = await client.login(username, password);
    if (answer.code !== 0) throw new Error(`${username} cannot sign in: ${answer.message}`);
    return client;
  }

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { config: { openRateLimit: 0 } });
    routes = registeredRoutes(ctx.app);
    world = await buildWorld(ctx.db);
    accounts.SPR = await signIn(DEMO_USERS.SPR, DEMO_PASSWORD);
    accounts.MER = await signIn(DEMO_USERS.MER, DEMO_PASSWORD);
    accounts.ENT = await signIn(DEMO_USERS.ENT, DEMO_PASSWORD);
    // A sub-account with a subset of its organisation's codes (administrators and talents, read only).
    await createSubUser(ctx.db, 'matrixSub1', PASSWORD, DEMO_USERS.ENT, [1011, 20100]);
    accounts.SUB = await signIn('matrixSub1');
    for (const type of ['SYS', 'SPR', 'MER', 'ENT'] as const) {
      await createSubUser(ctx.db, `bare${type}01`, PASSWORD, DEMO_USERS[type]);
      bare[type] = await signIn(`bare${type}01`);
    }
  });
  afterAll(() => ctx.close());

  async function snapshotAll(): Promise<Record<string, unknown[]>> {
    const tables = (await ctx.db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_') && !BOOKKEEPING_TABLES.has(n));
    const out: Record<string, unknown[]> = {};
    for (const name of tables.sort()) {
      const rows = (await sql`select * from ${sql.table(name)}`.execute(ctx.db)).rows as Array<Record<string, unknown>>;
      out[name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return out;
  }

  function call(client: SignedClient, spec: RouteSpec, body: Record<string, unknown>): Promise<Envelope> {
    if (spec.method === 'GET') {
      return client.get(spec.path, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]))).then((r) => {
        const type = String(r.headers['content-type'] ?? '');
        return type.includes('application/json') ? (r.json() as Envelope) : { code: 0, message: 'file', data: null };
      });
    }
    return client.post(spec.path, body, { encrypt: spec.encrypted === true });
  }

  test('every route of the live route table has a matrix entry', () => {
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.map((r) => r.path).filter((p) => !TENANT_MATRIX[p]);
    if (missing.length > 0) matrixEntry(missing[0]);
    expect(missing).toEqual([]);
  });

  test('a missing permission code answers 3001 on every code-guarded route, for every account type', async () => {
    const failures: string[] = [];
    for (const spec of routes) {
      if (PERMISSION_BY_CODE.get(spec.perm)?.limit !== LimitType.LIMITED) continue;
      const entry = matrixEntry(spec.path);
      const body = 'body' in entry ? entry.body(world) : {};
      for (const [type, client] of Object.entries(bare)) {
        const answer = await call(client, spec, body);
        if (answer.code !== Code.NO_PERMISSION) failures.push(`${type} without codes → ${spec.path}: ${answer.code} ${answer.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test.each(['SPR', 'MER', 'ENT', 'SUB'] as AccountName[])('%s never lists, reads, changes or deletes a record of another organisation', async (name) => {
    const client = accounts[name];
    const failures: string[] = [];
    for (const spec of routes) {
      const entry = matrixEntry(spec.path);
      if (!('body' in entry)) continue;
      const body = entry.body(world);
      if (entry.kind === 'list') {
        const answer = await call(client, spec, body);
        if (answer.code === 0) {
          const leaked = entry.leaked(answer.data, world);
          if (leaked.length > 0) failures.push(`${name} ${spec.path} returned ${leaked.length} foreign record(s): ${JSON.stringify(leaked[0]).slice(0, 200)}`);
        } else if (answer.code !== Code.NO_PERMISSION && answer.code !== Code.OUT_OF_SCOPE) {
          failures.push(`${name} ${spec.path}: unexpected ${answer.code} ${answer.message}`);
        }
      } else if (entry.kind === 'get') {
        const answer = await call(client, spec, body);
        if (![Code.NO_PERMISSION, Code.OUT_OF_SCOPE, Code.NOT_FOUND].includes(answer.code as never) || answer.data !== null)
          failures.push(`${name} ${spec.path} read a foreign record: ${answer.code} ${JSON.stringify(answer.data).slice(0, 200)}`);
      } else {
        const mgr = entry as Extract<MatrixEntry, { kind: 'mgr' }>;
        const snap = () => (mgr.snapshot ? mgr.snapshot(ctx.db, world) : snapshotAll());
        const before = await snap();
        const answer = await call(client, spec, body);
        const allowedOwn = answer.code === 0 && mgr.appliesToOwn?.includes(name);
        if (!allowedOwn && ![Code.NO_PERMISSION, Code.OUT_OF_SCOPE, Code.NOT_FOUND].includes(answer.code as never))
          failures.push(`${name} ${spec.path} was not refused: ${answer.code} ${answer.message}`);
        const after = await snap();
        if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${name} ${spec.path} changed data (answer ${answer.code})`);
      }
    }
    expect(failures).toEqual([]);
    // One sweep calls every route and snapshots around each write: ~5 s on PostgreSQL alone, 30 s and more on a loaded machine.
  }, 120_000);
});
