import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** int8 (counts, fen, ms) and numeric (sums) arrive as strings by default; all ours fit a JS number. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

const postgresPools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pool behind a database opened by openPostgres (security/auth-cache.ts LISTENs with its settings). */
export function postgresPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return postgresPools.get(db);
}

export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, types: pgTypes as pg.CustomTypesConfig, max: 10 });
  // pg-cursor lets Kysely's stream() read a large result in fetches on one connection (exports).
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  postgresPools.set(db, pool);
  return { db, dialect: 'postgres' };
}

export function openSqlite(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

const STATEMENT_CACHE_LIMIT = 500;

/**
 * Kysely prepares every query afresh; preparing was the largest server cost per call in a profile.
 * Queries are parameterised, so the SQL texts repeat and their statements can be reused.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver);
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
          statement = prepare(source);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Db {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(path.join(options.dataDir, 'flexpay.db'));
}
