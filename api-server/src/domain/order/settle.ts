/**
 * A payout line's result (DOMAIN.md §4): the line's lock deducted or released in one batch of ledger
 * moves with its fee reversed, the package's settled total, and the order's end once no line is left
 * open. Used by the worker for the bank's results and by order/mgr/detail for the manual ones.
 */
import { transitionTables } from '@flexpay/shared-utility/src/pure';
import { finishedOrderStatus, lineResultGroups, lineResultTotals, SERIAL_RECEIPT } from '@flexpay/shared-utility/src/pure/rules/server';
import { sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { PayoutEvent } from '../../providers/channel-adapter';
import { BizType, moveBalances } from '../ent/ledger';
import { added } from '../../resource/added';
import { readIn, updateIn, whereEach } from '../../resource/batch';
import { reverseFees } from './pricing';
import type { Operator } from '../../account/audit';
import { auditOrder, type Db, recordProgress } from './service';

/** The audit action of a status move the system makes (declared with the order's system transitions). */
export const actionOf = (from: number, to: number) => transitionTables.order.system.find((t) => t.from.includes(from) && t.to === to)?.action ?? `status${to}`;

/** What the moves and results of an order read of it (the worker's claim, 手工结果's locked order). */
export type OrderHead = { id: number; orderNo: string; entId: number; payChannel: number; status: number };

/** An order's status move from the status it was read in (`order.status` follows it), with its audit entry and progress row; due at once unless `set` says when. */
export async function moveOrder(trx: Db, order: OrderHead, to: number, now: number, set: { reason?: string | null; nextRunAt?: number; channelBatchNo?: string } = {}, operator?: Operator): Promise<void> {
  await trx.updateTable('pay_order').set({ status: to, updatedAt: now, nextRunAt: now, ...set }).where('id', '=', order.id).where('status', '=', order.status).execute();
  await auditOrder(trx, order.orderNo, actionOf(order.status, to), order.status, to, now, set.reason ?? null, operator);
  order.status = to;
  await recordProgress(trx, order.orderNo, now);
}

/**
 * Applies line results in the caller's transaction: success deducts the line's lock (10 → 20),
 * failure unlocks it and reverses its fee (10 → 30). A line already resolved moves nothing.
 */
export async function settleLines(trx: Db, dialect: DialectName, order: OrderHead, events: PayoutEvent[], operatorName: string, now: number): Promise<void> {
  if (events.length === 0) return;
  const lines = await readIn(trx, 'order_detail', ['id', 'serialNo', 'rowNo', 'amountFen', 'lockFen'], { orderId: order.id, serialNo: events.map((e) => e.serialNo), status: 10 }, 500);
  // Lines of one outcome (and reason or receipt) move together; only those still in 10 move.
  const moved: Array<{ line: (typeof lines)[number]; success: boolean }> = [];
  for (const group of lineResultGroups(lines, events)) {
    const receiptFile = group.receipt === SERIAL_RECEIPT ? sql<string>`'回单_' || "serialNo" || '.pdf'` : group.receipt;
    const set = { status: group.success ? 20 : 30, reason: group.reason, receiptFile, resultAt: now, updatedAt: now };
    const done = new Set((await updateIn(trx, 'order_detail', set, { id: group.lines.map((l) => l.id), status: 10 }, ['id'], 500)).map((r) => r.id));
    for (const line of group.lines) if (done.has(line.id)) moved.push({ line, success: group.success });
  }
  const { ops, failedRows, grow } = lineResultTotals(moved);
  await moveBalances(trx, dialect, { entId: order.entId, channel: order.payChannel, bizType: BizType.ORDER, bizNo: order.orderNo, operatorName, now }, ops);
  await reverseFees(trx, order.orderNo, failedRows, now);
  await trx.updateTable('pay_order').set({ ...added(grow), updatedAt: now }).where('id', '=', order.id).execute();
  // A package's settled total (DOMAIN.md §7 "success adds to settledFen"): the lines that just succeeded add their
  // amount to the package named by the order's temp order, if any, in the transaction of their move to 20.
  if (grow.successFen <= 0) return;
  const code = trx.selectFrom('pay_order as o').innerJoin('temp_order as tp', 'tp.tempNo', 'o.tempOrderNo').select('tp.packageCode').where('o.id', '=', order.id);
  await trx.updateTable('work_package').set(added({ settledFen: grow.successFen })).where('packageCode', '=', code).where('entId', '=', order.entId).execute();
}

/** 60 → 62 / 162 / 64 once no line is left unresolved; true when the order finished. */
export async function finishIfResolved(trx: Db, order: OrderHead, now: number, operator?: Operator): Promise<boolean> {
  const open = await whereEach(trx.selectFrom('order_detail').select('id'), { orderId: order.id, status: [0, 10] }).limit(1).executeTakeFirst();
  if (open) return false;
  const o = await whereEach(trx.selectFrom('pay_order').select(['successCount', 'failCount']), { id: order.id, status: 60 }).executeTakeFirst();
  if (!o) return false;
  order.status = 60;
  await moveOrder(trx, order, finishedOrderStatus(o), now, {}, operator);
  return true;
}
