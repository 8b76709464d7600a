import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * The organisation graph (DOMAIN.md §1): a merchant names its supplier in its own column and its parent
 * merchant in parentId (before, a top merchant's parentId pointed at its supplier); enterprises get a
 * parent, profile columns, their payout switches, cooperation rows and contracts. A new organisation's
 * top administrator must change the initial password at first sign-in.
 */
export function orgMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('mercht').addColumn('supplierId', 'integer', (c) => c.references('mercht.id')).execute();
      await db.schema.alterTable('mercht').addColumn('virtualType', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // Top merchants: the supplier moves from parentId to supplierId; sub-merchants take their parent's supplier.
      await sql`UPDATE mercht SET "supplierId" = "parentId", "parentId" = NULL
        WHERE "merchtType" = 0 AND "parentId" IN (SELECT id FROM mercht WHERE "merchtType" >= 100)`.execute(db);
      await sql`UPDATE mercht SET "supplierId" = (SELECT p."supplierId" FROM mercht p WHERE p.id = mercht."parentId")
        WHERE "merchtType" = 0 AND "supplierId" IS NULL AND "parentId" IS NOT NULL`.execute(db);
      await db.schema.createIndex('mercht_supplier_idx').on('mercht').column('supplierId').execute();

      for (const [name, type] of [
        ['parentId', 'integer'],
        ['creditCode', 'varchar(18)'],
        ['industry', 'varchar(50)'],
        ['area', 'varchar(50)'],
        ['address', 'varchar(200)'],
        ['remark', 'varchar(1000)'],
        ['quoteRatio', 'integer'],
        ['quoteRemark', 'varchar(500)'],
      ] as const) {
        await db.schema.alterTable('ent').addColumn(name, type, (c) => (name === 'parentId' ? c.references('ent.id') : c)).execute();
      }
      await db.schema.alterTable('admin_user').addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await createdUpdated(
        db.schema
          .createTable('ent_config')
          .addColumn('entId', 'integer', (c) => c.primaryKey().references('ent.id'))
          .addColumn('limitType', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('singleLimitFen', 'bigint')
          .addColumn('monthlyLimitFen', 'bigint')
          .addColumn('requireIdPhoto', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('requireSign', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('requireTaxReg', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('orderReview', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('tempOrderReview', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('ent_coop'), dialect)
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('coopStatus', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('reason', 'varchar(200)')
          .addUniqueConstraint('ent_coop_ent_supplier_uq', ['entId', 'supplierId']),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('ent_contract'), dialect)
          .addColumn('contractNo', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('category', 'integer', (c) => c.notNull())
          .addColumn('parentContractNo', 'varchar(32)')
          .addColumn('contractType', 'integer', (c) => c.notNull())
          .addColumn('startDate', 'varchar(10)', (c) => c.notNull())
          .addColumn('endDate', 'varchar(10)', (c) => c.notNull())
          .addColumn('file', 'text')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'varchar(1000)'),
      ).execute();
      await db.schema.createIndex('ent_contract_ent_idx').on('ent_contract').columns(['entId', 'category', 'status']).execute();

      await createdUpdated(
        withId(db.schema.createTable('mercht_contract'), dialect)
          .addColumn('contractNo', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('merchtId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('contractType', 'integer', (c) => c.notNull())
          .addColumn('startDate', 'varchar(10)', (c) => c.notNull())
          .addColumn('endDate', 'varchar(10)', (c) => c.notNull())
          .addColumn('file', 'text')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'varchar(1000)'),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('ent_file'), dialect)
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('fileType', 'integer', (c) => c.notNull())
          .addColumn('file', 'text', (c) => c.notNull())
          .addUniqueConstraint('ent_file_ent_type_uq', ['entId', 'fileType']),
      ).execute();
    },
  };
}
