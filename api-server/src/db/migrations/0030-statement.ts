import type { Kysely, Migration } from 'kysely';

/**
 * 对账单 (issue 25): a scheduled job's run is claimed by inserting its key (`statementMail:2026-10`)
 * into job_run, in the same transaction as the job's work (the statement mails in the outbox). The key
 * is the primary key, so of several server processes on one PostgreSQL database only one inserts it (the
 * others wait on the key, then find it taken), and after a restart the run is found done: a run happens
 * exactly once, and one that failed rolled its key back and is tried again.
 */
export function statementMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job_run')
        .addColumn('jobKey', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('startedAt', 'bigint', (c) => c.notNull())
        .addColumn('finishedAt', 'bigint')
        .addColumn('result', 'varchar(1000)')
        .execute();
    },
  };
}
