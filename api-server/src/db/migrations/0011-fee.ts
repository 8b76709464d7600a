import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * Fees (DOMAIN.md §2): one price per enterprise, one cost per merchant, and the calc-fee log the
 * payout calls write per line and event. The monthly statistics are views over the log, so the
 * sums can never disagree with the rows; reversal rows are negated, so plain sums net them out.
 */
export function feeMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const feeColumns = <T extends string, C extends string>(tb: CreateTableBuilder<T, C>) =>
        tb
          .addColumn('feePattern', 'integer', (c) => c.notNull())
          .addColumn('rounding', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('ratio', 'integer')
          .addColumn('ladder', 'text');

      await createdUpdated(
        feeColumns(db.schema.createTable('ent_fee_config').addColumn('entId', 'integer', (c) => c.primaryKey().references('ent.id')))
          .addColumn('merchtId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('calcMode', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();
      await createdUpdated(feeColumns(db.schema.createTable('mercht_fee_config').addColumn('merchtId', 'integer', (c) => c.primaryKey().references('mercht.id')))).execute();

      await withId(db.schema.createTable('calc_fee_log'), dialect)
        .addColumn('orderNo', 'varchar(32)', (c) => c.notNull())
        .addColumn('detailId', 'integer')
        .addColumn('rowNo', 'integer', (c) => c.notNull())
        // 10 charge, 20 reversal (amounts negated).
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
        .addColumn('supplierId', 'integer', (c) => c.notNull())
        .addColumn('merchtId', 'integer', (c) => c.notNull())
        .addColumn('parentMerchtId', 'integer')
        .addColumn('idNumber', 'varchar(32)', (c) => c.notNull())
        .addColumn('amountFen', 'bigint', (c) => c.notNull())
        .addColumn('pattern', 'integer', (c) => c.notNull())
        .addColumn('calcMode', 'integer', (c) => c.notNull())
        .addColumn('rounding', 'integer', (c) => c.notNull())
        .addColumn('basisBeforeFen', 'bigint', (c) => c.notNull())
        .addColumn('bands', 'text', (c) => c.notNull())
        .addColumn('entFeeFen', 'bigint', (c) => c.notNull())
        .addColumn('merchtCostFen', 'bigint', (c) => c.notNull())
        .addColumn('merchtProfitFen', 'bigint', (c) => c.notNull())
        .addColumn('parentCostFen', 'bigint')
        .addColumn('parentProfitFen', 'bigint')
        .addColumn('supIncomeFen', 'bigint', (c) => c.notNull())
        // yyyy-MM (Asia/Shanghai) of the order's creation: the month whose volume the line counts in.
        .addColumn('month', 'varchar(7)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('calc_fee_log_order_idx').on('calc_fee_log').columns(['orderNo', 'rowNo']).execute();
      await db.schema.createIndex('calc_fee_log_ent_idx').on('calc_fee_log').columns(['entId', 'month']).execute();
      await db.schema.createIndex('calc_fee_log_mercht_idx').on('calc_fee_log').columns(['merchtId', 'month']).execute();

      // CAST keeps the sums integer on PostgreSQL (SUM(bigint) is numeric there).
      const sum = (column: string) => sql.raw(`CAST(SUM("${column}") AS bigint)`);
      await sql`CREATE VIEW ent_fee_month AS
        SELECT CAST("entId" AS varchar(12)) || ':' || month AS "statKey", month, "entId",
          CAST(SUM(CASE WHEN kind = 10 THEN 1 ELSE -1 END) AS bigint) AS "lineCount",
          ${sum('amountFen')} AS "amountFen", ${sum('entFeeFen')} AS "entFeeFen", ${sum('merchtProfitFen')} AS "merchtProfitFen",
          CAST(COALESCE(SUM("parentProfitFen"), 0) AS bigint) AS "parentProfitFen", ${sum('supIncomeFen')} AS "supIncomeFen"
        FROM calc_fee_log GROUP BY month, "entId"`.execute(db);
      await sql`CREATE VIEW mercht_fee_month AS
        SELECT CAST("merchtId" AS varchar(12)) || ':' || month AS "statKey", month, "merchtId",
          CAST(SUM(CASE WHEN kind = 10 THEN 1 ELSE -1 END) AS bigint) AS "lineCount",
          ${sum('amountFen')} AS "amountFen", ${sum('incomeFen')} AS "incomeFen", ${sum('costFen')} AS "costFen", ${sum('profitFen')} AS "profitFen"
        FROM (
          SELECT month, "merchtId", kind, "amountFen", "entFeeFen" AS "incomeFen", "merchtCostFen" AS "costFen", "merchtProfitFen" AS "profitFen" FROM calc_fee_log
          UNION ALL
          SELECT month, "parentMerchtId", kind, "amountFen", "merchtCostFen", "parentCostFen", "parentProfitFen" FROM calc_fee_log WHERE "parentMerchtId" IS NOT NULL
        ) AS parts GROUP BY month, "merchtId"`.execute(db);
    },
  };
}
