import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';

/**
 * Indexes of the security area (issue 12). `IF NOT EXISTS` because databases created before they were
 * added here had already run this migration while it was empty: server.ts calls ensureSecurityIndexes
 * after migrating, so those databases get them too.
 */
export async function ensureSecurityIndexes(db: Kysely<any>): Promise<void> { // eslint-disable-line @typescript-eslint/no-explicit-any
  // One talent per (ID type, ID number), letter case ignored (finding 6; issue 8 made it global, 0022).
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS cust_idnumber_uq ON cust ("idType", upper("idNumber"))`.execute(db);
}

/** Tables and indexes of the security area; each migration file is owned by one area. */
export function securityMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await ensureSecurityIndexes(db);
    },
  };
}
