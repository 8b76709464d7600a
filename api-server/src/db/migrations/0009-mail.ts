import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { withId } from '../table-helpers';

/** Mail goes through a provider like SMS; the built-in one writes this outbox (邮件记录). */
export function mailMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('email', 'varchar(200)', (c) => c.notNull())
        .addColumn('subject', 'varchar(200)', (c) => c.notNull())
        .addColumn('content', 'varchar(2000)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').columns(['createdAt']).execute();
      // Recovery codes are bound to an account (`u<userId>`), not to a phone two accounts may share.
      await db.schema.alterTable('sms_code').addColumn('account', 'varchar(40)').execute();
    },
  };
}
