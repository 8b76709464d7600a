import { type Kysely, type Migration } from 'kysely';

/**
 * A supplier's notices reach only its own organisation and the merchants and enterprises under it;
 * the platform's (publisherId null) reach everybody their target names.
 */
export function noticeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notice').addColumn('publisherId', 'integer').execute();
      await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['createdAt']).execute();
      await db.schema.createIndex('sms_outbox_created_idx').on('sms_outbox').columns(['createdAt']).execute();
    },
  };
}
