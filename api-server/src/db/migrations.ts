import { type Kysely, type Migration, Migrator } from 'kysely';
import { createdUpdated, withId } from './table-helpers';
import type { DialectName } from './connect';
import type { Database } from './schema';
import { securityMigration } from './migrations/0002-security';
import { kitMigration } from './migrations/0003-kit';
import { supplierMigration } from './migrations/0004-supplier';
import { systemMigration } from './migrations/0005-system';
import { orgMigration } from './migrations/0006-org';
import { noticeMigration } from './migrations/0007-notice';
import { agreementMigration } from './migrations/0008-agreement';
import { mailMigration } from './migrations/0009-mail';
import { moneyMigration } from './migrations/0010-money';
import { feeMigration } from './migrations/0011-fee';
import { clientMigration } from './migrations/0012-client';
import { sharedStateMigration } from './migrations/0018-shared-state';
import { entStatsMigration } from './migrations/0019-ent-stats';
import { invoiceInfoMigration } from './migrations/0020-invoice-info';
import { taskCategoryMigration } from './migrations/0021-task-category';
import { talentMigration } from './migrations/0022-talent';
import { orderMigration } from './migrations/0023-order';
import { invoiceApplyMigration } from './migrations/0024-invoice-apply';
import { packageMigration } from './migrations/0025-package';
import { openPayoutMigration } from './migrations/0027-open-payout';
import { authEpochMigration } from './migrations/0028-auth-epoch';
import { orderRemadeMigration } from './migrations/0029-order-remade';
import { statementMigration } from './migrations/0030-statement';
import { authEpochNotifyMigration } from './migrations/0034-auth-epoch-notify';

function foundation(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createdUpdated(
        withId(db.schema.createTable('mercht'), dialect)
          .addColumn('merchtCode', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('merchtType', 'integer', (c) => c.notNull())
          .addColumn('parentId', 'integer', (c) => c.references('mercht.id'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('contactName', 'varchar(50)')
          .addColumn('contactPhone', 'varchar(20)'),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('ent'), dialect)
          .addColumn('entCode', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('entName', 'varchar(100)', (c) => c.notNull())
          .addColumn('merchtId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('contactName', 'varchar(50)')
          .addColumn('contactPhone', 'varchar(20)'),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('admin_user'), dialect, 'userId')
          .addColumn('username', 'varchar(20)', (c) => c.notNull().unique())
          .addColumn('passwordHash', 'varchar(128)', (c) => c.notNull())
          .addColumn('passwordSalt', 'varchar(64)', (c) => c.notNull())
          .addColumn('name', 'varchar(30)')
          .addColumn('phone', 'varchar(20)')
          .addColumn('wechat', 'varchar(100)')
          .addColumn('email', 'varchar(200)')
          .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('avatar', 'varchar(1000)')
          .addColumn('remark', 'varchar(1000)')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('adminType', 'integer', (c) => c.notNull())
          .addColumn('terCode', 'varchar(32)', (c) => c.notNull())
          .addColumn('orgId', 'integer')
          .addColumn('isTopAdmin', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('guideStep', 'integer', (c) => c.notNull().defaultTo(-1))
          .addColumn('parentUserId', 'integer', (c) => c.references('admin_user.userId')),
      ).execute();

      await db.schema
        .createTable('admin_user_perm')
        .addColumn('userId', 'integer', (c) => c.notNull().references('admin_user.userId'))
        .addColumn('code', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('admin_user_perm_pk', ['userId', 'code'])
        .execute();

      await db.schema
        .createTable('session')
        .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('apiSecret', 'varchar(64)', (c) => c.notNull())
        .addColumn('userId', 'integer', (c) => c.notNull().references('admin_user.userId'))
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addColumn('lastSeenAt', 'bigint', (c) => c.notNull())
        .addColumn('endedAt', 'bigint')
        .addColumn('endReason', 'varchar(20)')
        .execute();
      await db.schema.createIndex('session_user_idx').on('session').column('userId').execute();

      await withId(db.schema.createTable('login_failure'), dialect)
        .addColumn('username', 'varchar(100)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failure_user_idx').on('login_failure').columns(['username', 'createdAt']).execute();

      await db.schema
        .createTable('captcha')
        .addColumn('captchaToken', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('answer', 'varchar(16)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addColumn('usedAt', 'bigint')
        .execute();

      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('operatorId', 'integer')
        .addColumn('operatorName', 'varchar(100)', (c) => c.notNull())
        .addColumn('operatorAccount', 'varchar(100)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addColumn('action', 'varchar(50)', (c) => c.notNull())
        .addColumn('entity', 'varchar(50)', (c) => c.notNull())
        .addColumn('entityId', 'varchar(64)', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();

      await createdUpdated(
        withId(db.schema.createTable('cust'), dialect)
          .addColumn('custCode', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(50)', (c) => c.notNull())
          .addColumn('idType', 'integer', (c) => c.notNull())
          .addColumn('idNumber', 'varchar(30)', (c) => c.notNull())
          .addColumn('phone', 'varchar(20)', (c) => c.notNull())
          .addColumn('bankCard', 'varchar(30)')
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('realNameStatus', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('signStatus', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('work_package'), dialect)
          .addColumn('packageCode', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('packageType', 'integer', (c) => c.notNull())
          .addColumn('priceType', 'integer', (c) => c.notNull())
          .addColumn('priceLowerFen', 'bigint')
          .addColumn('priceUpperFen', 'bigint')
          .addColumn('reviewStatus', 'varchar(16)', (c) => c.notNull())
          .addColumn('pkgStatus', 'varchar(16)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull()),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('pay_order'), dialect)
          .addColumn('orderNo', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('merchtId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('amountFen', 'bigint', (c) => c.notNull())
          .addColumn('feeFen', 'bigint', (c) => c.notNull())
          .addColumn('detailCount', 'integer', (c) => c.notNull())
          .addColumn('payChannel', 'integer', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('pay_order_created_idx').on('pay_order').column('createdAt').execute();

      await createdUpdated(
        withId(db.schema.createTable('temp_order'), dialect)
          .addColumn('tempNo', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('amountFen', 'bigint', (c) => c.notNull())
          .addColumn('detailCount', 'integer', (c) => c.notNull()),
      ).execute();

      await withId(db.schema.createTable('ent_balance'), dialect)
        .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
        .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
        .addColumn('balanceFen', 'bigint', (c) => c.notNull())
        .addColumn('lockedFen', 'bigint', (c) => c.notNull())
        .addColumn('updatedAt', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ent_balance_ent_supplier_uq', ['entId', 'supplierId'])
        .execute();

      await createdUpdated(
        withId(db.schema.createTable('balance_apply'), dialect)
          .addColumn('applyNo', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('amountFen', 'bigint', (c) => c.notNull())
          .addColumn('payChannel', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('remark', 'varchar(1000)'),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('invoice_apply'), dialect)
          .addColumn('applyNo', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('amountFen', 'bigint', (c) => c.notNull())
          .addColumn('invoiceKind', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull()),
      ).execute();

      await createdUpdated(
        withId(db.schema.createTable('notice'), dialect)
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('target', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull()),
      ).execute();
    },
  };
}

export async function migrate(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () => ({
        '0001_foundation': foundation(dialect),
        '0002_security': securityMigration(dialect),
        '0003_kit': kitMigration(dialect),
        '0004_supplier': supplierMigration(dialect),
        '0005_system': systemMigration(dialect),
        '0006_org': orgMigration(dialect),
        '0007_notice': noticeMigration(),
        '0008_agreement': agreementMigration(dialect),
        '0009_mail': mailMigration(dialect),
        '0010_money': moneyMigration(dialect),
        '0011_fee': feeMigration(dialect),
        '0012_client': clientMigration(dialect),
        '0018_shared_state': sharedStateMigration(dialect),
        '0019_ent_stats': entStatsMigration(dialect),
        '0020_invoice_info': invoiceInfoMigration(dialect),
        '0021_task_category': taskCategoryMigration(dialect),
        '0022_talent': talentMigration(dialect),
        '0023_order': orderMigration(dialect),
        '0024_invoice_apply': invoiceApplyMigration(dialect),
        '0025_package': packageMigration(dialect),
        '0027_open_payout': openPayoutMigration(),
        '0028_auth_epoch': authEpochMigration(dialect),
        '0029_order_remade': orderRemadeMigration(),
        '0030_statement': statementMigration(),
        '0034_auth_epoch_notify': authEpochNotifyMigration(dialect),
      }),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw error instanceof Error ? error : new Error(`migration ${failed?.migrationName} failed`);
}
