/**
 * Demo payout orders (issue 10, DOMAIN.md §4, §12): the order headers of seed.ts get their lines,
 * priced exactly as seed-fee.ts charged them (its calc-fee rows are the lines' fees), and the ledger
 * moves their statuses imply — Σlock locked once the order passed preprocessing, each paid line
 * deducted, each failed or closed line unlocked — so every invariant the worker keeps holds on the
 * demo data too. Orders still in a working status are parked (nextRunAt far ahead) so each state
 * stays on screen; any action taken on them hands them back to the worker. Temp orders get rows,
 * some of them failing the checks (a talent without real name, a wrong name, a bad amount).
 */
import { formatFen, storedPayoutRow } from '@flexpay/shared-utility/src/pure';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { BizType, moveBalance } from '../domain/ent/ledger';
import { checkRows, entContext, monthOf } from '../domain/order/service';

const HOUR_MS = 3_600_000;
/** Working orders of the demo wait here until someone acts on them. */
const PARKED_MS = 100 * 365 * 24 * HOUR_MS;
const LOCKED = new Set([20, 22, 24, 50, 52, 54, 60, 62, 64, 162]);

/** A line's status in an order of this status (the last line of a 162 failed; 60 is half done). */
function lineStatus(orderStatus: number, index: number, count: number): number {
  if (orderStatus === 62) return 20;
  if (orderStatus === 162) return index === count - 1 ? 30 : 20;
  if (orderStatus === 64) return 30;
  if (orderStatus === 24) return 50;
  if (orderStatus === 60) return index < Math.ceil(count / 2) ? 20 : 10;
  if (orderStatus === 52) return 10;
  return 0;
}

export async function seedOrderLines(trx: Transaction<Database>, now: number): Promise<void> {
  const db = trx as unknown as Kysely<Database>;
  const dialect = trx.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const orders = await db.selectFrom('pay_order').selectAll().orderBy('createdAt').orderBy('id').execute();
  const moves: Array<Parameters<typeof moveBalance>[2]> = [];
  for (const order of orders) {
    const charges = await db.selectFrom('calc_fee_log').selectAll().where('orderNo', '=', order.orderNo).where('kind', '=', 10).orderBy('rowNo').execute();
    if (charges.length === 0) continue;
    const people = await db.selectFrom('cust').select(['id', 'name', 'idType', 'idNumber', 'phone', 'bankCard', 'bankName']).where('idNumber', 'in', [...new Set(charges.map((c) => c.idNumber))]).execute();
    const month = monthOf(order.createdAt);
    const done = order.createdAt + 2 * HOUR_MS;
    let successFen = 0;
    let failFen = 0;
    let successCount = 0;
    let failCount = 0;
    let lockFen = 0;
    let feeFen = 0;
    for (const [i, charge] of charges.entries()) {
      const person = people.find((p) => p.idNumber === charge.idNumber)!;
      const amountFen = Number(charge.amountFen);
      const fee = Number(charge.entFeeFen);
      const lock = charge.calcMode === 0 ? amountFen + fee : amountFen;
      const status = lineStatus(order.status, i, charges.length);
      const serialNo = `${order.orderNo}-${charge.rowNo}`;
      const failed = status === 30;
      const detail = await db
        .insertInto('order_detail')
        .values({
          orderId: order.id,
          orderNo: order.orderNo,
          rowNo: charge.rowNo,
          serialNo,
          entId: order.entId,
          supplierId: order.supplierId,
          merchtId: order.merchtId,
          payChannel: order.payChannel,
          custId: person.id,
          name: person.name,
          idType: person.idType,
          idNumber: person.idNumber,
          phone: person.phone,
          account: failed && order.status === 162 ? `${(person.bankCard ?? '6222020000000000').slice(0, -4)}9999` : (person.bankCard ?? '6222020000000000001'),
          bankName: person.bankName,
          amountFen,
          feeFen: fee,
          lockFen: lock,
          payeeFen: charge.calcMode === 0 ? amountFen : amountFen - fee,
          status,
          errorType: 0,
          reason: failed ? (order.status === 162 ? '收款账户不存在' : '户名与账号不符') : status === 50 ? '订单审核不通过' : null,
          receiptFile: status === 20 && order.payChannel !== 0 && order.payChannel !== 99 ? `回单_${serialNo}.pdf` : null,
          remark: null,
          month,
          resultAt: [20, 30, 50].includes(status) ? done : null,
          createdAt: order.createdAt,
          updatedAt: [20, 30, 50].includes(status) ? done : order.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('calc_fee_log').set({ detailId: detail.id }).where('orderNo', '=', order.orderNo).where('rowNo', '=', charge.rowNo).execute();
      lockFen += lock;
      feeFen += fee;
      if (status === 20) {
        successFen += amountFen;
        successCount += 1;
      }
      if (status === 30 || status === 50) {
        failFen += amountFen;
        failCount += 1;
      }
      const base = { entId: order.entId, channel: order.payChannel, bizType: BizType.ORDER, bizNo: order.orderNo, operatorName: '系统' } as const;
      if (LOCKED.has(order.status) && status === 20) moves.push({ ...base, type: 3, amountFen: lock, now: done + i });
      if (LOCKED.has(order.status) && (status === 30 || status === 50)) moves.push({ ...base, type: 2, amountFen: lock, now: done + i });
    }
    if (LOCKED.has(order.status)) moves.push({ entId: order.entId, channel: order.payChannel, type: 1, amountFen: lockFen, bizType: BizType.ORDER, bizNo: order.orderNo, operatorName: '系统', orderLock: true, now: order.createdAt + 60_000 });
    const working = [0, 10, 50, 52, 60].includes(order.status);
    await db
      .updateTable('pay_order')
      .set({
        feeFen,
        lockFen,
        successFen,
        failFen,
        successCount,
        failCount,
        calcMode: charges[0].calcMode,
        reason: order.status === 24 ? '代发金额与合同约定不符' : order.status === 12 ? '存在1条异常明细，请修改或删除后再提交' : order.status === 54 ? '超出通道单日限额' : null,
        channelBatchNo: [52, 60, 62, 162, 64].includes(order.status) && order.payChannel !== 0 ? `SIM${order.orderNo}` : null,
        nextRunAt: working ? now + PARKED_MS : 0,
        operatorName: '孙立新',
      })
      .where('id', '=', order.id)
      .execute();
    await db.insertInto('audit_log').values({ operatorId: null, operatorName: '孙立新', operatorAccount: 'enterprise01', createdAt: order.createdAt, action: 'create', entity: 'payOrder', entityId: order.orderNo, changes: JSON.stringify({ status: { from: null, to: 0 } }) }).execute();
    if (order.status !== 0)
      await db.insertInto('audit_log').values({ operatorId: null, operatorName: '系统', operatorAccount: 'system', createdAt: order.createdAt + 60_000, action: 'status', entity: 'payOrder', entityId: order.orderNo, changes: JSON.stringify({ status: { from: 0, to: order.status } }) }).execute();
  }
  // Order moves after the recharges and refunds of seed-money.ts, oldest first per account.
  moves.sort((a, b) => a.now - b.now);
  for (const move of moves) await moveBalance(db, dialect, move);
}

/** Rows of the demo temp orders: the enterprise's talents, and in 0/21 some that fail a check. */
export async function seedTempOrderRows(trx: Transaction<Database>, now: number): Promise<void> {
  const db = trx as unknown as Kysely<Database>;
  const temps = await db.selectFrom('temp_order').selectAll().orderBy('id').execute();
  for (const temp of temps) {
    const ctx = await entContext(db, temp.entId);
    const people = await db.selectFrom('cust').select(['name', 'idType', 'idNumber', 'phone', 'bankCard', 'bankName', 'realNameStatus']).where('entId', '=', temp.entId).orderBy('id').execute();
    // Talents passing every gate (checked as a 1.00 row each): the rows of temp orders that went on.
    const probe = await checkRows(db, ctx, people.map((p, i) => storedPayoutRow({ name: p.name, idType: String(p.idType), idNumber: p.idNumber, account: p.bankCard ?? '', amount: '1.00' }, i + 1)), { packageCode: null, month: monthOf(now) });
    const good = people.filter((_, i) => probe[i].errorType === 0);
    if (good.length === 0) continue;
    const count = Math.max(1, temp.detailCount);
    const each = Math.floor(Number(temp.amountFen) / count);
    const raw = Array.from({ length: count }, (_, i) => {
      const p = good[i % good.length];
      return { name: p.name, idType: String(p.idType), idNumber: p.idNumber, phone: p.phone, account: p.bankCard ?? '', bankName: p.bankName, amount: formatFen(i === count - 1 ? Number(temp.amountFen) - each * (count - 1) : each), remark: '' };
    });
    if (temp.status === 0 || temp.status === 21) {
      const unnamed = people.find((p) => p.realNameStatus === 0);
      raw.push({ ...raw[0], name: `${raw[0].name}某`, amount: '100.00' });
      raw.push({ ...raw[0], amount: '12.345' });
      if (unnamed) raw.push({ name: unnamed.name, idType: String(unnamed.idType), idNumber: unnamed.idNumber, phone: unnamed.phone, account: unnamed.bankCard ?? '', bankName: unnamed.bankName, amount: '300.00', remark: '' });
    }
    const rows = raw.map((r, i) => storedPayoutRow(r, i + 1));
    await db.insertInto('temp_order_detail').values(rows.map((r) => ({ ...r, tempOrderId: temp.id, errorType: 0, errorMsg: null, createdAt: temp.createdAt, updatedAt: temp.createdAt }))).execute();
    const checks = await checkRows(db, ctx, rows, { packageCode: null, month: monthOf(now) });
    for (const [i, r] of rows.entries())
      if (checks[i].errorType !== 0) await db.updateTable('temp_order_detail').set({ errorType: checks[i].errorType, errorMsg: checks[i].errorMsg }).where('tempOrderId', '=', temp.id).where('rowNo', '=', r.rowNo).execute();
    const latest = temp.status === 30 ? await db.selectFrom('pay_order').select('orderNo').where('entId', '=', temp.entId).orderBy('id', 'desc').executeTakeFirst() : undefined;
    await db
      .updateTable('temp_order')
      .set({
        detailCount: rows.length,
        amountFen: rows.reduce((s, r) => s + (r.amountFen ?? 0), 0),
        errorCount: checks.filter((c) => c.errorType !== 0).length,
        needReview: ctx.tempOrderReview ? 1 : 0,
        reason: temp.status === 21 ? '请核对代发金额后重新提交' : null,
        orderNo: latest?.orderNo ?? null,
        remark: '11月劳务费',
        operatorName: '孙立新',
      })
      .where('id', '=', temp.id)
      .execute();
  }
}
