import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/** 开票信息 (one row per enterprise) and 开票项目 (a supplier's invoice items), DOMAIN.md §5. */
export function invoiceInfoMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createdUpdated(
        db.schema
          .createTable('invoice_info')
          .addColumn('entId', 'integer', (c) => c.primaryKey().references('ent.id'))
          .addColumn('title', 'varchar(100)', (c) => c.notNull())
          .addColumn('taxNo', 'varchar(20)', (c) => c.notNull())
          .addColumn('invoiceKind', 'integer', (c) => c.notNull())
          .addColumn('medium', 'integer', (c) => c.notNull())
          .addColumn('address', 'varchar(200)')
          .addColumn('phone', 'varchar(20)')
          .addColumn('bankName', 'varchar(100)')
          .addColumn('bankAccount', 'varchar(32)')
          .addColumn('mailAddress', 'varchar(200)')
          .addColumn('email', 'varchar(100)'),
      ).execute();
      await createdUpdated(
        withId(db.schema.createTable('invoice_item'), dialect)
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('itemName', 'varchar(100)', (c) => c.notNull())
          .addColumn('taxCode', 'varchar(19)', (c) => c.notNull())
          .addColumn('taxRate', 'integer', (c) => c.notNull())
          .addColumn('remark', 'varchar(1000)'),
      ).execute();
      await db.schema.createIndex('invoice_item_supplier_idx').on('invoice_item').columns(['supplierId', 'itemName']).unique().execute();
    },
  };
}
