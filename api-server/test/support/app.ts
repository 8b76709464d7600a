import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { type Config, findRepoRoot } from '../../src/config';
import { type DialectName, openPostgres, openSqlite } from '../../src/db/connect';
import { ensureOnlineIndexes } from '../../src/db/online-indexes';
import { migrate } from '../../src/db/migrations';
import type { Database } from '../../src/db/schema';
import { seedDemo } from '../../src/demo/seed';
import { ensureKeyPair, type KeyPair } from '../../src/security/rsa';
import { SignedClient } from './client';

export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  keys: KeyPair;
  config: Config;
  client(): SignedClient;
  /** Another server over the same database with its own connections, as a second process would be. */
  sibling(o?: { keys?: KeyPair }): Promise<{ app: FastifyInstance; client(): SignedClient; close(): Promise<void> }>;
  close(): Promise<void>;
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const repoRoot = findRepoRoot(__dirname);
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    mode: 'demo',
    captchaOff: true,
    staticOn: false,
    overridesOn: false,
    repoRoot,
    importMapPath: privateImportMap(repoRoot, dataDir),
    logLevel: 'silent',
    ...overrides,
  };
}

/**
 * A copy of the repository's import map in the context's data directory: 应用版本's rollback (and the
 * fuzzer calling it) writes the map it is given, never the repository's.
 */
function privateImportMap(repoRoot: string, dataDir: string): string {
  const file = path.join(dataDir, 'import-map.json');
  if (!fs.existsSync(file)) fs.copyFileSync(path.join(repoRoot, 'import-map.json'), file);
  return file;
}

/** A fresh database per context: a new SQLite file, or a new database in the shared cluster. */
async function freshDatabase(dialect: DialectName, dataDir: string): Promise<{ db: Kysely<Database>; reopen(): Kysely<Database>; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'flexpay.db');
    return { db: openSqlite(file).db, reopen: () => openSqlite(file).db, drop: async () => undefined };
  }
  const adminUrl = process.env.FLEXPAY_TEST_PG_URL;
  if (!adminUrl) throw new Error('FLEXPAY_TEST_PG_URL is not set: the jest globalSetup starts PostgreSQL');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db } = openPostgres(url.toString());
  return {
    db,
    reopen: () => openPostgres(url.toString()).db,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.end();
    },
  };
}

export async function createTestContext(
  dialect: DialectName,
  options: { seed?: boolean; config?: Partial<Config>; now?: () => number } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-api-'));
  const config = testConfig(dataDir, options.config);
  const { db, reopen, drop } = await freshDatabase(dialect, dataDir);
  await migrate(db, dialect);
  await ensureOnlineIndexes(db, dialect);
  if (options.seed !== false) await seedDemo(db, Date.now(), path.join(dataDir, 'uploads'));
  const keys = ensureKeyPair(dataDir);
  const app = buildApp({ config, db, dialect, keys, logger: false, now: options.now });
  await app.ready();
  return {
    app,
    db,
    keys,
    config,
    client: () => new SignedClient(app, keys.publicPem),
    sibling: async (o = {}) => {
      const siblingDb = reopen();
      const siblingKeys = o.keys ?? keys;
      const sibling = buildApp({ config: { ...config }, db: siblingDb, dialect, keys: siblingKeys, logger: false, now: options.now });
      await sibling.ready();
      return {
        app: sibling,
        client: () => new SignedClient(sibling, siblingKeys.publicPem),
        close: async () => {
          await sibling.close();
          await siblingDb.destroy();
        },
      };
    },
    close: async () => {
      await app.close();
      await db.destroy();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
