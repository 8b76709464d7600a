import { test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openServerDatabase } from './database';

/** The repository root: the nearest folder above this file that holds import-map.json (also when bundled). */
function findRepo(start: string): string {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'import-map.json'))) return dir;
  }
  throw new Error(`import-map.json not found above ${start}`);
}

export const REPO = findRepo(__dirname);

export interface RunningServer {
  url: string;
  dataDir: string;
  importMap: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the real built server on a temp database and a private copy of the import map. */
export async function startServer(extraEnv: Record<string, string> = {}, options: { unreadNotices?: boolean } = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-e2e-'));
  const importMap = path.join(dataDir, 'import-map.json');
  fs.copyFileSync(path.join(REPO, 'import-map.json'), importMap);
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO, 'api-server', 'dist', 'server.js')], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      FLEXPAY_DATA_DIR: dataDir,
      FLEXPAY_IMPORT_MAP: importMap,
      FLEXPAY_CAPTCHA: 'off',
      FLEXPAY_MODE: 'demo',
      DATABASE_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`服务器启动失败:\n${output}`);
    try {
      const response = await fetch(`${url}/import-map.json`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`服务器启动超时:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Journeys start with the demo notices read, so the after-sign-in notice dialog (its own spec) covers nothing.
  if (!options.unreadNotices) markNoticesRead(dataDir);
  return {
    url,
    dataDir,
    importMap,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function markNoticesRead(dataDir: string): void {
  const db = openServerDatabase(dataDir);
  try {
    db.prepare('INSERT OR IGNORE INTO notice_read ("userId", "noticeId", "readAt") SELECT u."userId", n.id, ? FROM admin_user u CROSS JOIN notice n').run(Date.now());
  } finally {
    db.close();
  }
}

/**
 * A server of the spec file's own, started before its tests and stopped after them: for journeys that
 * change demo data the run's shared server must keep (a password, a price, a notice everyone sees).
 */
export function privateServer(extraEnv: Record<string, string> = {}): { readonly url: string } {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startServer(extraEnv);
  });
  test.afterAll(() => server?.stop());
  return {
    get url() {
      if (!server) throw new Error('the private server starts in beforeAll');
      return server.url;
    },
  };
}
