// Issue 10 payout bench: one 5 000-line order from transOrder to finished through the order worker and
// the simulated bank (FLEXPAY_SIM_DELAY_MS=50), on SQLite and on PostgreSQL: total seconds and lines/s
// (target ≥ 500 lines/s); then the 代发订单 page in headless Chromium while such an order is paid: the
// longest frame gap while its row updates live. `npm run bench -- payout` runs it alone.
import { chromium } from '@playwright/test';
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
import { OrderWorker } from '../../api-server/src/domain/order/worker';
import { ensureKeyPair } from '../../api-server/src/security/rsa';
import { testConfig } from '../../api-server/test/support/app';
import { SignedClient } from '../../api-server/test/support/client';
import { startPostgres } from '../../api-server/test/support/postgres';
import { startServer } from '../e2e/support/server';
import { DEMO_ACCOUNTS, signInAndWait } from '../e2e/support/session';
import { CHROMIUM_ARGS } from '../playwright.config';
import { benchRows } from './payout-rows';

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
    const { entId, rows } = await benchRows(db, LINES);
    await db.updateTable('ent_config').set({ tempOrderReview: 0, limitType: -1 }).where('entId', '=', entId).execute();
    const post = async (p: string, body: Record<string, unknown>) => {
      const answer = (await sys.postRaw(p, body)).json();
      if (answer.code !== 0) throw new Error(`${p}: ${answer.code} ${answer.message}`);
      return answer.data;
    };
    const created = await post('order/mgr/temp/create', { entId, channel: 1, rows });
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

const LIVE_FRAME_GAP_TARGET_MS = 50;

/**
 * The built server (SQLite, simulated bank 50 ms) and the 代发订单 page signed in as SYS: a 5 000-line
 * order waits in 待审核 (the enterprise's 订单需审核 is on) while the page lists it; then, with frames
 * watched, the page claims and passes it and waits until its row shows 部分失败 — the lines' results
 * arrive as live progress the whole time.
 */
async function measureLiveList(): Promise<void> {
  // The DB part above runs its own worker; the server runs its in-process one.
  const server = await startServer({ FLEXPAY_LOG_LEVEL: 'warn', FLEXPAY_SIM_DELAY_MS: '50', FLEXPAY_ORDER_WORKER: 'on' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const sqlite = openSqlite(path.join(server.dataDir, 'flexpay.db'));
    let bench: Awaited<ReturnType<typeof benchRows>>;
    try {
      bench = await benchRows(sqlite.db, LINES);
      await sqlite.db.updateTable('ent_config').set({ tempOrderReview: 0, orderReview: 1, limitType: -1 }).where('entId', '=', bench.entId).execute();
    } finally {
      await sqlite.db.destroy();
    }
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAndWait(page, DEMO_ACCOUNTS.SYS, undefined, server.url);
    const orderNo = await page.evaluate(async ({ entId, rows }) => {
      const System = (window as unknown as { System: { import(name: string): Promise<any> } }).System;
      const { request } = await System.import('@flexpay/shared-utility');
      const created = await request('order/mgr/temp/create', { entId, channel: 1, rows });
      await request('order/mgr/temp/submit', { id: created.id });
      const { orderNo } = await request('order/mgr/temp/transOrder', { id: created.id });
      for (let waited = 0, status = -1; status !== 20; waited += 200) {
        status = (await request('order/query/get', { orderNo })).status;
        if (waited > 120_000) throw new Error(`订单未进入待人工审核（状态 ${status}）`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return orderNo as string;
    }, bench);
    await page.goto(`${server.url}/order/index`);
    await page.getByText(orderNo).first().waitFor({ timeout: 30_000 });
    const figures = await page.evaluate(async (orderNo) => {
      const System = (window as unknown as { System: { import(name: string): Promise<any> } }).System;
      const { request } = await System.import('@flexpay/shared-utility');
      const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      // The order's row of the grid: the table row holding its number cell.
      const rowText = () => {
        const row = [...document.querySelectorAll('.fp-grid tbody tr')].find((tr) => [...tr.querySelectorAll('td')].some((c) => c.textContent === orderNo));
        return row ? [...row.querySelectorAll('td')].map((c) => c.textContent ?? '').join('|') : '';
      };
      const started = performance.now();
      let last = started;
      let longestGap = 0;
      let frames = 0;
      const seen = new Set<string>();
      const watched = (async () => {
        for (;;) {
          const now = await nextFrame();
          longestGap = Math.max(longestGap, now - last);
          last = now;
          frames += 1;
          const text = rowText();
          for (const label of ['审核中', '待提交支付', '待通道处理', '待通道结果', '部分失败']) if (text.includes(label)) seen.add(label);
          if (text.includes('部分失败')) return;
          if (now - started > 180_000) throw new Error('订单三分钟内未显示部分失败');
        }
      })();
      await request('order/mgr/claim', { orderNo });
      await request('order/mgr/pass', { orderNo });
      await watched;
      return { seconds: (performance.now() - started) / 1000, longestGap, frames, seen: [...seen].join('→') };
    }, orderNo);
    console.log(
      `代发订单页实时更新（${LINES} 行，审核通过→页面显示部分失败 ${figures.seconds.toFixed(1)} s，${figures.frames} 帧，页面显示过 ${figures.seen}）：最长帧间隔 ${figures.longestGap.toFixed(0)} ms (目标 ≤ ${LIVE_FRAME_GAP_TARGET_MS} ms, ${figures.longestGap <= LIVE_FRAME_GAP_TARGET_MS ? '达标' : '未达标'})`,
    );
  } finally {
    await browser.close();
    await server.stop();
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
  await measureLiveList();
}

// Bundled alone by run-bench.mjs as bench-payout.cjs.
if (/bench-payout\.cjs$/.test(process.argv[1] ?? '')) {
  runPayoutSection().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
