import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/** The 供应商管理 area (DOMAIN.md §1): tax sources, supplier configs, pay channels, xkj platforms. */
export function supplierMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createdUpdated(
        withId(db.schema.createTable('tax_source'), dialect)
          .addColumn('tsCode', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(50)', (c) => c.notNull())
          .addColumn('province', 'varchar(20)', (c) => c.notNull())
          .addColumn('city', 'varchar(20)', (c) => c.notNull())
          .addColumn('taxAuthority', 'varchar(100)')
          .addColumn('singleLimitFen', 'bigint', (c) => c.notNull())
          .addColumn('monthlyLimitFen', 'bigint', (c) => c.notNull())
          .addColumn('vatRate', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'varchar(1000)'),
      ).execute();

      await db.schema.alterTable('mercht').addColumn('taxSourceId', 'integer', (c) => c.references('tax_source.id')).execute();
      await db.schema.alterTable('mercht').addColumn('creditCode', 'varchar(18)').execute();
      await db.schema.alterTable('mercht').addColumn('remark', 'varchar(1000)').execute();

      await createdUpdated(
        db.schema
          .createTable('pay_channel')
          .addColumn('channel', 'integer', (c) => c.primaryKey())
          .addColumn('name', 'varchar(50)', (c) => c.notNull())
          .addColumn('adapter', 'varchar(16)', (c) => c.notNull())
          .addColumn('manualCredit', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('dayLimitFen', 'bigint')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'varchar(1000)'),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('supplier_config'), dialect)
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('channel', 'integer', (c) => c.notNull().references('pay_channel.channel'))
          .addColumn('configType', 'integer', (c) => c.notNull())
          .addColumn('payeeAcctName', 'varchar(100)', (c) => c.notNull())
          .addColumn('payeeAcct', 'varchar(30)', (c) => c.notNull())
          .addColumn('payeeBank', 'varchar(100)', (c) => c.notNull())
          .addColumn('merchantNo', 'varchar(64)')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('supplier_config_supplier_channel_uq', ['supplierId', 'channel']),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('supplier_sms_config'), dialect)
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('smsType', 'integer', (c) => c.notNull())
          .addColumn('signName', 'varchar(20)', (c) => c.notNull())
          .addColumn('templateCode', 'varchar(50)', (c) => c.notNull())
          .addColumn('templateText', 'varchar(500)', (c) => c.notNull())
          .addUniqueConstraint('supplier_sms_config_supplier_type_uq', ['supplierId', 'smsType']),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('supplier_tax_proof'), dialect)
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('month', 'varchar(7)', (c) => c.notNull())
          .addColumn('invoiceNo', 'varchar(32)', (c) => c.notNull())
          .addColumn('amountFen', 'bigint', (c) => c.notNull())
          .addColumn('file', 'text', (c) => c.notNull())
          .addColumn('remark', 'varchar(1000)'),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('distributor_config'), dialect)
          .addColumn('supplierId', 'integer', (c) => c.notNull().unique().references('mercht.id'))
          .addColumn('upstreamId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('ratio', 'integer', (c) => c.notNull())
          .addColumn('remark', 'varchar(1000)'),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('pay_channel_bank_config'), dialect)
          .addColumn('channel', 'integer', (c) => c.notNull().references('pay_channel.channel'))
          .addColumn('bankCode', 'varchar(20)', (c) => c.notNull())
          .addColumn('bankName', 'varchar(50)', (c) => c.notNull())
          .addColumn('singleLimitFen', 'bigint', (c) => c.notNull())
          .addColumn('dayLimitFen', 'bigint', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('pay_channel_bank_config_uq', ['channel', 'bankCode']),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('xkj_platform'), dialect)
          .addColumn('platformCode', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(50)', (c) => c.notNull())
          .addColumn('virtualType', 'integer', (c) => c.notNull())
          .addColumn('apiUrl', 'varchar(1000)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'varchar(1000)'),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('supplier_ts_channel'), dialect)
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('platformId', 'integer', (c) => c.notNull().references('xkj_platform.id'))
          .addColumn('account', 'varchar(64)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('supplier_ts_channel_uq', ['supplierId', 'platformId']),
      ).execute();
    },
  };
}
