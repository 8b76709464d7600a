import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';

/**
 * What the guard checks on every signed-in call (the session, the account, its permissions, its
 * organisation) is cached per process (security/auth-cache.ts). A cached answer is used only while
 * `auth_epoch.n` is unchanged; these triggers move it in the same transaction as any change to those
 * rows, whichever process or tool writes it, so a refusal (logout, disabled account or organisation,
 * withdrawn permission) holds on the next call in every process.
 */
const WATCHED: Array<{ table: string; events: string[] }> = [
  { table: 'session', events: ['UPDATE OF "endedAt", "endReason"', 'DELETE'] },
  { table: 'admin_user', events: ['UPDATE', 'DELETE'] },
  { table: 'admin_user_perm', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'ent', events: ['UPDATE OF "entCode", "entName", "merchtId", "supplierId", "status"', 'DELETE'] },
  { table: 'mercht', events: ['UPDATE OF "merchtCode", "name", "merchtType", "parentId", "status"', 'DELETE'] },
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
      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION flexpay_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN UPDATE auth_epoch SET n = n + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
        // Deferred to commit: the epoch row is locked last, after every other row of the transaction,
        // so two transactions can never wait on each other through it.
        for (const { table, events } of WATCHED)
          await sql
            .raw(
              `CREATE CONSTRAINT TRIGGER auth_epoch_${table} AFTER ${events.join(' OR ')} ON "${table}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION flexpay_auth_changed()`,
            )
            .execute(db);
        return;
      }
      // SQLite has one writer at a time and one event per trigger.
      for (const { table, events } of WATCHED)
        for (const [i, event] of events.entries())
          await sql.raw(`CREATE TRIGGER auth_epoch_${table}_${i} AFTER ${event} ON "${table}" BEGIN UPDATE auth_epoch SET n = n + 1 WHERE id = 1; END`).execute(db);
    },
  };
}
