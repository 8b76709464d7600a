import path from 'node:path';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrations';
import { ensureSecurityIndexes } from './db/migrations/0002-security';
import { ensureOnlineIndexes } from './db/online-indexes';
import { accountsWithDemoPassword, databaseIsEmpty, seedDemo } from './demo/seed';
import { startOverdueJob } from './domain/task/overdue';
import { startSignScheduler } from './domain/cust/sign-scheduler';
import { startStatementJob } from './domain/ent/statement-job';
import { secureDataDir } from './security/files';
import { ensureKeyPair } from './security/rsa';
import { purgeLegacySessions } from './security/session';

/**
 * Brings the database and the data directory to the state a server needs: migrations, demo data on
 * an empty demo database, the RSA key pair. A cluster's primary runs it once before forking.
 */
export async function prepare(config: Config): Promise<void> {
  // Everything the server writes (database, journals, keys, uploads) is for its own user only.
  process.umask(0o077);
  secureDataDir(config.dataDir);
  const { db, dialect } = openDatabase(config);
  try {
    await migrate(db, dialect);
    // Databases that ran migration 0002 before it held these indexes get them now (idempotent).
    await ensureSecurityIndexes(db);
    await ensureOnlineIndexes(db, dialect);
    await purgeLegacySessions(db, Date.now());
    secureDataDir(config.dataDir);
    if (config.mode === 'demo' && (await databaseIsEmpty(db))) await seedDemo(db, Date.now(), path.join(config.dataDir, 'uploads'));
    if (config.mode === 'production') {
      const demo = await accountsWithDemoPassword(db);
      if (demo.length > 0) throw new Error(`production mode refuses to start: accounts still use the demo password (${demo.join(', ')})`);
    }
    ensureKeyPair(config.dataDir);
  } finally {
    await db.destroy();
  }
}

/** Serves the API and the suite until SIGINT/SIGTERM. */
export async function serve(config: Config): Promise<void> {
  process.umask(0o077);
  const { db, dialect } = openDatabase(config);
  const keys = ensureKeyPair(config.dataDir);
  const app = buildApp({ config, db, dialect, keys });
  // Packages past their end date go overdue (DOMAIN.md §7); stopped before the database closes.
  const stopOverdue = startOverdueJob(db, { now: Date.now, onError: (error) => app.log.error(error, 'package overdue job failed') });
  app.addHook('onClose', stopOverdue);
  // E-sign and tax-channel answers and sign expiry (DOMAIN.md §6); stopped before the database closes.
  app.addHook('onClose', startSignScheduler(db, { now: Date.now, onError: (error) => app.log.error(error, 'sign job failed') }));
  // Last month's statements by mail on the 1st from 01:00 (issue 25), once across processes and restarts.
  app.addHook('onClose', startStatementJob(db, { now: Date.now, onError: (error) => app.log.error(error, 'statement mail job failed') }));
  app.addHook('onClose', async () => db.destroy());
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ mode: config.mode, dialect, dataDir: config.dataDir, captchaOff: config.captchaOff }, 'FlexPay API ready');
}

export function exitOnError(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
