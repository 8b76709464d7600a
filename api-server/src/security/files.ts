import fs from 'node:fs';
import path from 'node:path';

/** Files of the data directory that hold secrets or data: the SQLite database and its journals, the private key. */
const PRIVATE_FILES = ['flexpay.db', 'flexpay.db-wal', 'flexpay.db-shm', 'flexpay.db-journal', 'rsa_private.pem'];

/**
 * Data at rest (issue 12 finding 11): the data directory is 0700 and its database and key files
 * 0600, including ones left by an older version. Files created later (uploads, journals) inherit
 * owner-only modes from the process umask set in server.ts.
 */
export function secureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dataDir).mode & 0o077) !== 0) fs.chmodSync(dataDir, 0o700);
  for (const name of PRIVATE_FILES) {
    const file = path.join(dataDir, name);
    if (fs.existsSync(file) && (fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  }
}
