import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * Task packages (issue 15, DOMAIN.md §7): a package's dates, description, attachment, review reason and
 * settled total; the talents assigned to a private package; the takers (10 taken, 20 completed,
 * 90 cancelled) a payout row with a package code is checked against.
 */
export function packageMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // SQLite adds one column per statement.
      await db.schema.alterTable('work_package').addColumn('startDate', 'varchar(10)').execute();
      await db.schema.alterTable('work_package').addColumn('endDate', 'varchar(10)').execute();
      await db.schema.alterTable('work_package').addColumn('description', 'varchar(1000)').execute();
      await db.schema.alterTable('work_package').addColumn('attachment', 'text').execute();
      await db.schema.alterTable('work_package').addColumn('reviewRemark', 'varchar(200)').execute();
      await db.schema.alterTable('work_package').addColumn('settledFen', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('work_package_state_idx').on('work_package').columns(['status', 'endDate']).execute();

      await withId(db.schema.createTable('work_package_talent'), dialect)
        .addColumn('packageId', 'integer', (c) => c.notNull().references('work_package.id'))
        .addColumn('custId', 'integer', (c) => c.notNull().references('cust.id'))
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('work_package_talent_uq').on('work_package_talent').columns(['packageId', 'custId']).unique().execute();

      await createdUpdated(
        withId(db.schema.createTable('work_package_taker'), dialect)
          .addColumn('packageId', 'integer', (c) => c.notNull().references('work_package.id'))
          .addColumn('custId', 'integer', (c) => c.notNull().references('cust.id'))
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('completedAt', 'bigint')
          .addColumn('remark', 'varchar(200)'),
      ).execute();
      await db.schema.createIndex('work_package_taker_uq').on('work_package_taker').columns(['packageId', 'custId']).unique().execute();
      await db.schema.createIndex('work_package_taker_cust_idx').on('work_package_taker').columns(['custId', 'status']).execute();
    },
  };
}
