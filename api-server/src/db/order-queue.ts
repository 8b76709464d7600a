/** Statuses the worker moves by itself. */
export const WORKING_STATUSES = [0, 10, 50, 52, 60] as const;
/** Channels whose results operators enter: their orders in 52/60 wait for people, not for the worker. */
const MANUAL_CHANNELS = [0, 99] as const;

/**
 * The orders the worker may step, as constant SQL. The worker's poll and the partial index
 * `pay_order_due_idx` (db/online-indexes.ts) use it word for word: that is what lets both planners
 * take the index (a bound parameter cannot prove an index's condition), so a poll reads the due
 * orders in order and stops after a batch instead of sorting every order in flight.
 */
/**
 * Orders not yet holding their money (0 waits for preprocess, 10 locks): an enterprise's orders pass
 * this stage one at a time in creation order (DOMAIN.md §4 FIFO per enterprise). Constant SQL, shared
 * word for word with the partial index `pay_order_ent_open_idx`.
 */
export const OPEN_ORDER_SQL = `"status" IN (0, 10)`;

export const WORKER_QUEUE_SQL = `"status" IN (${WORKING_STATUSES.join(', ')}) AND NOT ("status" IN (52, 60) AND "payChannel" IN (${MANUAL_CHANNELS.join(', ')}))`;
