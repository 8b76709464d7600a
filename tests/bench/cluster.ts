// Issue 13: signed authenticated calls per second with 1, 2 and 4 server processes of
// `npm run start:cluster` on one PostgreSQL database, beside a bare Fastify route measured in the
// same run; then payout throughput with 2 processes: four orders of 2 500 lines from transOrder to
// finished through the processes' order workers and the simulated bank (50 ms per call).
// `npm run bench -- cluster` runs it alone (needs `npm run build` for api-server/dist).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import forge from 'node-forge';
import pg from 'pg';
import { findRepoRoot } from '../../api-server/src/config';
import { freePort, startPostgres } from '../../api-server/test/support/postgres';
import { openPostgres } from '../../api-server/src/db/connect';
import { computeSign } from '../../shared-utility/src/pure/sign';
import { benchRows } from './payout-rows';

// The bench runs bundled from .tmp/, so the root is found by walking up.
const REPO = findRepoRoot(__dirname);
const CLUSTER = path.join(REPO, 'api-server', 'dist', 'cluster.js');
const PROCESS_COUNTS = [1, 2, 4];
/** Issue 24: ≥ 10 000 signed calls/s with 2 processes at 32 connections; one call alone ≤ 1.5× a bare route. */
const TARGET_RPS_2 = 10_000;
const TARGET_ALONE_RATIO = 1.5;
const CONNECTIONS = 32;
const SECONDS = 8;
const PAYOUT_ORDERS = 4;
const LINES_PER_ORDER = 2_500;
const TARGET_LINES_PER_S = 500;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

function load(url: string, headers: Record<string, string>): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ url, method: 'POST', connections: CONNECTIONS, duration: SECONDS, headers: { 'content-type': 'application/json', ...headers }, body: '{}' }, (error, r) => {
      if (error) return reject(error);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.errors + r.non2xx });
    });
  });
}

/** Median time of one call over one kept-alive connection, calls one after another (autocannon rounds to 1 ms). */
async function oneByOne(url: string, headers: Record<string, string>, calls = 2_000): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(calls / 2)];
}

async function startCluster(databaseUrl: string, workers: number, dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [CLUSTER], {
    // Request logging off: the figure is the server's, not pino's.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      FLEXPAY_WORKERS: String(workers),
      FLEXPAY_DATA_DIR: dataDir,
      FLEXPAY_MODE: 'demo',
      FLEXPAY_CAPTCHA: 'off',
      FLEXPAY_STATIC: 'off',
      FLEXPAY_LOG_LEVEL: 'warn',
      FLEXPAY_SIM_DELAY_MS: '50',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    const up = await fetch(`${base}/api/admin/captcha/publicKey?timestamp=${Date.now()}&sign=${computeSign({}, '', Date.now())}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
      () => true,
      () => false,
    );
    // All workers listen once the primary forked them; a short pause lets the last ones finish.
    if (up) return await new Promise((r) => setTimeout(() => r({ base, child }), 1500));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('集群未能启动');
}

type Credentials = { token: string; apiSecret: string };

async function call(base: string, route: string, body: unknown, auth?: Credentials): Promise<{ code: number; message: string; data: any }> {
  const timestamp = Date.now();
  const response = await fetch(`${base}/api/admin/${route}?timestamp=${timestamp}&sign=${computeSign(body, auth?.apiSecret ?? '', timestamp)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { 'access-token': auth.token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; message: string; data: any };
}

async function signIn(base: string, username: string): Promise<Credentials> {
  const { data } = await call(base, 'captcha/publicKey', {});
  const key = forge.pki.publicKeyFromPem(data.publicKey);
  const body = { username, password: 'Flexpay@2026', captchaToken: 'x', captcha: 'x' };
  const timestamp = Date.now();
  const encrypted = forge.util.encode64(key.encrypt(Buffer.from(JSON.stringify(body), 'utf8').toString('binary'), 'RSAES-PKCS1-V1_5'));
  const response = await fetch(`${base}/api/admin/user/login?timestamp=${timestamp}&sign=${computeSign(body, '', timestamp)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ encrypted }),
  });
  const answer = (await response.json()) as { code: number; data: Credentials };
  if (answer.code !== 0) throw new Error(`登录失败: ${JSON.stringify(answer)}`);
  return { token: answer.data.token, apiSecret: answer.data.apiSecret };
}

/** Four orders paid at once by two processes: lines settled per second from the first transOrder to the last finished order. */
async function payoutWithTwoProcesses(databaseUrl: string, dataDir: string): Promise<void> {
  const { base, child } = await startCluster(databaseUrl, 2, dataDir);
  const { db } = openPostgres(databaseUrl);
  try {
    const sys = await signIn(base, 'sysadmin');
    const { entId, rows } = await benchRows(db, PAYOUT_ORDERS * LINES_PER_ORDER);
    await db.updateTable('ent_config').set({ tempOrderReview: 0, orderReview: 0, limitType: -1 }).where('entId', '=', entId).execute();
    const post = async (route: string, body: Record<string, unknown>) => {
      const answer = await call(base, route, body, sys);
      if (answer.code !== 0) throw new Error(`${route}: ${answer.code} ${answer.message}`);
      return answer.data;
    };
    const temps: number[] = [];
    for (let i = 0; i < PAYOUT_ORDERS; i += 1) {
      const created = await post('order/mgr/temp/create', { entId, channel: 1, rows: rows.slice(i * LINES_PER_ORDER, (i + 1) * LINES_PER_ORDER) });
      await post('order/mgr/temp/submit', { id: created.id });
      temps.push(created.id as number);
    }
    const started = performance.now();
    const orderNos = await Promise.all(temps.map(async (id) => (await post('order/mgr/temp/transOrder', { id })).orderNo as string));
    for (let waited = 0; ; waited += 100) {
      const open = await db.selectFrom('pay_order').select('status').where('orderNo', 'in', orderNos).where('status', 'not in', [12, 24, 54, 62, 64, 162]).execute();
      if (open.length === 0) break;
      if (waited > 600_000) throw new Error('代发订单 10 分钟内未处理完');
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const finished = await db.selectFrom('pay_order').select('status').where('orderNo', 'in', orderNos).execute();
    if (finished.some((o) => o.status !== 162)) throw new Error(`订单结束状态 ${finished.map((o) => o.status).join(',')}，应均为部分失败 162`);
    const lines = PAYOUT_ORDERS * LINES_PER_ORDER;
    const rate = lines / seconds;
    console.log(
      `\n代发吞吐，2 个进程，PostgreSQL：${PAYOUT_ORDERS} 笔 × ${LINES_PER_ORDER} 行，transOrder→完成 ${seconds.toFixed(2)} s，${rate.toFixed(0)} 行/秒（目标 ≥ ${TARGET_LINES_PER_S} 行/秒 ${rate >= TARGET_LINES_PER_S ? '达标' : '未达标'}）`,
    );
  } finally {
    await db.destroy();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(CLUSTER)) throw new Error('先运行 npm run build（需要 api-server/dist/cluster.js）');
  const postgres = await startPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-bench-cluster-'));
  try {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_cluster');
    await admin.end();
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/bench_cluster');

    const bare = Fastify({ logger: false });
    bare.post('/bare', async () => ({ code: 0, message: 'success', data: { ok: true } }));
    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
    const baseline = await load(bareUrl, {});
    // One call at a time: the time of a call itself, without queueing behind 31 others.
    const bareAlone = await oneByOne(bareUrl, {});
    await bare.close();

    console.log(`\n签名鉴权调用 user/loginInfo，PostgreSQL，${CONNECTIONS} 个连接 × ${SECONDS} 秒（${os.cpus().length} 核，压测端同机）`);
    console.log(`裸 Fastify 路由（单进程）          ${baseline.rps.toFixed(0).padStart(6)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms`);
    for (const workers of PROCESS_COUNTS) {
      const { base, child } = await startCluster(databaseUrl, workers, dataDir);
      try {
        const credentials = await signIn(base, 'enterprise01');
        const timestamp = Date.now();
        const url = `${base}/api/admin/user/loginInfo?timestamp=${timestamp}&sign=${computeSign({}, credentials.apiSecret, timestamp)}`;
        const real = await load(url, { 'Access-Token': credentials.token });
        const target = workers === 2 ? `  目标 ≥ ${TARGET_RPS_2} req/s ${real.rps >= TARGET_RPS_2 ? '达标' : '未达标'}，p50 ≤ 2× 裸路由 ${real.p50 <= 2 * Math.max(1, baseline.p50) ? '达标' : '未达标'}` : '';
        console.log(`${workers} 个进程                          ${real.rps.toFixed(0).padStart(6)} req/s  p50 ${real.p50} ms  p99 ${real.p99} ms  失败 ${real.failed}${target}`);
        if (workers === 2) {
          const alone = await oneByOne(url, { 'Access-Token': credentials.token });
          const ratio = alone / bareAlone;
          console.log(
            `  逐个调用的中位往返：签名调用 ${alone.toFixed(2)} ms，裸路由 ${bareAlone.toFixed(2)} ms → ${ratio.toFixed(2)}×（目标 ≤ ${TARGET_ALONE_RATIO}× ${ratio <= TARGET_ALONE_RATIO ? '达标' : '未达标'}）`,
          );
        }
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
    await payoutWithTwoProcesses(databaseUrl, dataDir);
  } finally {
    postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
