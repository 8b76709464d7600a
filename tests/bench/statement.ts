// Issue 25 对账单 on PostgreSQL: the large-data generator (seed:large) gives one enterprise a year of
// orders, so its channel's statement over the last 366 days holds more than 100 000 moves; the first
// page (the whole proof: sums, chain, order lines, fee log, then 20 lines) must answer in ≤ 200 ms and
// the xlsx of every move in ≤ 10 s. `npm run bench -- statement [--orders 60000]`.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import * as XLSX from 'xlsx';
import { openPostgres } from '../../api-server/src/db/connect';
import { migrate } from '../../api-server/src/db/migrations';
import { ensureOnlineIndexes } from '../../api-server/src/db/online-indexes';
import { seedDemo } from '../../api-server/src/demo/seed';
import { postgresTarget, seedLarge } from '../../api-server/src/demo/seed-large';
import { statementPage } from '../../api-server/src/domain/ent/statement';
import { statementWorkbook } from '../../api-server/src/domain/ent/statement-export';
import { startPostgres } from '../../api-server/test/support/postgres';

const TARGET_PAGE_MS = 200;
const TARGET_EXPORT_S = 10;
const RUNS = 15;

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

export async function runStatementSection(): Promise<void> {
  console.log('\n== 对账单 (PostgreSQL, 大数据生成器: 一家企业一年的订单) ==');
  const orders = argValue('orders', 60_000);
  const cluster = await startPostgres();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE statement_bench');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/statement_bench';
    const { db } = openPostgres(url.toString());
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    try {
      const now = Date.now();
      await migrate(db, 'postgres');
      await ensureOnlineIndexes(db, 'postgres');
      await seedDemo(db, now);
      const generated = performance.now();
      await seedLarge(db, postgresTarget(() => pool.connect()), { orders, enterprises: 1, talents: 5_000, linesPerOrder: 2, now });
      console.log(`生成 ${orders} 笔订单: ${((performance.now() - generated) / 1000).toFixed(1)} s`);
      const ent = await db.selectFrom('ent').select('id').where('entCode', '=', 'LE000001').executeTakeFirstOrThrow();
      const today = new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
      const from = new Date(now + 8 * 3600_000 - 365 * 24 * 3600_000).toISOString().slice(0, 10);
      const request = { entId: ent.id, channel: 1, from, to: today };
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        const answer = await statementPage(db, 'postgres', request, { limit: 20, pageNum: 1 }, Date.now());
        times.push(performance.now() - started);
        count = answer.count;
        if (answer.lines.length !== 20) throw new Error('对账单首页行数不对');
      }
      const ok = (good: boolean) => (good ? '达标' : '未达标');
      const p50 = pct(times, 50);
      const p95 = pct(times, 95);
      console.log(`对账单首页 (${count} 笔变动, ${from} 至 ${today}): 首次 ${times[0].toFixed(0)} ms, p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (目标 ≤ ${TARGET_PAGE_MS} ms, ${ok(p95 <= TARGET_PAGE_MS)})`);
      if (count < 100_000) console.log(`注意: 变动笔数 ${count} < 100 000, 请加大 --orders`);
      const started = performance.now();
      const file = await statementWorkbook(db, 'postgres', request, Date.now());
      const seconds = (performance.now() - started) / 1000;
      const book = XLSX.read(file.bytes, { type: 'buffer', sheetRows: 3 });
      if (book.SheetNames.join() !== '对账汇总,变动明细') throw new Error('导出的工作表不对');
      console.log(`对账单导出 ${count} 笔变动: ${seconds.toFixed(2)} s, ${(file.bytes.length / 1e6).toFixed(1)} MB (目标 ≤ ${TARGET_EXPORT_S} s, ${ok(seconds <= TARGET_EXPORT_S)})`);
    } finally {
      await pool.end();
      await db.destroy();
    }
  } finally {
    cluster.stop();
  }
}

// Bundled alone by run-bench.mjs as bench-statement.cjs.
if (/bench-statement\.cjs$/.test(process.argv[1] ?? '')) {
  runStatementSection().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
