import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';

/** The notification channel each server process LISTENs on (security/auth-cache.ts). */
export const AUTH_EPOCH_CHANNEL = 'flexpay_auth_epoch';

/**
 * Issue 24: each PostgreSQL process keeps `auth_epoch.n` in memory instead of reading it on every
 * signed call. The epoch's trigger function (migration 0028) now also announces the new value with
 * pg_notify, delivered to every listening connection when the transaction commits, so every process
 * drops its cached callers at once. SQLite keeps reading the epoch per call (an in-process read).
 */
export function authEpochNotifyMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql
        .raw(
          `CREATE OR REPLACE FUNCTION flexpay_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
          DECLARE moved bigint;
          BEGIN
            UPDATE auth_epoch SET n = n + 1 WHERE id = 1 RETURNING n INTO moved;
            PERFORM pg_notify('${AUTH_EPOCH_CHANNEL}', moved::text);
            RETURN NULL;
          END $$`,
        )
        .execute(db);
    },
  };
}
