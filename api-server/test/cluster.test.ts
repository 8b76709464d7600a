/**
 * Issue 13: `npm run start:cluster` runs FLEXPAY_WORKERS processes on one port over one PostgreSQL
 * database. Runs the built dist/cluster.js (npm test builds before jest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { computeSign } from '@flexpay/shared-utility/src/pure';
import { findRepoRoot } from '../src/config';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { encryptBody } from './support/client';
import { freePort } from './support/postgres';

const REPO = findRepoRoot(__dirname);
const CLUSTER = path.join(REPO, 'api-server', 'dist', 'cluster.js');

/** Collects the pids of workers that logged "FlexPay API ready". */
function readyWorkers(child: ChildProcess): { pids: number[]; waitFor(count: number): Promise<void> } {
  const pids: number[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) if (line.includes('FlexPay API ready')) pids.push((JSON.parse(line) as { pid: number }).pid);
  });
  return {
    pids,
    waitFor: async (count) => {
      const until = Date.now() + 60_000;
      while (pids.length < count) {
        if (Date.now() > until) throw new Error(`only ${pids.length} of ${count} workers became ready`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

async function post(base: string, route: string, body: Record<string, unknown>, auth?: { token: string; apiSecret: string }, encrypted?: string) {
  const timestamp = Date.now();
  const sign = computeSign(body, auth?.apiSecret ?? '', timestamp);
  const response = await fetch(`${base}/api/admin/${route}?timestamp=${timestamp}&sign=${sign}`, {
    method: 'POST',
    // A new connection per call, so the kernel spreads the calls over the workers.
    headers: { 'content-type': 'application/json', connection: 'close', ...(auth ? { 'access-token': auth.token } : {}) },
    body: JSON.stringify(encrypted ? { encrypted } : body),
  });
  return (await response.json()) as { code: number; data: any };
}

describe('npm run start:cluster on PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-cluster-'));
  const dbName = `cluster_${process.pid}`;
  let adminUrl: string;
  let child: ChildProcess;

  beforeAll(async () => {
    adminUrl = process.env.FLEXPAY_TEST_PG_URL!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('two workers share sessions over one port, and a worker that dies is replaced', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    child = spawn(process.execPath, [CLUSTER], {
      env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), HOST: '127.0.0.1', FLEXPAY_WORKERS: '2', FLEXPAY_DATA_DIR: dataDir, FLEXPAY_MODE: 'demo', FLEXPAY_CAPTCHA: 'off', FLEXPAY_STATIC: 'off' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const workers = readyWorkers(child);
    await workers.waitFor(2);
    expect(new Set(workers.pids).size).toBe(2);

    const base = `http://127.0.0.1:${port}`;
    const { data: key } = await post(base, 'captcha/publicKey', {});
    const login = { username: DEMO_USERS.ENT, password: DEMO_PASSWORD, captchaToken: 'x', captcha: 'x' };
    const signedIn = await post(base, 'user/login', login, undefined, encryptBody(key.publicKey, login));
    expect(signedIn.code).toBe(0);
    const auth = { token: signedIn.data.token as string, apiSecret: signedIn.data.apiSecret as string };
    for (let i = 0; i < 10; i += 1) expect((await post(base, 'user/loginInfo', {}, auth)).code).toBe(0);

    process.kill(workers.pids[0], 'SIGKILL');
    await workers.waitFor(3);
    for (let i = 0; i < 10; i += 1) expect((await post(base, 'user/loginInfo', {}, auth)).code).toBe(0);
  }, 120_000);
});
