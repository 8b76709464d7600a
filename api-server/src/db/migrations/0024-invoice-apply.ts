import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * 开票申请 (DOMAIN.md §5): the application's own columns (type, item and rate, tax and amount
 * excluding tax, the enterprise's invoice information as it was when applied, reason, express), the
 * orders it covers, its vouchers and its invoice files.
 *
 * An order is in at most one live application: invoice_apply_order.liveOrderNo holds the order number
 * while the application is live (10/20/30) and NULL once it is released, under a unique index, so two
 * concurrent applications naming one order cannot both commit.
 */
export function invoiceApplyMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const add = (column: string, type: 'integer' | 'bigint' | `varchar(${number})`, notNullDefault?: number) =>
        db.schema
          .alterTable('invoice_apply')
          .addColumn(column, type, (c) => (notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault)))
          .execute();
      await add('applyType', 'integer', 10);
      await add('itemId', 'integer');
      await add('taxRate', 'integer', 0);
      await add('taxFen', 'bigint', 0);
      await add('exclFen', 'bigint', 0);
      await add('orderCount', 'integer', 0);
      await add('medium', 'integer', 1);
      await add('title', 'varchar(100)');
      await add('taxNo', 'varchar(20)');
      await add('address', 'varchar(200)');
      await add('phone', 'varchar(20)');
      await add('bankName', 'varchar(100)');
      await add('bankAccount', 'varchar(32)');
      await add('mailAddress', 'varchar(200)');
      await add('email', 'varchar(100)');
      await add('remark', 'varchar(1000)');
      await add('reason', 'varchar(200)');
      await add('expressCompany', 'varchar(20)');
      await add('expressNo', 'varchar(40)');
      await add('issuedAt', 'bigint');

      await withId(db.schema.createTable('invoice_apply_order'), dialect)
        .addColumn('applyId', 'integer', (c) => c.notNull().references('invoice_apply.id'))
        .addColumn('orderNo', 'varchar(32)', (c) => c.notNull())
        .addColumn('amountFen', 'bigint', (c) => c.notNull())
        .addColumn('liveOrderNo', 'varchar(32)')
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoice_apply_order_live_uq').on('invoice_apply_order').column('liveOrderNo').unique().execute();
      await db.schema.createIndex('invoice_apply_order_apply_idx').on('invoice_apply_order').column('applyId').execute();

      await withId(db.schema.createTable('invoice_voucher'), dialect)
        .addColumn('applyId', 'integer', (c) => c.notNull().references('invoice_apply.id'))
        .addColumn('voucherType', 'integer', (c) => c.notNull())
        .addColumn('file', 'varchar(1000)', (c) => c.notNull())
        .addColumn('uploaderType', 'integer', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoice_voucher_apply_idx').on('invoice_voucher').column('applyId').execute();

      await createdUpdated(
        withId(db.schema.createTable('invoice_file'), dialect)
          .addColumn('applyId', 'integer', (c) => c.notNull().references('invoice_apply.id'))
          .addColumn('invoiceNo', 'varchar(20)', (c) => c.notNull())
          .addColumn('invoiceCode', 'varchar(20)')
          .addColumn('invoiceDate', 'varchar(10)', (c) => c.notNull())
          .addColumn('totalFen', 'bigint', (c) => c.notNull())
          .addColumn('taxFen', 'bigint', (c) => c.notNull())
          .addColumn('file', 'varchar(1000)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('invoice_file_apply_idx').on('invoice_file').column('applyId').execute();
    },
  };
}
