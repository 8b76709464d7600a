// Issue 10 payout bench: one 5 000-line order from transOrder to finished through the order worker and
// the simulated bank (FLEXPAY_SIM_DELAY_MS=50), on SQLite and on PostgreSQL: total seconds and lines/s
// (target ≥ 500 lines/s). `npm run bench -- payout` runs it alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../api-server/src/app';
import { type DialectName, openPostgres, openSqlite } from '../../api-server/src/db/connect';
import { migrate } from '../../api-server/src/db/migrations';
import type { Database } from '../../api-server/src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../api-server/src/demo/seed';
import { checkRows, entContext, monthOf, storedRow } from '../../api-server/src/domain/order/service';
import { OrderWorker } from '../../api-server/src/domain/order/worker';
import { ensureKeyPair } from '../../api-server/src/security/rsa';
import { testConfig } from '../../api-server/test/support/app';
import { SignedClient } from '../../api-server/test/support/client';
import { goodTalents } from '../../api-server/test/support/order';
import { startPostgres } from '../../api-server/test/support/postgres';

const LINES = 5_000;
const TARGET_LINES_PER_S = 500;
process.env.FLEXPAY_SIM_DELAY_MS = '50';
process.env.FLEXPAY_ORDER_WORKER = 'off';

async function runDialect(dialect: DialectName, db: Kysely<Database>, dataDir: string): Promise<void> {
  await migrate(db, dialect);
  await seedDemo(db);
  const keys = ensureKeyPair(dataDir);
  const app = buildApp({ config: testConfig(dataDir), db, dialect, keys, logger: false });
  await app.ready();
  try {
    const sys = new SignedClient(app, keys.publicPem);
    const login = await sys.postRaw('user/login', { username: DEMO_USERS.SYS, password: DEMO_PASSWORD, captchaToken: 'x', captcha: 'x' }, { encrypt: true });
    const { token, apiSecret } = login.json().data;
    Object.assign(sys, { token, apiSecret });
    const ent = await db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    await db.updateTable('ent_config').set({ tempOrderReview: 0, limitType: -1 }).where('entId', '=', ent.id).execute();
    const candidates = await goodTalents(db, ent.id, ent.supplierId);
    // Only people passing every row check of DOMAIN.md §4 (card, package, …) as a 1.00 row.
    const checks = await checkRows(db, await entContext(db, ent.id), candidates.map((p, i) => storedRow({ ...p, idType: String(p.idType), amount: '1.00' }, i + 1)), { packageCode: null, month: monthOf(Date.now()) });
    const people = candidates.filter((_, i) => checks[i].errorType === 0);
    const rows = Array.from({ length: LINES }, (_, i) => {
      const p = people[i % people.length];
      return { name: p.name, idType: String(p.idType), idNumber: p.idNumber, account: i % 500 === 499 ? '6222020000000009999' : p.account, amount: `${1 + (i % 9)}.${String(i % 100).padStart(2, '0')}` };
    });
    const post = async (p: string, body: Record<string, unknown>) => {
      const answer = (await sys.postRaw(p, body)).json();
      if (answer.code !== 0) throw new Error(`${p}: ${answer.code} ${answer.message}`);
      return answer.data;
    };
    const created = await post('order/mgr/temp/create', { entId: ent.id, channel: 1, rows });
    await post('order/mgr/temp/submit', { id: created.id });
    const worker = new OrderWorker({ db, dialect, pollMs: 10 });
    const started = performance.now();
    const { orderNo } = await post('order/mgr/temp/transOrder', { id: created.id });
    const priced = performance.now();
    for (;;) {
      await worker.drain();
      const order = await db.selectFrom('pay_order').select(['status']).where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
      if ([12, 24, 54, 62, 64, 162].includes(order.status)) {
        if (order.status !== 162) throw new Error(`订单结束于状态 ${order.status}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = LINES / seconds;
    console.log(
      `${dialect}: ${LINES} 行代发订单 transOrder→完成 ${seconds.toFixed(2)} s（其中 transOrder 计费建单 ${((priced - started) / 1000).toFixed(2)} s），${rate.toFixed(0)} 行/秒 (目标 ≥ ${TARGET_LINES_PER_S} 行/秒, ${rate >= TARGET_LINES_PER_S ? '达标' : '未达标'})`,
    );
  } finally {
    await app.close();
  }
}

export async function runPayoutSection(): Promise<void> {
  console.log('\n== 代发订单 (5 000 行, 模拟银行延迟 50 ms) ==');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-payout-bench-'));
  const sqlite = openSqlite(path.join(dataDir, 'flexpay.db'));
  try {
    await runDialect('sqlite', sqlite.db, dataDir);
  } finally {
    await sqlite.db.destroy();
  }
  const cluster = await startPostgres();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE payout_bench');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/payout_bench';
    const postgres = openPostgres(url.toString());
    try {
      await runDialect('postgres', postgres.db, dataDir);
    } finally {
      await postgres.db.destroy();
    }
  } finally {
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Bundled alone by run-bench.mjs as bench-payout.cjs.
if (/bench-payout\.cjs$/.test(process.argv[1] ?? '')) {
  runPayoutSection().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
