import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';

/**
 * What the guard checks on every signed-in call (the session, the account, its permissions, its
 * organisation) is cached per process (security/auth-cache.ts). A cached answer is used only while
 * `auth_epoch.n` is unchanged; these triggers move it in the same transaction as any change to those
 * rows, whichever process or tool writes it, so a refusal (logout, disabled account or organisation,
 * withdrawn permission) holds on the next call in every process.
 */
const WATCHED: Array<{ table: string; event: string; when?: string }> = [
  { table: 'session', event: 'UPDATE OF "endedAt", "endReason"' },
  { table: 'session', event: 'DELETE' },
  // The server only moves a session's idle clock forward; setting it back (an operator shortening a
  // session) must reach the caches too, while the once-a-minute forward writes do not move the epoch.
  { table: 'session', event: 'UPDATE OF "lastSeenAt"', when: 'NEW."lastSeenAt" < OLD."lastSeenAt"' },
  { table: 'admin_user', event: 'UPDATE' },
  { table: 'admin_user', event: 'DELETE' },
  { table: 'admin_user_perm', event: 'INSERT' },
  { table: 'admin_user_perm', event: 'UPDATE' },
  { table: 'admin_user_perm', event: 'DELETE' },
  { table: 'ent', event: 'UPDATE OF "entCode", "entName", "merchtId", "supplierId", "status"' },
  { table: 'ent', event: 'DELETE' },
  { table: 'mercht', event: 'UPDATE OF "merchtCode", "name", "merchtType", "parentId", "status"' },
  { table: 'mercht', event: 'DELETE' },
];

export function authEpochMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_epoch')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO auth_epoch (id, n) VALUES (1, 0)`.execute(db);
      if (dialect === 'postgres')
        await sql`CREATE FUNCTION flexpay_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN UPDATE auth_epoch SET n = n + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
      for (const [i, { table, event, when }] of WATCHED.entries()) {
        const name = `auth_epoch_${i}_${table}`;
        const condition = when ? ` WHEN (${when})` : '';
        // Deferred to commit on PostgreSQL: the epoch row is locked last, after every other row of the
        // transaction, so two transactions can never wait on each other through it. SQLite has one writer.
        await sql
          .raw(
            dialect === 'postgres'
              ? `CREATE CONSTRAINT TRIGGER ${name} AFTER ${event} ON "${table}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW${condition} EXECUTE FUNCTION flexpay_auth_changed()`
              : `CREATE TRIGGER ${name} AFTER ${event} ON "${table}" FOR EACH ROW${condition} BEGIN UPDATE auth_epoch SET n = n + 1 WHERE id = 1; END`,
          )
          .execute(db);
      }
    },
  };
}
