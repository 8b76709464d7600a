import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/** yyyy-MM in Asia/Shanghai of an epoch-ms column, per dialect. */
function monthOf(column: string, dialect: DialectName) {
  return dialect === 'postgres'
    ? sql.raw(`to_char(to_timestamp("${column}" / 1000.0) AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`)
    : sql.raw(`strftime('%Y-%m', "${column}" / 1000, 'unixepoch', '+8 hours')`);
}

/**
 * 完税记录 (ent_tax_proof) and 综合统计 (ent_month_stats): the view sums each enterprise's month of
 * ledger moves (credited recharges, payout and refund deductions) and calc-fee rows; its closing
 * balance is the running sum of credits minus deductions (locks move money within the balance).
 */
export function entStatsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createdUpdated(
        withId(db.schema.createTable('ent_tax_proof'), dialect)
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('month', 'varchar(7)', (c) => c.notNull())
          .addColumn('personCount', 'integer', (c) => c.notNull())
          .addColumn('taxAmountFen', 'bigint', (c) => c.notNull())
          .addColumn('file', 'text', (c) => c.notNull())
          .addColumn('remark', 'varchar(1000)'),
      ).execute();
      // One proof per enterprise and month; a correction replaces its file through update.
      await db.schema.createIndex('ent_tax_proof_ent_idx').on('ent_tax_proof').columns(['entId', 'month']).unique().execute();
      await sql`CREATE VIEW ent_month_stats AS
        SELECT CAST("entId" AS varchar(12)) || ':' || month AS "statKey", month, "entId",
          "rechargeFen", "paidFen", "feeFen", "refundFen",
          CAST(SUM("netFen") OVER (PARTITION BY "entId" ORDER BY month) AS bigint) AS "closingFen"
        FROM (
          SELECT "entId", month,
            CAST(SUM(recharge) AS bigint) AS "rechargeFen", CAST(SUM(paid) AS bigint) AS "paidFen",
            CAST(SUM(fee) AS bigint) AS "feeFen", CAST(SUM(refund) AS bigint) AS "refundFen", CAST(SUM(net) AS bigint) AS "netFen"
          FROM (
            SELECT "entId", ${monthOf('createdAt', dialect)} AS month,
              CASE WHEN type = 0 AND "bizType" = 10 THEN "amountFen" ELSE 0 END AS recharge,
              CASE WHEN type = 3 AND "bizType" = 20 THEN "amountFen" ELSE 0 END AS paid,
              CAST(0 AS bigint) AS fee,
              CASE WHEN type = 3 AND "bizType" = 30 THEN "amountFen" ELSE 0 END AS refund,
              CASE WHEN type = 0 THEN "amountFen" WHEN type = 3 THEN -"amountFen" ELSE 0 END AS net
            FROM balance_log
            UNION ALL
            SELECT "entId", month, 0, 0, "entFeeFen", 0, 0 FROM calc_fee_log
          ) AS moves
          GROUP BY "entId", month
        ) AS monthly`.execute(db);
    },
  };
}
