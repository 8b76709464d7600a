import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { prepare } from './boot';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { LARGE_DEFAULTS, type LargeOptions, postgresTarget, seedLarge, sqliteTarget } from './demo/seed-large';

/**
 * `npm run seed:large -- --orders 1000000 [--enterprises 2000 --talents 200000 --lines 5]`: fills the
 * database the server would use (DATABASE_URL, else the SQLite file under FLEXPAY_DATA_DIR) with
 * large-volume data on top of the demo data. Run it on a fresh database, with the servers stopped.
 */
function readOptions(argv: string[]): LargeOptions {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    const n = i >= 0 ? Number(argv[i + 1]) : fallback;
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} 须为正整数`);
    return n;
  };
  return {
    orders: value('orders', LARGE_DEFAULTS.orders),
    enterprises: value('enterprises', LARGE_DEFAULTS.enterprises),
    talents: value('talents', LARGE_DEFAULTS.talents),
    linesPerOrder: value('lines', LARGE_DEFAULTS.linesPerOrder),
    now: Date.now(),
  };
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const config = { ...loadConfig(), mode: 'demo' as const };
  await prepare(config);
  const { db } = openDatabase(config);
  const pool = config.databaseUrl ? new pg.Pool({ connectionString: config.databaseUrl, max: 2 }) : null;
  const sqlite = pool ? null : new SQLite(path.join(config.dataDir, 'flexpay.db'));
  try {
    sqlite?.pragma('journal_mode = WAL');
    sqlite?.pragma('synchronous = OFF');
    const target = pool ? postgresTarget(() => pool.connect()) : sqliteTarget(sqlite as SQLite.Database);
    const started = Date.now();
    await seedLarge(db, target, options, (r) => console.log(`${r.table.padEnd(16)} ${String(r.rows).padStart(10)} 行  ${r.seconds.toFixed(1)} 秒`));
    console.log(`完成：用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒（${pool ? 'PostgreSQL COPY' : 'SQLite'}）`);
  } finally {
    sqlite?.close();
    await pool?.end();
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
