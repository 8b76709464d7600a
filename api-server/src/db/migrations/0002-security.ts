import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect';

/** Tables and indexes of the security area; each migration file is owned by one area. */
export function securityMigration(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
  };
}
