/**
 * A payout line's result (DOMAIN.md §4): the line's lock deducted or released with its fee reversed,
 * the package's settled total, and the order's end once no line is left open. Used by the worker for
 * the bank's results and by order/mgr/detail for the manual ones.
 */
import { transitionTables } from '@flexpay/shared-utility/src/pure';
import { lineResultGroups, SERIAL_RECEIPT } from '@flexpay/shared-utility/src/pure/rules/server';
import { sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import { moveBalances } from './ledger-batch';
import type { PayoutEvent } from '../../providers/channel-adapter';
import { BizType } from '../ent/ledger';
import { addSettled } from './package-settled';
import { reverseFees } from './pricing';
import { auditOrder, chunks, type Db, recordProgress } from './service';

/** The audit action of a status move the system makes (declared with the order's system transitions). */
export const actionOf = (from: number, to: number) => transitionTables.order.system.find((t) => t.from.includes(from) && t.to === to)?.action ?? `status${to}`;

/**
 * Applies line results in the caller's transaction: success deducts the line's lock (10 → 20),
 * failure unlocks it and reverses its fee (10 → 30). A line already resolved moves nothing.
 */
export async function settleLines(trx: Db, dialect: DialectName, order: { id: number; orderNo: string; entId: number; payChannel: number }, events: PayoutEvent[], operatorName: string, now: number): Promise<void> {
  if (events.length === 0) return;
  const bySerial = new Map(events.map((e) => [e.serialNo, e]));
  const lines = [];
  for (const part of chunks([...bySerial.keys()])) lines.push(...(await trx.selectFrom('order_detail').select(['id', 'serialNo', 'rowNo', 'amountFen', 'lockFen']).where('orderId', '=', order.id).where('serialNo', 'in', part).where('status', '=', 10).execute()));
  // Lines of one outcome (and reason or receipt) move together; only those still in 10 move.
  const groups = lineResultGroups(lines, (serialNo) => bySerial.get(serialNo)!);
  const moved: Array<{ line: (typeof lines)[number]; success: boolean }> = [];
  for (const group of groups)
    for (const part of chunks(group.lines)) {
      const receiptFile = group.receipt === SERIAL_RECEIPT ? sql<string>`'回单_' || "serialNo" || '.pdf'` : group.receipt;
      const ids = await trx
        .updateTable('order_detail')
        .set({ status: group.success ? 20 : 30, reason: group.reason, receiptFile, resultAt: now, updatedAt: now })
        .where('id', 'in', part.map((l) => l.id))
        .where('status', '=', 10)
        .returning('id')
        .execute();
      const done = new Set(ids.map((r) => r.id));
      for (const line of part) if (done.has(line.id)) moved.push({ line, success: group.success });
    }
  moved.sort((a, b) => a.line.rowNo - b.line.rowNo);
  await moveBalances(trx, dialect, { entId: order.entId, channel: order.payChannel, bizType: BizType.ORDER, bizNo: order.orderNo, operatorName, now }, moved.map((m) => ({ type: m.success ? 3 : 2, amountFen: Number(m.line.lockFen) })));
  const sum = (success: boolean) => moved.filter((m) => m.success === success).reduce((s, m) => s + Number(m.line.amountFen), 0);
  const count = (success: boolean) => moved.filter((m) => m.success === success).length;
  await reverseFees(trx, order.orderNo, moved.filter((m) => !m.success).map((m) => m.line.rowNo), now);
  await trx
    .updateTable('pay_order')
    .set((eb) => ({
      successFen: eb('successFen', '+', sum(true)),
      failFen: eb('failFen', '+', sum(false)),
      successCount: eb('successCount', '+', count(true)),
      failCount: eb('failCount', '+', count(false)),
      updatedAt: now,
    }))
    .where('id', '=', order.id)
    .execute();
  await addSettled(trx, order, sum(true));
}

/** 60 → 62 / 162 / 64 once no line is left unresolved; true when the order finished. */
export async function finishIfResolved(trx: Db, order: { id: number; orderNo: string; status: number }, now: number, operator?: { id?: number | null; name: string; account: string }): Promise<boolean> {
  const open = await trx.selectFrom('order_detail').select('id').where('orderId', '=', order.id).where('status', 'in', [0, 10]).limit(1).executeTakeFirst();
  if (open) return false;
  const o = await trx.selectFrom('pay_order').select(['status', 'successCount', 'failCount']).where('id', '=', order.id).executeTakeFirstOrThrow();
  if (o.status !== 60) return false;
  const to = o.failCount === 0 ? 62 : o.successCount === 0 ? 64 : 162;
  await trx.updateTable('pay_order').set({ status: to, updatedAt: now }).where('id', '=', order.id).where('status', '=', 60).execute();
  await auditOrder(trx, order.orderNo, actionOf(60, to), 60, to, now, null, operator);
  order.status = to;
  await recordProgress(trx, order.orderNo, now);
  return true;
}
