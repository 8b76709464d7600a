// Issue 9 ledger: concurrent lock + deduct pairs per second on one enterprise × channel (each move its
// own transaction through the ledger service, as payout lines use it), and the invariant check over an
// account of 1 000 000 log rows — on SQLite and on PostgreSQL. `npm run bench -- ledger` runs it alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type DialectName, openPostgres, openSqlite } from '../../api-server/src/db/connect';
import { migrate } from '../../api-server/src/db/migrations';
import type { Database } from '../../api-server/src/db/schema';
import { seedDemo } from '../../api-server/src/demo/seed';
import { BizType, ledgerRows, moveBalance } from '../../api-server/src/domain/ent/ledger';
import { startPostgres } from '../../api-server/test/support/postgres';
import { checkLedger } from '../../shared-utility/src/pure/rules/ledger';

const PAIRS = 2_000;
const WORKERS = 16;
const CYCLES = 250_000; // × 4 rows = 1 000 000 log rows
const TARGET_PAIRS_PER_S = 300;
const TARGET_CHECK_S = 5;

async function throughput(db: Kysely<Database>, dialect: DialectName, entId: number): Promise<number> {
  const move = (type: 0 | 1 | 3, amountFen: number, bizNo: string) =>
    db.transaction().execute((trx) => moveBalance(trx, dialect, { entId, channel: 0, type, amountFen, bizType: BizType.ORDER, bizNo, operatorName: 'bench', now: Date.now() }));
  await move(0, PAIRS * 1_000, 'BENCH-FUND');
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let i = next++; i < PAIRS; i = next++) {
        await move(1, 1_000, `BENCH-${i}`);
        await move(3, 1_000, `BENCH-${i}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const account = await db.selectFrom('ent_account').selectAll().where('entId', '=', entId).where('channel', '=', 0).executeTakeFirstOrThrow();
  const problems = checkLedger(await ledgerRows(db, entId, 0), account);
  if (problems.length > 0) throw new Error(`账本不一致: ${problems.slice(0, 3).join('; ')}`);
  return PAIRS / seconds;
}

/**
 * A fresh account of one million rows in cycles of add 10.00, lock 7.00, deduct 5.00, unlock 2.00,
 * written by one INSERT … SELECT so the generation does not dominate the run.
 */
async function millionRows(db: Kysely<Database>, entId: number): Promise<void> {
  const now = Date.now();
  await db.insertInto('ent_account').values({ entId, channel: 3, availableFen: CYCLES * 500, lockedFen: 0, allowOverdraft: 0, overdraftLimitFen: 0, version: CYCLES * 4, status: 0, createdAt: now, updatedAt: now }).execute();
  await sql`INSERT INTO balance_log ("entId", channel, type, "amountFen", "availBeforeFen", "availAfterFen", "lockedBeforeFen", "lockedAfterFen", "bizType", "bizNo", "operatorName", "createdAt")
    SELECT ${entId}, 3, CASE j WHEN 0 THEN 0 WHEN 1 THEN 1 WHEN 2 THEN 3 ELSE 2 END,
      CASE j WHEN 0 THEN 1000 WHEN 1 THEN 700 WHEN 2 THEN 500 ELSE 200 END,
      k * 500 + CASE j WHEN 0 THEN 0 WHEN 1 THEN 1000 ELSE 300 END,
      k * 500 + CASE j WHEN 0 THEN 1000 WHEN 3 THEN 500 ELSE 300 END,
      CASE j WHEN 0 THEN 0 WHEN 1 THEN 0 WHEN 2 THEN 700 ELSE 200 END,
      CASE j WHEN 0 THEN 0 WHEN 1 THEN 700 WHEN 2 THEN 200 ELSE 0 END,
      20, 'BENCH-MILLION', 'bench', ${now}
    FROM (WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < ${CYCLES - 1}) SELECT k FROM n) AS cycles
    CROSS JOIN (SELECT 0 AS j UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) AS steps
    ORDER BY k, j`.execute(db);
}

async function invariantCheck(db: Kysely<Database>, entId: number): Promise<{ seconds: number; rows: number }> {
  const started = performance.now();
  const rows = await ledgerRows(db, entId, 3);
  const account = await db.selectFrom('ent_account').selectAll().where('entId', '=', entId).where('channel', '=', 3).executeTakeFirstOrThrow();
  const problems = checkLedger(rows, account);
  const seconds = (performance.now() - started) / 1000;
  if (problems.length > 0) throw new Error(`百万行账本不一致: ${problems.slice(0, 3).join('; ')}`);
  return { seconds, rows: rows.length };
}

async function runDialect(dialect: DialectName, db: Kysely<Database>): Promise<void> {
  await migrate(db, dialect);
  await seedDemo(db);
  const ents = await db.selectFrom('ent').select('id').where('entCode', 'in', ['ENT0001', 'ENT0002']).orderBy('entCode').execute();
  const rate = await throughput(db, dialect, ents[0].id);
  const ok = (good: boolean) => (good ? '达标' : '未达标');
  console.log(`${dialect}: 锁定+扣减 ${PAIRS} 对, ${WORKERS} 路并发: ${rate.toFixed(0)} 对/秒 (目标 ≥ ${TARGET_PAIRS_PER_S} 对/秒, ${ok(rate >= TARGET_PAIRS_PER_S)})`);
  const generated = performance.now();
  await millionRows(db, ents[1].id);
  const check = await invariantCheck(db, ents[1].id);
  console.log(
    `${dialect}: 不变量检查 ${check.rows} 行账本: ${check.seconds.toFixed(2)} s (目标 ≤ ${TARGET_CHECK_S} s, ${ok(check.seconds <= TARGET_CHECK_S)}; 生成用时 ${((performance.now() - generated) / 1000 - check.seconds).toFixed(1)} s)`,
  );
}

export async function runLedgerSection(): Promise<void> {
  console.log('\n== 账本 (余额锁定/扣减吞吐与百万行不变量检查) ==');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-ledger-bench-'));
  const sqlite = openSqlite(path.join(dataDir, 'flexpay.db'));
  try {
    await runDialect('sqlite', sqlite.db);
  } finally {
    await sqlite.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const cluster = await startPostgres();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE ledger_bench');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/ledger_bench';
    const postgres = openPostgres(url.toString());
    try {
      await runDialect('postgres', postgres.db);
    } finally {
      await postgres.db.destroy();
    }
  } finally {
    cluster.stop();
  }
}

// Bundled alone by run-bench.mjs as bench-ledger.cjs.
if (/bench-ledger\.cjs$/.test(process.argv[1] ?? '')) {
  runLedgerSection().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
