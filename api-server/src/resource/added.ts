/**
 * Totals grown in place: an UPDATE's SET that adds to columns (`"col" = "col" + n`, n bound), so concurrent
 * writers of one row never lose each other's additions (an order's counts and amounts as its lines settle, a
 * package's settled total, an order's resubmit count).
 */
import { type RawBuilder, sql } from 'kysely';

/** The SET adding each `by` amount to its column: `trx.updateTable('pay_order').set({ ...added(grow), updatedAt: now })`. */
export const added = <K extends string>(by: Record<K, number>) =>
  Object.fromEntries(Object.entries<number>(by).map(([column, n]) => [column, sql<number>`${sql.ref(column)} + ${n}`])) as Record<K, RawBuilder<number>>;
