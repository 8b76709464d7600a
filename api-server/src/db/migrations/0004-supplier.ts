import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect';

/** Tables and indexes of the supplier area; each migration file is owned by one area. */
export function supplierMigration(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
  };
}
