import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { withId } from '../table-helpers';

/** Notices get a publish window and per-user read marks; SMS go through an outbox (DOMAIN.md §10). */
export function systemMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notice').addColumn('publishAt', 'bigint').execute();
      await db.schema.alterTable('notice').addColumn('expireAt', 'bigint').execute();
      await db.schema
        .createTable('notice_read')
        .addColumn('userId', 'integer', (c) => c.notNull().references('admin_user.userId'))
        .addColumn('noticeId', 'integer', (c) => c.notNull().references('notice.id'))
        .addColumn('readAt', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_read_pk', ['userId', 'noticeId'])
        .execute();

      await withId(db.schema.createTable('sms_outbox'), dialect)
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('smsType', 'integer', (c) => c.notNull())
        .addColumn('purpose', 'integer')
        .addColumn('content', 'varchar(500)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_outbox_phone_idx').on('sms_outbox').columns(['phone', 'createdAt']).execute();

      await withId(db.schema.createTable('sms_code'), dialect)
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('purpose', 'integer', (c) => c.notNull())
        .addColumn('codeHash', 'varchar(64)', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .addColumn('usedAt', 'bigint')
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_code_phone_idx').on('sms_code').columns(['phone', 'purpose', 'createdAt']).execute();
    },
  };
}
