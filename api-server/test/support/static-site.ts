import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { openSqlite } from '../../src/db/connect';
import { migrate } from '../../src/db/migrations';
import { ensureKeyPair } from '../../src/security/rsa';
import { testConfig } from './app';

/**
 * A throwaway built suite in miniature (its own repository folder, import map and data folder) and
 * servers over it with the static suite on, for the tests of what the server sends to browsers.
 */
export class StaticSite {
  readonly repo = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-site-'));
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-site-data-'));
  private readonly apps: FastifyInstance[] = [];

  write(file: string, text: string): void {
    fs.mkdirSync(path.dirname(path.join(this.repo, file)), { recursive: true });
    fs.writeFileSync(path.join(this.repo, file), text);
  }

  /** A ready server over the site; each has its own SQLite file and is closed by `close()`. */
  async start(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
    const { db } = openSqlite(path.join(this.dataDir, `${this.apps.length}.db`));
    await migrate(db, 'sqlite');
    const config = testConfig(this.dataDir, { staticOn: true, repoRoot: this.repo, importMapPath: path.join(this.repo, 'import-map.json'), ...overrides });
    const app = buildApp({ config, db, dialect: 'sqlite', keys: ensureKeyPair(this.dataDir), logger: false });
    app.addHook('onClose', async () => db.destroy());
    this.apps.push(app);
    await app.ready();
    return app;
  }

  async close(): Promise<void> {
    for (const app of this.apps) await app.close();
    fs.rmSync(this.repo, { recursive: true, force: true });
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
