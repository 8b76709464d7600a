import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * Payout orders (issue 10, DOMAIN.md §4): temp orders gain their channel, package, review snapshot
 * and rows; orders gain the money columns the worker settles (lock, success, fail), the claim columns
 * of the database-as-queue and their lines; the simulated bank keeps its transactions in the database
 * so every server process sees them; a progress feed and per-person month lock rows. pay_order's
 * existing columns stay (invoices read them).
 */
export function orderMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const alterTemp = (name: string, type: 'integer' | 'bigint' | 'varchar(32)' | 'varchar(200)' | 'varchar(500)' | 'varchar(50)' | 'text', def?: number) =>
        db.schema.alterTable('temp_order').addColumn(name, type, (c) => (def === undefined ? c : c.notNull().defaultTo(def))).execute();
      await alterTemp('payChannel', 'integer', 1);
      await alterTemp('packageCode', 'varchar(32)');
      await alterTemp('needReview', 'integer', 0);
      await alterTemp('errorCount', 'integer', 0);
      await alterTemp('reason', 'varchar(500)');
      await alterTemp('remark', 'varchar(200)');
      await alterTemp('excelFile', 'text');
      await alterTemp('orderNo', 'varchar(32)');
      await alterTemp('operatorName', 'varchar(50)');

      await createdUpdated(
        withId(db.schema.createTable('temp_order_detail'), dialect)
          .addColumn('tempOrderId', 'integer', (c) => c.notNull().references('temp_order.id').onDelete('cascade'))
          .addColumn('rowNo', 'integer', (c) => c.notNull())
          .addColumn('name', 'varchar(50)', (c) => c.notNull())
          .addColumn('idType', 'integer')
          .addColumn('idNumber', 'varchar(40)', (c) => c.notNull())
          .addColumn('phone', 'varchar(20)')
          .addColumn('account', 'varchar(40)', (c) => c.notNull())
          .addColumn('bankName', 'varchar(100)')
          .addColumn('amountText', 'varchar(30)', (c) => c.notNull())
          .addColumn('amountFen', 'bigint')
          .addColumn('remark', 'varchar(200)')
          .addColumn('errorType', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('errorMsg', 'varchar(100)'),
      ).execute();
      await db.schema.createIndex('temp_order_detail_row_idx').on('temp_order_detail').columns(['tempOrderId', 'rowNo']).execute();

      const alterOrder = (name: string, type: 'integer' | 'bigint' | 'varchar(32)' | 'varchar(64)' | 'varchar(200)' | 'varchar(500)' | 'varchar(50)', def?: number) =>
        db.schema.alterTable('pay_order').addColumn(name, type, (c) => (def === undefined ? c : c.notNull().defaultTo(def))).execute();
      await alterOrder('tempOrderNo', 'varchar(32)');
      await alterOrder('calcMode', 'integer', 0);
      await alterOrder('lockFen', 'bigint', 0);
      await alterOrder('successFen', 'bigint', 0);
      await alterOrder('failFen', 'bigint', 0);
      await alterOrder('successCount', 'integer', 0);
      await alterOrder('failCount', 'integer', 0);
      await alterOrder('resubmitCount', 'integer', 0);
      await alterOrder('channelBatchNo', 'varchar(64)');
      await alterOrder('reason', 'varchar(500)');
      await alterOrder('remark', 'varchar(200)');
      await alterOrder('operatorName', 'varchar(50)');
      // The queue: the worker takes orders in a working status whose nextRunAt has come.
      await alterOrder('nextRunAt', 'bigint', 0);
      await db.schema.createIndex('pay_order_queue_idx').on('pay_order').columns(['status', 'nextRunAt']).execute();
      await db.schema.createIndex('pay_order_ent_idx').on('pay_order').columns(['entId', 'id']).execute();

      await createdUpdated(
        withId(db.schema.createTable('order_detail'), dialect)
          .addColumn('orderId', 'integer', (c) => c.notNull().references('pay_order.id'))
          .addColumn('orderNo', 'varchar(32)', (c) => c.notNull())
          .addColumn('rowNo', 'integer', (c) => c.notNull())
          .addColumn('serialNo', 'varchar(48)', (c) => c.notNull().unique())
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('merchtId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('payChannel', 'integer', (c) => c.notNull())
          .addColumn('custId', 'integer', (c) => c.references('cust.id'))
          .addColumn('name', 'varchar(50)', (c) => c.notNull())
          .addColumn('idType', 'integer', (c) => c.notNull())
          .addColumn('idNumber', 'varchar(40)', (c) => c.notNull())
          .addColumn('phone', 'varchar(20)')
          .addColumn('account', 'varchar(40)', (c) => c.notNull())
          .addColumn('bankName', 'varchar(100)')
          .addColumn('amountFen', 'bigint', (c) => c.notNull())
          .addColumn('feeFen', 'bigint', (c) => c.notNull())
          .addColumn('lockFen', 'bigint', (c) => c.notNull())
          .addColumn('payeeFen', 'bigint', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('errorType', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('reason', 'varchar(200)')
          .addColumn('receiptFile', 'varchar(100)')
          .addColumn('remark', 'varchar(200)')
          // yyyy-MM (Asia/Shanghai) of the order: the month its amount counts against the person's limit.
          .addColumn('month', 'varchar(7)', (c) => c.notNull())
          .addColumn('resultAt', 'bigint'),
      ).execute();
      await db.schema.createIndex('order_detail_order_idx').on('order_detail').columns(['orderId', 'rowNo']).execute();
      await db.schema.createIndex('order_detail_orderno_idx').on('order_detail').columns(['orderNo', 'status']).execute();
      await db.schema.createIndex('order_detail_person_idx').on('order_detail').columns(['idNumber', 'supplierId', 'month']).execute();
      await db.schema.createIndex('order_detail_ent_idx').on('order_detail').columns(['entId', 'id']).execute();

      // The simulated bank's side (DOMAIN.md §4 SimBank), idempotent by serialNo.
      await withId(db.schema.createTable('sim_bank_txn'), dialect)
        .addColumn('serialNo', 'varchar(48)', (c) => c.notNull().unique())
        .addColumn('batchNo', 'varchar(64)', (c) => c.notNull())
        .addColumn('orderNo', 'varchar(32)', (c) => c.notNull())
        .addColumn('entId', 'integer', (c) => c.notNull())
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('payeeFen', 'bigint', (c) => c.notNull())
        .addColumn('outcome', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(200)')
        .addColumn('receiptFile', 'varchar(100)')
        .addColumn('ackAt', 'bigint', (c) => c.notNull())
        .addColumn('resultAt', 'bigint', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sim_bank_txn_order_idx').on('sim_bank_txn').columns(['orderNo']).execute();
      await db.schema.createIndex('sim_bank_txn_day_idx').on('sim_bank_txn').columns(['entId', 'channel', 'day']).execute();

      // Live progress (order/progress/stream): one row per change of an order, read by id across processes.
      await withId(db.schema.createTable('order_progress'), dialect)
        .addColumn('orderNo', 'varchar(32)', (c) => c.notNull())
        .addColumn('entId', 'integer', (c) => c.notNull())
        .addColumn('supplierId', 'integer', (c) => c.notNull())
        .addColumn('merchtId', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('lineCount', 'integer', (c) => c.notNull())
        .addColumn('successCount', 'integer', (c) => c.notNull())
        .addColumn('failCount', 'integer', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();

      // One row per person × effective supplier × month, locked while a line of that person is checked against the monthly limit.
      await withId(db.schema.createTable('payout_limit_lock'), dialect)
        .addColumn('supplierId', 'integer', (c) => c.notNull())
        .addColumn('person', 'varchar(50)', (c) => c.notNull())
        .addColumn('month', 'varchar(7)', (c) => c.notNull())
        .addColumn('touchedAt', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('payout_limit_lock_uq', ['supplierId', 'person', 'month'])
        .execute();
    },
  };
}
