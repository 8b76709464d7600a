import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeSign } from '@flexpay/shared-utility/src/pure';
import { loadConfig } from '../src/config';
import { openSqlite } from '../src/db/connect';
import { migrate } from '../src/db/migrations';
import { accountsWithDemoPassword, DEMO_USERS, seedDemo } from '../src/demo/seed';
import { DEMO_SUB_ACCOUNTS } from '../src/demo/seed-admins';
import { hashPassword } from '../src/security/password';

const apiDir = path.resolve(__dirname, '..');
const serverJs = path.join(apiDir, 'dist', 'server.js');

/** Runs the bundled server with a fresh data dir; resolves when it listens or exits. */
function runServer(env: Record<string, string>): Promise<{ child: ChildProcess; port?: number; exitCode?: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverJs], {
      // cwd elsewhere: the bundle must find the repository from its own location.
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '', FLEXPAY_STATIC: 'off', PORT: '0', HOST: '127.0.0.1', ...env },
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve({ child, port: Number(match[1]), output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ child, exitCode: code ?? -1, output }));
  });
}

describe('bundled server', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-srv-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(apiDir, 'build.mjs')], { cwd: apiDir, stdio: 'pipe' });
  });
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  test('starts in demo mode, seeds, creates the key pair and answers signed calls', async () => {
    const dataDir = tempDir();
    const server = await runServer({ FLEXPAY_DATA_DIR: dataDir });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(fs.existsSync(path.join(dataDir, 'flexpay.db'))).toBe(true);
      const timestamp = Date.now();
      const response = await fetch(
        `http://127.0.0.1:${server.port}/api/admin/captcha/publicKey?timestamp=${timestamp}&sign=${computeSign({}, '', timestamp)}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      );
      const answer = (await response.json()) as { data: { publicKey: string } };
      expect(answer.data.publicKey).toBe(fs.readFileSync(path.join(dataDir, 'rsa_public.pem'), 'utf8'));
    } finally {
      server.child.kill('SIGTERM');
    }
  });

  test('production refuses FLEXPAY_CAPTCHA=off and demo passwords', async () => {
    const noCaptcha = await runServer({ FLEXPAY_DATA_DIR: tempDir(), FLEXPAY_MODE: 'production', FLEXPAY_CAPTCHA: 'off' });
    expect(noCaptcha.exitCode).toBe(1);
    expect(noCaptcha.output).toContain('FLEXPAY_CAPTCHA=off is not allowed in production mode');

    const dataDir = tempDir();
    const { db } = openSqlite(path.join(dataDir, 'flexpay.db'));
    await migrate(db, 'sqlite');
    await seedDemo(db);
    // The four top administrators and the demo sub-accounts of their organisations (issue 22 item 10).
    const demoSubs = Object.values(DEMO_SUB_ACCOUNTS).flatMap((subs) => subs.map((s) => s.username));
    expect((await accountsWithDemoPassword(db)).sort()).toEqual([...Object.values(DEMO_USERS), ...demoSubs].sort());
    const demo = await runServer({ FLEXPAY_DATA_DIR: dataDir, FLEXPAY_MODE: 'production' });
    expect(demo.exitCode).toBe(1);
    expect(demo.output).toContain('accounts still use the demo password');

    // Once every password is changed, production starts.
    const fresh = await hashPassword('Prod#2026secret');
    await db.updateTable('admin_user').set(fresh).execute();
    expect(await accountsWithDemoPassword(db)).toEqual([]);
    await db.destroy();
    const prod = await runServer({ FLEXPAY_DATA_DIR: dataDir, FLEXPAY_MODE: 'production' });
    try {
      expect(prod.port).toBeGreaterThan(0);
    } finally {
      prod.child.kill('SIGTERM');
    }
  });

  test('config defaults and checks', () => {
    const config = loadConfig({}, '/srv/flexpay');
    expect(config).toMatchObject({ port: 9000, mode: 'demo', captchaOff: false, staticOn: true, dataDir: '/srv/flexpay/data' });
    expect(config.databaseUrl).toBeUndefined();
    expect(fs.existsSync(path.join(config.repoRoot, 'api-server', 'package.json'))).toBe(true);
    expect(config.importMapPath).toBe(path.join(config.repoRoot, 'import-map.json'));
    expect(() => loadConfig({ FLEXPAY_MODE: 'staging' })).toThrow('FLEXPAY_MODE');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT');
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', FLEXPAY_CAPTCHA: 'off', FLEXPAY_STATIC: 'off' })).toMatchObject({
      databaseUrl: 'postgres://x/y',
      captchaOff: true,
      staticOn: false,
    });
  });
});
