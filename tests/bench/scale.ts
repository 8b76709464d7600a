// Issue 13: list screens on large data. `npm run bench:scale [-- --orders 1000000 --dialects postgres,sqlite]`
// fills a throwaway PostgreSQL cluster and a SQLite file through seed:large, then times the first page of
// each list call (no filter, each common filter, a sort) as SYS and as a supplier, the dashboard, and an
// export of 100 000 order lines — in process, signed like the browser. Not part of `npm test`.
// `--keep` leaves the PostgreSQL cluster running (the SQLite file in place) afterwards (for EXPLAIN ANALYZE by hand; the URL and the
// stop command are printed); `--explain 20` logs the analyzed plan of every statement over 20 ms during the
// timed calls to the cluster's server.log (auto_explain), to see why a variant is slow.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../api-server/src/app';
import { type DialectName, openPostgres, openSqlite } from '../../api-server/src/db/connect';
import { migrate } from '../../api-server/src/db/migrations';
import { ensureOnlineIndexes } from '../../api-server/src/db/online-indexes';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../api-server/src/demo/seed';
import { LARGE_DEFAULTS, postgresTarget, seedLarge, sqliteTarget } from '../../api-server/src/demo/seed-large';
import { ensureKeyPair } from '../../api-server/src/security/rsa';
import { testConfig } from '../../api-server/test/support/app';
import { encryptBody } from '../../api-server/test/support/client';
import { startPostgres } from '../../api-server/test/support/postgres';
import { auditLog, balanceLog, balanceLogGroup, calcFeeLog, cust, ent, orderDetail, payOrder } from '../../shared-utility/src/pure';
import type { EntityDef } from '../../shared-utility/src/pure/entity';
import { computeSign } from '../../shared-utility/src/pure/sign';

const RUNS = 25;
const EXPORT_LINES = 100_000;
const TARGET_MS: Record<DialectName, number> = { postgres: 50, sqlite: 100 };
const DASHBOARD_TARGET_MS = 100;

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const ORDERS = Number(arg('orders', String(LARGE_DEFAULTS.orders)));
const DIALECTS = arg('dialects', 'postgres,sqlite').split(',') as DialectName[];
const KEEP = argv.includes('--keep');
const EXPLAIN_MS = argv.includes('--explain') ? Number(arg('explain', '20')) : null;
const scaleDown = (n: number) => Math.max(1, Math.round((n * ORDERS) / LARGE_DEFAULTS.orders));

type Caller = (route: string, body: Record<string, unknown>) => Promise<{ code: number; message: string; data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

async function timed(call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await call();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** The variants a list screen is opened with: none, each common filter the entity offers, a sort. */
function variants(entity: EntityDef, sample: { entId: number; status: number }): Array<[string, Record<string, unknown>]> {
  const fields = entity.fields as Record<string, { search?: string; sort?: boolean; type: string }>;
  const now = Date.now();
  const out: Array<[string, Record<string, unknown>]> = [['无筛选', {}]];
  const cond = (name: string, value: unknown) => (fields[name]?.search === 'in' ? [value] : value);
  if (fields.status?.search) out.push(['按状态', { cond: { status: cond('status', sample.status) } }]);
  if (fields.entId?.search) out.push(['按企业', { cond: { entId: cond('entId', sample.entId) } }]);
  if (fields.createdAt?.search === 'range') out.push(['近30天', { cond: { createdAt: [day(now - 30 * 86_400_000), day(now)] } }]);
  const sortable = Object.entries(fields).find(([, f]) => f.sort && f.type === 'money') ?? Object.entries(fields).find(([name, f]) => f.sort && name === 'createdAt');
  if (sortable) out.push([`按${sortable[0]}倒序`, { orderBy: [{ field: sortable[0], dir: 'desc' }] }]);
  return out;
}

async function benchDialect(dialect: DialectName): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-scale-'));
  const cluster = dialect === 'postgres' ? await startPostgres() : null;
  const settings = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: cluster!.url });
    await client.connect();
    for (const statement of statements) await client.query(statement);
    await client.end();
  };
  // Loaded into every session from the start (the pool's first connections included), silent until the timed calls.
  if (cluster && EXPLAIN_MS !== null) await settings(["ALTER SYSTEM SET session_preload_libraries = 'auto_explain'", 'SELECT pg_reload_conf()']);
  const { db } = cluster ? openPostgres(cluster.url) : openSqlite(path.join(dataDir, 'flexpay.db'));
  const pool = cluster ? new pg.Pool({ connectionString: cluster.url, max: 2 }) : null;
  const raw = cluster ? null : new SQLite(path.join(dataDir, 'flexpay.db'));
  try {
    await migrate(db, dialect);
    await seedDemo(db, Date.now(), path.join(dataDir, 'uploads'));
    const options = { orders: ORDERS, enterprises: scaleDown(LARGE_DEFAULTS.enterprises), talents: scaleDown(LARGE_DEFAULTS.talents), linesPerOrder: LARGE_DEFAULTS.linesPerOrder, now: Date.now() };
    const started = performance.now();
    const reports = await seedLarge(db, pool ? postgresTarget(() => pool.connect()) : sqliteTarget(raw as SQLite.Database), options);
    await ensureOnlineIndexes(db, dialect);
    const rows = reports.reduce((s, r) => s + r.rows, 0);
    console.log(`\n== ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${options.orders} 订单 / ${reports.find((r) => r.table === 'order_detail')?.rows} 明细 / ${options.talents} 人才 / ${options.enterprises} 企业 ==`);
    console.log(`seed:large 写入 ${rows} 行用时 ${((performance.now() - started) / 1000).toFixed(1)} 秒`);

    const keys = ensureKeyPair(dataDir);
    const app = buildApp({ config: testConfig(dataDir), db, dialect, keys, logger: false });
    await app.ready();
    const signIn = async (username: string) => {
      let token = '';
      let secret = '';
      const call: Caller = async (route, body) => {
        const timestamp = Date.now();
        const response = await app.inject({
          method: 'POST',
          url: `/api/admin/${route}?timestamp=${timestamp}&sign=${computeSign(body, secret, timestamp)}`,
          headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
          payload: JSON.stringify(route === 'user/login' ? { encrypted: encryptBody(keys.publicPem, body) } : body),
        });
        return response.json();
      };
      const download = (route: string, query: Record<string, string>) => {
        const timestamp = Date.now();
        const qs = new URLSearchParams({ ...query, timestamp: String(timestamp), sign: computeSign(undefined, secret, timestamp) });
        return app.inject({ method: 'GET', url: `/api/admin/${route}?${qs}`, headers: { 'access-token': token } });
      };
      const login = await call('user/login', { username, password: DEMO_PASSWORD, captchaToken: 'x', captcha: 'x' });
      if (login.code !== 0) throw new Error(`登录失败 ${username}: ${login.message}`);
      ({ token, apiSecret: secret } = login.data);
      return { call, download };
    };
    if (cluster && EXPLAIN_MS !== null) {
      await settings([`ALTER SYSTEM SET auto_explain.log_min_duration = ${EXPLAIN_MS}`, 'ALTER SYSTEM SET auto_explain.log_analyze = on', 'ALTER SYSTEM SET auto_explain.log_buffers = on', 'SELECT pg_reload_conf()']);
      console.log(`auto_explain: plans of statements over ${EXPLAIN_MS} ms go to ${path.join(cluster.dir, 'server.log')}`);
    }
    const sample = await db.selectFrom('pay_order').select(['entId']).where('orderNo', '=', 'LG000000001').executeTakeFirstOrThrow();
    const target = TARGET_MS[dialect];
    const misses: string[] = [];
    // A status each list holds many rows of (the paid orders, the paid lines, the enabled talents and enterprises).
    const statusOf = (entity: EntityDef) => (entity === orderDetail ? 20 : entity === payOrder ? 62 : 0);
    // 收支记录(简) groups the ledger per business number; its variants are its own entity's filters (企业,
    // 业务编号 — no date range and no sort), as its screen offers them.
    const lists: Array<[EntityDef, string, string]> = [
      ...([payOrder, orderDetail, calcFeeLog, cust, ent, balanceLog, auditLog] as EntityDef[]).map((e): [EntityDef, string, string] => [e, e.title, `${e.paths.query}/list`]),
      [balanceLogGroup, '收支记录(简)', 'ent/query/balance/log/simpleList'],
    ];
    // The merchant sees the enterprises of its own (and its subs') merchants: a third scope shape.
    for (const [who, username] of [['SYS', DEMO_USERS.SYS], ['SPR', DEMO_USERS.SPR], ['MER', DEMO_USERS.MER]] as const) {
      const { call } = await signIn(username);
      for (const [entity, title, route] of lists) {
        const all = variants(entity, { entId: sample.entId, status: statusOf(entity) });
        for (const [label, body] of all) {
          const request = { page: { limit: 20, pageNum: 1 }, ...body };
          const first = await call(route, request);
          if (first.code !== 0) {
            console.log(`${who} ${title.padEnd(8)} ${label.padEnd(10)} 拒绝 ${first.code} ${first.message}`);
            continue;
          }
          const { p50, p95 } = await timed(() => call(route, request));
          const ok = p95 <= target;
          if (!ok) misses.push(`${who} ${title} ${label}`);
          console.log(`${who} ${title.padEnd(8)} ${label.padEnd(10)} 共 ${String(first.data.total).padStart(9)} 行  p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  目标 ≤ ${target} ms ${ok ? '达标' : '未达标'}`);
        }
      }
      const dash = await timed(() => call('dashboard/summary', {}));
      console.log(`${who} 首页统计 dashboard/summary  p50 ${dash.p50.toFixed(1)} ms  p95 ${dash.p95.toFixed(1)} ms  目标 ≤ ${DASHBOARD_TARGET_MS} ms ${dash.p95 <= DASHBOARD_TARGET_MS ? '达标' : '未达标'}`);
    }

    // An export of about 100 000 lines: the lines of the last days, as many days as that takes.
    const { call: sys, download } = await signIn(DEMO_USERS.SYS);
    const fields = orderDetail.fields as Record<string, { search?: string }>;
    const dateField = ['createdAt', 'resultAt'].find((f) => fields[f]?.search === 'range');
    const lines = reports.find((r) => r.table === 'order_detail')?.rows ?? 0;
    const days = Math.max(1, Math.ceil((EXPORT_LINES * 365) / Math.max(1, lines)));
    const now = Date.now();
    const tokenAnswer = dateField ? await sys(`${orderDetail.paths.query}/genExportExcelToken`, { cond: { [dateField]: [day(now - days * 86_400_000), day(now)] } }) : null;
    if (tokenAnswer?.code === 0) {
      const exportStarted = performance.now();
      const file = await download(`${orderDetail.paths.query}/export`, { token: tokenAnswer.data.token });
      console.log(`导出订单明细 ${tokenAnswer.data.total} 行（近 ${days} 天）: ${((performance.now() - exportStarted) / 1000).toFixed(1)} 秒 (HTTP ${file.statusCode}, ${(file.rawPayload.length / 1_048_576).toFixed(1)} MB)`);
    } else {
      console.log(`导出订单明细: ${tokenAnswer?.message ?? '订单明细没有可按日期筛选的字段'}`);
    }
    console.log(misses.length === 0 ? '全部列表首屏达标' : `未达标 ${misses.length} 项: ${misses.join('；')}`);
    await app.close();
  } finally {
    raw?.close();
    await pool?.end();
    await db.destroy();
    if (cluster && KEEP) console.log(`PostgreSQL kept: psql ${cluster.url}  (stop: pg_ctl -D ${path.join(cluster.dir, 'data')} -m immediate stop)`);
    else cluster?.stop();
    if (!cluster && KEEP) console.log(`SQLite kept: ${path.join(dataDir, 'flexpay.db')}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const dialect of DIALECTS) await benchDialect(dialect);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
