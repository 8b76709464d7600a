import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';

/** Tables and indexes of the security area; each migration file is owned by one area. */
export function securityMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One talent per ID number and enterprise, letter case ignored (issue 12 finding 6).
      await sql`CREATE UNIQUE INDEX cust_ent_idnumber_uq ON cust ("entId", upper("idNumber"))`.execute(db);
    },
  };
}
