import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PgCluster {
  url: string;
  dir: string;
  stop(): void;
}

/** initdb/pg_ctl from PATH, else the newest /usr/lib/postgresql/<version>/bin. */
export function findPgBin(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found on PATH or under /usr/lib/postgresql');
  return path.join(base, versions[0], 'bin');
}

/** A loopback port nobody listens on now (for a throwaway server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: run it as the `postgres` account, creating one if needed. */
function serverAccount(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => {
    try {
      return {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      };
    } catch {
      return null;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  const created = lookup();
  if (!created) throw new Error('could not create a non-root postgres account');
  return created;
}

function run(bin: string, args: string[], options: SpawnSyncOptions): void {
  const result = spawnSync(bin, args, { ...options, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout || result.error}`);
}

export async function startPostgres(): Promise<PgCluster> {
  const bin = findPgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-pg-'));
  const dataDir = path.join(dir, 'data');
  const account = serverAccount();
  if (account) fs.chownSync(dir, account.uid, account.gid);
  fs.chmodSync(dir, 0o700);
  const options: SpawnSyncOptions = { cwd: dir, env: { ...process.env, LC_ALL: 'C' }, ...(account ?? {}) };
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], options);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', serverOptions, 'start'], options);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop() {
      spawnSync(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], options);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
