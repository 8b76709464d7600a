import Database from 'better-sqlite3';
import path from 'node:path';

/** Opens an e2e server's SQLite file directly, for arranging states a user cannot reach quickly (time passing). */
export function openServerDatabase(dataDir: string): Database.Database {
  return new Database(path.join(dataDir, 'flexpay.db'));
}
