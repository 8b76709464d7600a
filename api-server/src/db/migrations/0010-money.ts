import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * Enterprise money (DOMAIN.md §3): balances move from one row per enterprise × supplier to an account
 * per enterprise × pay channel with a ledger, recharge applications keep their voucher and the
 * reviewer's reason, and refunds get their own table. Existing balances land on channel 0 (the
 * manual channel every supplier has) with opening ledger rows, so each account equals its ledger.
 */
export function moneyMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createdUpdated(
        withId(db.schema.createTable('ent_account'), dialect)
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('channel', 'integer', (c) => c.notNull())
          .addColumn('availableFen', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('lockedFen', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('allowOverdraft', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('overdraftLimitFen', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('ent_account_ent_channel_uq', ['entId', 'channel']),
      ).execute();

      await withId(db.schema.createTable('balance_log'), dialect)
        .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('amountFen', 'bigint', (c) => c.notNull())
        .addColumn('availBeforeFen', 'bigint', (c) => c.notNull())
        .addColumn('availAfterFen', 'bigint', (c) => c.notNull())
        .addColumn('lockedBeforeFen', 'bigint', (c) => c.notNull())
        .addColumn('lockedAfterFen', 'bigint', (c) => c.notNull())
        .addColumn('bizType', 'integer', (c) => c.notNull())
        .addColumn('bizNo', 'varchar(40)', (c) => c.notNull())
        .addColumn('operatorName', 'varchar(50)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      // The ledger of one account in order (invariant checks, 收支记录), and a business number's rows.
      await db.schema.createIndex('balance_log_account_idx').on('balance_log').columns(['entId', 'channel', 'id']).execute();
      await db.schema.createIndex('balance_log_biz_idx').on('balance_log').columns(['bizNo']).execute();

      await sql`INSERT INTO ent_account ("entId", channel, "availableFen", "lockedFen", "allowOverdraft", "overdraftLimitFen", version, status, "createdAt", "updatedAt")
        SELECT "entId", 0, "balanceFen", "lockedFen", 0, 0, 0, 0, "updatedAt", "updatedAt" FROM ent_balance`.execute(db);
      await sql`INSERT INTO balance_log ("entId", channel, type, "amountFen", "availBeforeFen", "availAfterFen", "lockedBeforeFen", "lockedAfterFen", "bizType", "bizNo", "operatorName", "createdAt")
        SELECT "entId", 0, 0, "balanceFen" + "lockedFen", 0, "balanceFen" + "lockedFen", 0, 0, 10, 'OPENING', '系统迁移', "updatedAt" FROM ent_balance WHERE "balanceFen" + "lockedFen" > 0`.execute(db);
      await sql`INSERT INTO balance_log ("entId", channel, type, "amountFen", "availBeforeFen", "availAfterFen", "lockedBeforeFen", "lockedAfterFen", "bizType", "bizNo", "operatorName", "createdAt")
        SELECT "entId", 0, 1, "lockedFen", "balanceFen" + "lockedFen", "balanceFen", 0, "lockedFen", 10, 'OPENING', '系统迁移', "updatedAt" FROM ent_balance WHERE "lockedFen" > 0`.execute(db);
      await db.schema.dropTable('ent_balance').execute();

      await db.schema.alterTable('balance_apply').renameColumn('remark', 'reason').execute();
      await db.schema.alterTable('balance_apply').addColumn('voucher', 'varchar(1000)').execute();
      await db.schema.createIndex('balance_apply_ent_idx').on('balance_apply').columns(['entId', 'payChannel']).execute();

      await createdUpdated(
        withId(db.schema.createTable('refund_apply'), dialect)
          .addColumn('refundNo', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('channel', 'integer', (c) => c.notNull())
          .addColumn('balanceType', 'integer', (c) => c.notNull())
          .addColumn('applyId', 'integer', (c) => c.references('balance_apply.id'))
          .addColumn('amountFen', 'bigint', (c) => c.notNull())
          .addColumn('payeeAcctName', 'varchar(100)', (c) => c.notNull())
          .addColumn('payeeAcct', 'varchar(30)', (c) => c.notNull())
          .addColumn('payeeBank', 'varchar(100)', (c) => c.notNull())
          .addColumn('remark', 'varchar(1000)')
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('reason', 'varchar(200)'),
      ).execute();
      await db.schema.createIndex('refund_apply_ent_idx').on('refund_apply').columns(['entId', 'channel']).execute();
      await db.schema.createIndex('refund_apply_recharge_idx').on('refund_apply').columns(['applyId']).execute();
    },
  };
}
