/**
 * Indexes added to tables that may already be large and busy (issue 13). A migration runs inside a
 * transaction and would hold a write lock on the table for the whole build; these are built after the
 * migrations instead, with `CREATE INDEX CONCURRENTLY` on PostgreSQL, so writes go on while they build.
 * A concurrent build that was interrupted leaves an invalid index behind: it is dropped and rebuilt.
 * SQLite has one writer anyway, so it builds them plainly, and when the database has planner statistics
 * (sqlite_stat1: seed:large or an operator ran ANALYZE) it analyzes the new index too — SQLite's planner
 * takes an index without statistics for a very selective one. Each entry is idempotent (IF NOT EXISTS).
 */
import { type Kysely, sql } from 'kysely';
import { OPEN_ORDER_SQL, WORKER_QUEUE_SQL } from './order-queue';
import type { DialectName } from './connect';

export interface OnlineIndex {
  name: string;
  table: string;
  /** Column names, quoted as given. */
  columns: readonly string[];
  /** Only on these databases (default: both), when one planner is helped where the other is misled. */
  dialects?: readonly DialectName[];
  /** A partial index's condition: constant SQL that the queries it serves repeat word for word. */
  where?: string;
}

export const ONLINE_INDEXES: readonly OnlineIndex[] = [
  // A record's 详情 reads its trail by (entity, entityId), newest first; the log grows with every write.
  { name: 'audit_log_entity_idx', table: 'audit_log', columns: ['entity', 'entityId', 'id'] },
  // The list screens' sorts and date filters over orders, lines, fee log and ledger (npm run bench:scale):
  // without them a sort or a date range reads and sorts the whole scope before its first page.
  { name: 'pay_order_amount_idx', table: 'pay_order', columns: ['amountFen', 'id'] },
  { name: 'order_detail_amount_idx', table: 'order_detail', columns: ['amountFen', 'id'] },
  { name: 'order_detail_created_idx', table: 'order_detail', columns: ['createdAt', 'id'] },
  { name: 'calc_fee_log_created_idx', table: 'calc_fee_log', columns: ['createdAt', 'id'] },
  { name: 'calc_fee_log_ent_id_idx', table: 'calc_fee_log', columns: ['entId', 'id'] },
  { name: 'balance_log_created_idx', table: 'balance_log', columns: ['createdAt', 'id'] },
  { name: 'cust_created_idx', table: 'cust', columns: ['createdAt', 'id'] },
  // 按企业 on a list ordered by its key: without (entId, key) the planner walks the key's index backwards
  // and filters, reading the whole table when the enterprise's rows are old (an enterprise's first page
  // of 收支记录 read 200 000 ledger rows; 代发订单 sorts by orderNo, so its index ends with orderNo).
  { name: 'balance_log_ent_id_idx', table: 'balance_log', columns: ['entId', 'id'] },
  { name: 'pay_order_ent_order_no_idx', table: 'pay_order', columns: ['entId', 'orderNo'] },
  { name: 'cust_ent_id_idx', table: 'cust', columns: ['entId', 'id'] },
  // A date range inside a scope of enterprises (a merchant's or a supplier's 近30天): the capped count reads
  // each enterprise's rows of the range from the index instead of every row of each enterprise. PostgreSQL
  // only: SQLite cannot tell a scope of a hundred enterprises from one of three, and takes the newest index
  // leading with entId for every scoped list — sorting the whole scope where (entId, key) lets it stop after
  // a page per enterprise; SQLite reads such a range from the createdAt index with a Bloom filter instead.
  { name: 'pay_order_ent_created_idx', table: 'pay_order', columns: ['entId', 'createdAt'], dialects: ['postgres'] },
  { name: 'order_detail_ent_created_idx', table: 'order_detail', columns: ['entId', 'createdAt'], dialects: ['postgres'] },
  { name: 'calc_fee_log_ent_created_idx', table: 'calc_fee_log', columns: ['entId', 'createdAt'], dialects: ['postgres'] },
  { name: 'balance_log_ent_created_idx', table: 'balance_log', columns: ['entId', 'createdAt'], dialects: ['postgres'] },
  // 计费记录 of a merchant (merchtId or parentMerchtId) over a date range: the capped count reads the range
  // from this index alone (a parallel scan of 5 000 000 fee rows took 250 ms on 1 000 000 orders).
  { name: 'calc_fee_log_created_mercht_idx', table: 'calc_fee_log', columns: ['createdAt', 'merchtId', 'parentMerchtId'] },
  // 收支记录(简) groups the ledger per business number: its capped count walks this index in group order
  // (index only; enterprise first, so a scope of enterprises merges into the walk instead of the planner
  // hashing every move in scope), and its page asks per move whether a later move of the same group exists.
  { name: 'balance_log_ent_group_idx', table: 'balance_log', columns: ['entId', 'bizNo', 'channel', 'bizType', 'id'] },
  // 对账单 (issue 25): an account's moves of a date range (and the last one before it, the opening), and the
  // order lines paid in the range — without them a statement reads every move and line of the enterprise.
  { name: 'balance_log_account_created_idx', table: 'balance_log', columns: ['entId', 'channel', 'createdAt', 'id'] },
  { name: 'order_detail_ent_paid_idx', table: 'order_detail', columns: ['entId', 'payChannel', 'status', 'resultAt'] },
  // The dashboard's orders since today / since the 1st of the month (count and sum of amountFen): index only,
  // instead of a bitmap scan fetching every order of the month from the heap (SYS ~65 000 orders at
  // 1 000 000); a supplier's from its own range. PostgreSQL only: SQLite answers the dashboard within its
  // target without them, and an index leading with supplierId would be a candidate for every SPR list.
  { name: 'pay_order_created_amount_idx', table: 'pay_order', columns: ['createdAt', 'amountFen'], dialects: ['postgres'] },
  { name: 'pay_order_supplier_created_idx', table: 'pay_order', columns: ['supplierId', 'createdAt', 'amountFen'], dialects: ['postgres'] },
  // The same figures on SQLite, for every scope kind (a merchant's enterprises, a supplier): index only over
  // the month's orders instead of fetching each of a merchant's orders (70 ms at 1 000 000 → 10 ms).
  { name: 'pay_order_created_scope_amount_idx', table: 'pay_order', columns: ['createdAt', 'supplierId', 'entId', 'amountFen'], dialects: ['sqlite'] },
  // The order worker's poll (domain/order/queue.ts): only the orders it may step, in the order it takes them.
  { name: 'pay_order_due_idx', table: 'pay_order', columns: ['nextRunAt', 'id'], where: WORKER_QUEUE_SQL },
  // FIFO per enterprise (domain/order/worker.ts): an enterprise's oldest order not yet holding its money.
  { name: 'pay_order_ent_open_idx', table: 'pay_order', columns: ['entId', 'id'], where: OPEN_ORDER_SQL },
];

const columnsSql = (columns: readonly string[]) => sql.join(columns.map((c) => sql.ref(c)));
const whereSql = (index: OnlineIndex) => (index.where ? sql` WHERE ${sql.raw(index.where)}` : sql``);

/** Builds the missing (or invalid) online indexes; answers the names it built. */
export async function ensureOnlineIndexes(db: Kysely<any>, dialect: DialectName, indexes: readonly OnlineIndex[] = ONLINE_INDEXES): Promise<string[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const built: string[] = [];
  for (const index of indexes) {
    if (index.dialects && !index.dialects.includes(dialect)) continue;
    if (dialect === 'sqlite') {
      const exists = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name = ${index.name}`.execute(db);
      if (Number(exists.rows[0].n) > 0) continue;
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(index.name)} ON ${sql.table(index.table)} (${columnsSql(index.columns)})${whereSql(index)}`.execute(db);
      const analyzed = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'`.execute(db);
      if (Number(analyzed.rows[0].n) > 0) await sql`ANALYZE ${sql.id(index.name)}`.execute(db);
      built.push(index.name);
      continue;
    }
    const found = await sql<{ valid: boolean }>`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname = ${index.name} AND c.relnamespace = to_regnamespace(current_schema())::oid`.execute(db);
    if (found.rows[0]?.valid) continue;
    if (found.rows.length > 0) await sql`DROP INDEX CONCURRENTLY IF EXISTS ${sql.id(index.name)}`.execute(db);
    await sql`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${sql.id(index.name)} ON ${sql.table(index.table)} (${columnsSql(index.columns)})${whereSql(index)}`.execute(db);
    built.push(index.name);
  }
  return built;
}
