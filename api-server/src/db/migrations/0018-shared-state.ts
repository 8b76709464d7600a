import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { withId } from '../table-helpers';

/**
 * Counters that several server processes must share (npm run start:cluster): the throttles of
 * security/throttle.ts and the per-IP budget of @fastify/rate-limit (security/rate-store.ts).
 */
export function sharedStateMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('throttle_hit'), dialect)
        .addColumn('bucket', 'varchar(40)', (c) => c.notNull())
        .addColumn('hitKey', 'varchar(200)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('throttle_hit_key_idx').on('throttle_hit').columns(['bucket', 'hitKey', 'at']).execute();
      await db.schema.createIndex('throttle_hit_at_idx').on('throttle_hit').columns(['bucket', 'at']).execute();
      await db.schema
        .createTable('rate_limit')
        .addColumn('bucketKey', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('resetAt', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
