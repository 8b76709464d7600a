import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect';

/** Tables and indexes of the kit area; each migration file is owned by one area. */
export function kitMigration(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
  };
}
