import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect';
import { withId } from '../table-helpers';

/** The resource kit's own tables: saved searches, single-use export tokens and uploaded files. */
export function kitMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('saved_search'), dialect)
        .addColumn('userId', 'integer', (c) => c.notNull().references('admin_user.userId'))
        .addColumn('screen', 'varchar(100)', (c) => c.notNull())
        .addColumn('name', 'varchar(30)', (c) => c.notNull())
        .addColumn('cond', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('saved_search_user_screen_name_uq', ['userId', 'screen', 'name'])
        .execute();

      await db.schema
        .createTable('export_token')
        .addColumn('tokenHash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('userId', 'integer', (c) => c.notNull().references('admin_user.userId'))
        .addColumn('path', 'varchar(200)', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .addColumn('usedAt', 'bigint')
        .execute();

      await withId(db.schema.createTable('upload_file'), dialect)
        .addColumn('userId', 'integer', (c) => c.notNull().references('admin_user.userId'))
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('fileMd5', 'varchar(32)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storedAs', 'varchar(100)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
