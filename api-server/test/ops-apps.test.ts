/**
 * Issue 26: 应用版本 — the list, history and rollback routes over a private import map and release
 * folders (a fake repository in a temp folder), the shared writer's lock and its atomic write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { findRepoRoot } from '../src/config';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser } from './support/users';

const WRITER = path.join(findRepoRoot(__dirname), 'root-config', 'ops', 'import-map-file.cjs');
const PEOPLE = '@flexpay/people-app';
const v = (hash: string) => `/apps/people-app/${hash}/flexpay-people-app.js`;
const V0 = '/apps/people-app/flexpay-people-app.js';
const V1 = v('111111111111');
const V2 = v('222222222222');
const V3 = v('333333333333');
const GONE = v('999999999999');
const script = { type: 'script', account: 'ops', name: '脚本' };

/** A repository with release folders and a map whose history is: V0 → GONE → V0 → V1 → V2 → V3. */
function writeRepo(repo: string): void {
  fs.rmSync(repo, { recursive: true, force: true });
  const put = (url: string, text: string) => {
    const file = path.join(repo, url.replace(/^\/apps\/([^/]+)\//, '$1/dist/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  for (const [url, text] of [[V0, 'v0'], [V1, 'v1'], [V2, 'v2'], [V3, 'v3']]) put(url, `System.register([], function () { /* ${text} ${'x'.repeat(2000)} */ });`);
  put('/apps/system-app/flexpay-system-app.js', 'system');
  const map = {
    imports: {
      react: '/shared/react.js',
      '@flexpay/system-app': '/apps/system-app/flexpay-system-app.js',
      [PEOPLE]: V3,
      '@flexpay/tasks-app': '/apps/tasks-app/flexpay-tasks-app.js',
    },
  };
  fs.writeFileSync(path.join(repo, 'import-map.json'), JSON.stringify(map, null, 2));
  const step = (action: string, from: string, to: string, at: string) => ({ action, app: 'people-app', specifier: PEOPLE, from, to, at, by: script });
  fs.writeFileSync(
    path.join(repo, 'import-map.history.json'),
    JSON.stringify([
      // An entry of the scripts before 应用版本: no `by`.
      { action: 'deploy', app: 'people-app', specifier: PEOPLE, from: V0, to: GONE, at: '2026-11-01T02:00:00.000Z' },
      step('rollback', GONE, V0, '2026-11-01T03:00:00.000Z'),
      step('deploy', V0, V1, '2026-11-02T02:00:00.000Z'),
      step('deploy', V1, V2, '2026-11-03T02:00:00.000Z'),
      step('deploy', V2, V3, '2026-11-04T02:00:00.000Z'),
    ]),
  );
}

describe.each(DIALECTS)('应用版本 on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-ops-'));
  const mapFile = path.join(repo, 'import-map.json');
  const historyFile = path.join(repo, 'import-map.history.json');
  const mapNow = () => JSON.parse(fs.readFileSync(mapFile, 'utf8')).imports[PEOPLE];
  const files = () => [fs.readFileSync(mapFile, 'utf8'), fs.readFileSync(historyFile, 'utf8')];

  beforeAll(async () => {
    writeRepo(repo);
    ctx = await createTestContext(dialect, { config: { repoRoot: repo, importMapPath: mapFile, staticOn: true } });
    sys = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
  });
  beforeEach(() => writeRepo(repo));
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(repo, { recursive: true, force: true });
  });

  test('the list: one row per app with URL, content hash, gzip size, who deployed it and whether it answers', async () => {
    const answer = await sys.post('ops/query/apps/list');
    expect(answer.code).toBe(0);
    const rows = answer.data.records as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.specifier)).toEqual(['@flexpay/system-app', PEOPLE, '@flexpay/tasks-app']);
    const content = fs.readFileSync(path.join(repo, 'people-app', 'dist', '333333333333', 'flexpay-people-app.js'));
    expect(rows[1]).toMatchObject({
      app: 'people-app',
      url: V3,
      hash: crypto.createHash('sha256').update(content).digest('hex').slice(0, 12),
      size: content.length,
      gzipSize: zlib.gzipSync(content).length,
      onDisk: true,
      deployedAt: '2026-11-04 10:00:00',
      deployedBy: '脚本（ops）',
      action: 'deploy',
      previousUrl: V2,
    });
    // Never deployed: the build's file and time; a URL with no file behind it does not answer.
    expect(rows[0]).toMatchObject({ deployedBy: '构建', onDisk: true, previousUrl: null });
    expect(rows[2]).toMatchObject({ onDisk: false, hash: null, gzipSize: null });
  });

  test('the map is read fresh on every call (every process of a cluster answers the new version at once)', async () => {
    expect((await sys.post('ops/query/apps/list')).data.records[1].url).toBe(V3);
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    map.imports[PEOPLE] = V1;
    fs.writeFileSync(mapFile, JSON.stringify(map));
    expect((await sys.post('ops/query/apps/list')).data.records[1]).toMatchObject({ url: V1, deployedAt: '2026-11-02 10:00:00' });
    const sibling = await ctx.sibling();
    try {
      const other = sibling.client();
      await other.login(DEMO_USERS.SYS, DEMO_PASSWORD);
      expect((await other.post('ops/query/apps/list')).data.records[1].url).toBe(V1);
    } finally {
      await sibling.close();
    }
  });

  test('the history: every URL the app had, the current first, a missing file marked', async () => {
    const answer = await sys.post('ops/query/apps/history', { app: 'people-app' });
    expect(answer.code).toBe(0);
    expect(answer.data.current).toBe(V3);
    expect(answer.data.versions.map((x: Record<string, unknown>) => [x.url, x.current, x.onDisk, x.deployedAt])).toEqual([
      [V3, true, true, '2026-11-04 10:00:00'],
      [V2, false, true, '2026-11-03 10:00:00'],
      [V1, false, true, '2026-11-02 10:00:00'],
      [V0, false, true, '2026-11-01 11:00:00'],
      [GONE, false, false, '2026-11-01 10:00:00'],
    ]);
    expect(answer.data.entries[0]).toEqual({ action: 'deploy', from: V2, to: V3, at: '2026-11-04 10:00:00', by: '脚本（ops）' });
    expect(answer.data.entries.at(-1)).toMatchObject({ from: V0, to: GONE, by: '脚本' });
    expect((await sys.post('ops/query/apps/history', { app: 'nope-app' })).code).toBe(1001);
    expect((await sys.post('ops/query/apps/history', {})).code).toBe(1001);
  });

  test('rollback without a URL restores the version before the latest; the map, its history and 操作日志 record it', async () => {
    const answer = await sys.post('ops/mgr/apps/rollback', { app: 'people-app' });
    expect(answer).toMatchObject({ code: 0, data: { from: V3, to: V2 } });
    expect(mapNow()).toBe(V2);
    const history = JSON.parse(fs.readFileSync(historyFile, 'utf8'));
    expect(history.at(-1)).toMatchObject({ action: 'rollback', specifier: PEOPLE, from: V3, to: V2, by: { type: 'account', account: DEMO_USERS.SYS } });
    const trail = await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'app').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(trail).toMatchObject({ action: 'rollback', entityId: 'people-app', operatorAccount: DEMO_USERS.SYS });
    expect(JSON.parse(trail.changes)).toEqual({ url: { from: V3, to: V2 } });
    const log = await sys.post('auditLog/query/list', { cond: {}, page: { limit: 5, pageNum: 1 } });
    expect(log.data.records.find((r: Record<string, unknown>) => r.entityTitle === '应用版本')).toMatchObject({
      actionLabel: '回滚',
      changeText: `版本地址：${V3} → ${V2}`,
      operatorAccount: DEMO_USERS.SYS,
    });
    // The list names the account as who put the version there.
    expect((await sys.post('ops/query/apps/list')).data.records[1]).toMatchObject({ url: V2, action: 'rollback', deployedBy: expect.stringContaining(`（${DEMO_USERS.SYS}）`) });
  });

  test('rollback to a chosen URL of the history, also an older one', async () => {
    expect(await sys.post('ops/mgr/apps/rollback', { app: 'people-app', url: V0 })).toMatchObject({ code: 0, data: { from: V3, to: V0 } });
    expect(mapNow()).toBe(V0);
  });

  test('an arbitrary URL is refused with 1001 and nothing changes', async () => {
    const before = files();
    const extra = path.join(repo, 'people-app', 'dist', 'evil.js');
    fs.writeFileSync(extra, 'on disk but never deployed');
    for (const url of ['/apps/people-app/evil.js', 'https://evil.example.com/x.js', '/apps/people-app/../system-app/flexpay-system-app.js', `${V2}?x=1`, 42, ['a']]) {
      const answer = await sys.post('ops/mgr/apps/rollback', { app: 'people-app', url });
      expect([url, answer.code]).toEqual([url, 1001]);
    }
    expect((await sys.post('ops/mgr/apps/rollback', { app: 'no-such-app', url: V2 })).code).toBe(1001);
    expect(files()).toEqual(before);
    expect(await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'app').where('action', '=', 'rollback').where('entityId', '=', 'no-such-app').execute()).toEqual([]);
  });

  test('a version whose file is gone cannot be chosen; the current one neither', async () => {
    const before = files();
    expect(await sys.post('ops/mgr/apps/rollback', { app: 'people-app', url: GONE })).toMatchObject({ code: 1009, message: '该版本的文件已不在服务器上，不能回滚' });
    expect(await sys.post('ops/mgr/apps/rollback', { app: 'people-app', url: V3 })).toMatchObject({ code: 1009, message: '该版本已是当前版本' });
    expect(files()).toEqual(before);
  });

  test('two rollbacks at once run one after the other: V3 → V2, then V2 → V1', async () => {
    const answers = await Promise.all([sys.post('ops/mgr/apps/rollback', { app: 'people-app' }), sys.post('ops/mgr/apps/rollback', { app: 'people-app' })]);
    expect(answers.map((a) => a.code)).toEqual([0, 0]);
    expect(answers.map((a) => [a.data.from, a.data.to]).sort()).toEqual([[V2, V1], [V3, V2]]);
    expect(mapNow()).toBe(V1);
    const steps = JSON.parse(fs.readFileSync(historyFile, 'utf8')).slice(-2);
    expect(steps.map((s: Record<string, string>) => [s.from, s.to])).toEqual([[V3, V2], [V2, V1]]);
  });

  test('a rollback waits while another process holds the lock, and a dead holder’s lock is taken over', async () => {
    // Another process (a deploy script) holds the lock for 1.5 s and deploys V1 meanwhile.
    const holder = spawnNode(`
      const m = require(${JSON.stringify(WRITER)});
      m.withMapLock(${JSON.stringify(mapFile)}, async () => {
        console.log('locked');
        await new Promise((r) => setTimeout(r, 1500));
        const map = m.readJson(${JSON.stringify(mapFile)});
        map.imports[${JSON.stringify(PEOPLE)}] = ${JSON.stringify(V1)};
        m.writeJsonAtomic(${JSON.stringify(mapFile)}, map);
      });`);
    await firstLine(holder);
    const started = Date.now();
    const pending = sys.post('ops/mgr/apps/rollback', { app: 'people-app', url: V2 });
    await new Promise((r) => setTimeout(r, 500));
    expect(mapNow()).toBe(V3);
    const answer = await pending;
    expect(Date.now() - started).toBeGreaterThan(1000);
    // It read the map after the holder wrote it: from V1, not from V3.
    expect(answer).toMatchObject({ code: 0, data: { from: V1, to: V2 } });
    expect(mapNow()).toBe(V2);

    // A lock file left by a process that no longer exists does not block anyone.
    const dead = spawnNode('');
    await new Promise((r) => dead.once('exit', r));
    fs.writeFileSync(path.join(repo, '.import-map.json.lock'), JSON.stringify({ pid: dead.pid, host: os.hostname(), at: new Date().toISOString() }));
    const quick = Date.now();
    expect((await sys.post('ops/mgr/apps/rollback', { app: 'people-app', url: V3 })).code).toBe(0);
    expect(Date.now() - quick).toBeLessThan(2000);
    expect(fs.existsSync(path.join(repo, '.import-map.json.lock'))).toBe(false);
  });

  test('only SYS: any other account gets 3001 and the map stays as it was', async () => {
    const before = files();
    await createSubUser(ctx.db, `opsBare${dialect}`, 'Matrix@2026x', DEMO_USERS.SYS);
    const clients: SignedClient[] = [];
    for (const type of ['SPR', 'MER', 'ENT'] as const) {
      const client = ctx.client();
      await client.login(DEMO_USERS[type], DEMO_PASSWORD);
      clients.push(client);
    }
    const bare = ctx.client();
    expect((await bare.login(`opsBare${dialect}`, 'Matrix@2026x')).code).toBe(0);
    clients.push(bare);
    for (const client of clients) {
      expect((await client.post('ops/query/apps/list')).code).toBe(3001);
      expect((await client.post('ops/query/apps/history', { app: 'people-app' })).code).toBe(3001);
      expect((await client.post('ops/mgr/apps/rollback', { app: 'people-app' })).code).toBe(3001);
      expect((await client.post('ops/mgr/apps/rollback', { app: 'people-app', url: V0 })).code).toBe(3001);
    }
    expect(files()).toEqual(before);
  });

  test('the served map carries a content ETag that a rollback changes (the open pages’ banner reads it)', async () => {
    const first = await ctx.app.inject({ url: '/import-map.json' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await ctx.app.inject({ url: '/import-map.json', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await sys.post('ops/mgr/apps/rollback', { app: 'people-app' });
    const after = await ctx.app.inject({ url: '/import-map.json', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().imports[PEOPLE]).toBe(V2);
  });
});

function spawnNode(code: string): ChildProcess {
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
}

describe('the shared atomic write', () => {
  test('a process killed (SIGKILL) while writing the map in a loop never leaves a half-written map', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-kill-'));
    const file = path.join(dir, 'import-map.json');
    const imports = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`@flexpay/app-${i}`, `/apps/app-${i}/${'0'.repeat(12)}/bundle.js`]));
    fs.writeFileSync(file, JSON.stringify({ imports, round: -1 }));
    try {
      for (let round = 0; round < 6; round += 1) {
        const writer = spawnNode(`
          const m = require(${JSON.stringify(WRITER)});
          const imports = m.readJson(${JSON.stringify(file)}).imports;
          console.log('writing');
          for (let i = 0; ; i += 1) m.writeJsonAtomic(${JSON.stringify(file)}, { imports, round: ${round}, i });`);
        await firstLine(writer);
        // Read while it writes, then kill it at an arbitrary moment of a write.
        const until = Date.now() + 150 + Math.random() * 250;
        let reads = 0;
        while (Date.now() < until) {
          const map = JSON.parse(fs.readFileSync(file, 'utf8'));
          expect(Object.keys(map.imports)).toHaveLength(3000);
          reads += 1;
          await new Promise((r) => setImmediate(r));
        }
        writer.kill('SIGKILL');
        await new Promise((r) => writer.once('exit', r));
        const map = JSON.parse(fs.readFileSync(file, 'utf8'));
        expect(Object.keys(map.imports)).toHaveLength(3000);
        expect(map.round).toBe(round);
        expect(reads).toBeGreaterThan(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
