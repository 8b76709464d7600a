/**
 * The temp order's writes (DOMAIN.md §4 "Temp order"): a new temp order with its rows checked, the
 * re-check of its rows, the order made from it (priced lines, charge rows, the lock), and the open
 * API's payout, which does all of it in one transaction; the routes are temp.ts.
 */
import { commandsOf, PAYOUT_MAX_ROWS, payOrder, type RowCheck, PAYOUT_MESSAGES, type StoredPayoutRow, storedPayoutRow, tempOrder } from '@flexpay/shared-utility/src/pure';
import { payoutOrderOf } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Selectable } from 'kysely';
import { audit, type Operator } from '../../account/audit';
import type { TempOrderTable } from '../../db/schema';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, Caller } from '../../http/guard';
import { SmsMessages, verifyCode } from '../../providers/sms';
import { insertChunked } from '../../resource/batch';
import type { Row } from '../../resource/codec';
import { fieldSerial } from '../../resource/entity-resource';
import { KeptRefusal } from '../../resource/commands';
import { PICK_MESSAGES } from '../../resource/ent-channel';
import { assertEntMayOrder } from '../ent/order-gate';
import { lockPricing, priceRows } from './pricing';
import { checkRows, type Db, entContext, type EntContext, lockPeople, monthOf, ORDER_MESSAGES, orderGateRefusal, personKey, recordProgress } from './service';

/** The payment code's purpose (sms_code.purpose); spec §3's purposes end at 5. */
export const PAY_CODE_PURPOSE = 20;
/**
 * A payment code belongs to (account, temp order, total amount): the SMS names one temp order and its
 * amount, so the code confirms that one only; another temp order's or another amount's code is not
 * found (and not consumed). The key fits sms_code.account (40): the amount in base 36.
 */
export const payCodeOwner = (user: Caller['user'], temp: Row) => ({ phone: user.phone ?? '', account: `pay:${user.userId}:${String(temp.id)}:${Math.max(0, Number(temp.amountFen)).toString(36)}` });

export const TEMP_MESSAGES = {
  openReadOnly: '开放接口提交的制单不能修改、删除或重新提交，只能关闭',
  closeOnlyOpen: '仅开放接口提交的制单可关闭，其他制单请删除',
  payCodeMismatch: '支付验证码不是为本制单及其金额发送的，请重新获取',
  remadeLive: (tempNo: string) => `该订单的失败明细已重新制单（制单${tempNo}），请先处理或删除该制单`,
} as const;

/** Whether a temp order (stored row) was sent by an API client. */
export const isOpen = (row: Row) => !!row.openClientCode;

/** Who writes temp orders (the hand routes' perm and `for`): the 制单 code, ENT and SYS, as the temp order's commands declare. */
export const TEMP_WRITE = { perm: commandsOf(tempOrder).submit.code, for: commandsOf(tempOrder).submit.for };

const operatorName = (operator: Operator) => (operator.name ?? operator.username).slice(0, 50);

export type RowCheckResult = RowCheck & { rowNo: number };
/** What a new temp order is written with besides its rows: its optional columns as stored, and where it came from. */
export type TempExtra = Partial<Pick<Selectable<TempOrderTable>, 'packageCode' | 'remark' | 'excelFile'>> & {
  /** The API client and its request number, when the open API creates the temp order. */
  open?: { clientCode: string; reqNo: string };
  /** 失败明细重新制单: the order whose failed lines these rows copy (linked in the same transaction). */
  remadeFrom?: { orderId: number; lineIds: number[] };
};

/** The temp order a write works on, as stored (a row loaded through its resource has these columns). */
const HEAD = ['id', 'tempNo', 'entId', 'payChannel', 'packageCode', 'remark'] as const;
type TempHead = Pick<Selectable<TempOrderTable>, (typeof HEAD)[number]>;
export const headOf = (row: Row) => row as unknown as TempHead;

/** Each row's check as the answers and the stored errors carry it. */
const checkedRows = (rows: Array<{ rowNo: number }>, checks: RowCheck[]): RowCheckResult[] => rows.map((r, i) => ({ rowNo: r.rowNo, errorType: checks[i].errorType, errorMsg: checks[i].errorMsg }));

/** A temp order's rows as stored, in row order (amounts as numbers). */
type TempRow = Awaited<ReturnType<typeof tempRows>>[number];
export const tempRows = async (trx: Db, tempId: number) =>
  (await trx.selectFrom('temp_order_detail').selectAll().where('tempOrderId', '=', tempId).orderBy('rowNo').execute()).map((r) => ({ ...r, amountFen: r.amountFen === null ? null : Number(r.amountFen) }));

/** Re-checks all rows of a temp order and stores each row's error and the order's totals. */
export async function recheck(trx: Db, temp: Pick<TempHead, 'id' | 'entId' | 'packageCode'>, now: number): Promise<RowCheckResult[]> {
  const rows = await tempRows(trx, temp.id);
  const checks = await checkRows(trx, await entContext(trx, temp.entId), rows, { packageCode: temp.packageCode ?? null, month: monthOf(now) });
  await storeChecks(trx, temp.id, rows, checks, now, { amountFen: rows.reduce((s, r) => s + (r.amountFen ?? 0), 0), detailCount: rows.length, updatedAt: now });
  return checkedRows(rows, checks);
}

/** Stores each row's check where it changed, and the temp order's error count (with `totals`). */
async function storeChecks(trx: Db, tempId: number, rows: TempRow[], checks: RowCheck[], now: number, totals: Row = {}): Promise<void> {
  for (const [i, r] of rows.entries())
    if (r.errorType !== checks[i].errorType || r.errorMsg !== checks[i].errorMsg)
      await trx.updateTable('temp_order_detail').set({ errorType: checks[i].errorType, errorMsg: checks[i].errorMsg, updatedAt: now }).where('id', '=', r.id).execute();
  await trx.updateTable('temp_order').set({ errorCount: checks.filter((c) => c.errorType !== 0).length, ...totals }).where('id', '=', tempId).execute();
}

/** Row count and channel of a new temp order, before anything is written. */
export async function assertNewTemp(db: Db, channel: number, rawRows: Row[]): Promise<void> {
  if (rawRows.length === 0) refuse(Code.VALIDATION, ORDER_MESSAGES.noRows);
  if (rawRows.length > PAYOUT_MAX_ROWS) refuse(Code.VALIDATION, PAYOUT_MESSAGES.tooManyRows);
  if (!(await db.selectFrom('pay_channel').select('status').where('channel', '=', channel).executeTakeFirst())) refuse(Code.VALIDATION, PICK_MESSAGES.channel);
}

/** A temp order's new rows, unchecked (errorType 0 and no errorMsg by the columns' defaults) until `recheck`. */
export const insertRows = (trx: Db, tempOrderId: number, rows: StoredPayoutRow[], now: number) =>
  insertChunked(trx, 'temp_order_detail', rows.map((r) => ({ ...r, tempOrderId, createdAt: now, updatedAt: now })));

/** Writes a temp order (status 0) with its rows checked, and its upload's audit entry. */
export async function insertTemp(trx: Db, dialect: AppDeps['dialect'], operator: Operator, now: number, ent: EntContext, channel: number, rawRows: Row[], extra: TempExtra): Promise<TempHead & { rows: RowCheckResult[] }> {
  const rows = rawRows.map((r, i) => storedPayoutRow(r, i + 1));
  const head = { entId: ent.entId, payChannel: channel, packageCode: extra.packageCode || null, remark: extra.remark || null };
  const temp = await trx
    .insertInto('temp_order')
    .values({
      ...head,
      tempNo: await fieldSerial(dialect, trx, tempOrder, 'tempOrderNo'),
      supplierId: ent.supplierId,
      excelFile: extra.excelFile,
      // Read again when it is submitted (the enterprise's setting at that moment decides).
      needReview: ent.tempOrderReview ? 1 : 0,
      status: 0,
      amountFen: 0,
      detailCount: rows.length,
      operatorName: operatorName(operator),
      openClientCode: extra.open?.clientCode,
      openReqNo: extra.open?.reqNo,
      createdAt: now,
      updatedAt: now,
    })
    .returning(HEAD)
    .executeTakeFirstOrThrow();
  await insertRows(trx, temp.id, rows, now);
  const checked = await recheck(trx, { id: temp.id, entId: ent.entId, packageCode: head.packageCode }, now);
  await audit(trx, { operator, now, action: 'upload', entity: tempOrder.name, entityId: temp.id, changes: { status: { from: null, to: 0 }, rows: { from: null, to: rows.length } } });
  return { ...temp, rows: checked };
}

/**
 * transOrder's work inside its transaction (temp order held in 10): re-checks the rows under the
 * people's month locks, prices every line, writes the order, its lines and charge rows, and moves the
 * temp order to 30 (its audit entry is the caller's). Row errors found meanwhile come back instead, with nothing written.
 */
export async function orderFromTemp(trx: Db, dialect: AppDeps['dialect'], operator: Operator, now: number, temp: TempHead, ent: EntContext): Promise<{ orderNo: string } | { rows: TempRow[]; checks: RowCheck[] }> {
  const month = monthOf(now);
  await lockPricing(trx, dialect, ent.entId);
  const rows = await tempRows(trx, temp.id);
  await lockPeople(trx, dialect, ent.effSupplierId, month, rows.map((r) => personKey(r.idType, r.idNumber)), now);
  const passing = (checks: Array<{ errorType: number }>) => checks.every((c) => c.errorType === 0);
  let checks = await checkRows(trx, ent, rows, { packageCode: temp.packageCode, month });
  if (!passing(checks)) return { rows, checks };
  // Every row passed its checks: each has its amount.
  const paid = rows as Array<TempRow & { amountFen: number }>;
  const orderNo = await fieldSerial(dialect, trx, payOrder, 'orderNo');
  const priced = await priceRows(trx, ent, orderNo, paid, month, now);
  if (ent.calcMode === 1) checks = await checkRows(trx, ent, rows, { packageCode: temp.packageCode, month, payeeFen: new Map(priced.map((p) => [p.rowNo, p.payeeFen])) });
  if (!passing(checks)) return { rows, checks };
  const head = { ...ent, orderNo, payChannel: temp.payChannel, tempOrderNo: temp.tempNo, remark: temp.remark, operatorName: operatorName(operator), month, now };
  const made = payoutOrderOf(head, paid, priced, checks.map((c) => c.custId));
  const order = await trx.insertInto('pay_order').values(made.order).returning('id').executeTakeFirstOrThrow();
  const ids = new Map((await insertChunked(trx, 'order_detail', made.lines.map((line) => ({ ...line, orderId: order.id })), ['id', 'rowNo'])).map((d) => [d.rowNo, d.id]));
  await insertChunked(trx, 'calc_fee_log', priced.map((p) => ({ ...p.charge, detailId: ids.get(p.rowNo) ?? null })));
  await trx.updateTable('temp_order').set({ status: 30, orderNo, updatedAt: now }).where('id', '=', temp.id).execute();
  await audit(trx, { operator, now, action: 'create', entity: 'payOrder', entityId: orderNo, changes: { status: { from: null, to: 0 } } });
  await recordProgress(trx, orderNo, now);
  return { orderNo };
}

/** The enterprise's context once it may start an order (assertEntMayOrder's 1004 / 1009): 制单's create, 提交订单, the open API. */
export const orderingEnt = async (db: Db, entId: number) => {
  await assertEntMayOrder(db, entId);
  return entContext(db, entId);
};

/** The gates transOrder checks before anything is written; the enterprise's context when they pass. */
export async function orderGate(deps: AppDeps, entId: number, channel: number, now: number): Promise<EntContext> {
  const ent = await orderingEnt(deps.db, entId);
  const gate = await orderGateRefusal(deps.db, ent, channel, now);
  if (gate) refuse(Code.VALIDATION, gate);
  return ent;
}

/** 提交订单 refused for rows failing meanwhile: their errors are kept on the temp order (for the screen) while nothing else is. */
export const rowsKept = (tempId: number, failed: { rows: TempRow[]; checks: RowCheck[] }, now: number) =>
  new KeptRefusal(Code.VALIDATION, PAYOUT_MESSAGES.rowErrors(failed.checks.filter((c) => c.errorType !== 0).length), (trx) => storeChecks(trx, tempId, failed.rows, failed.checks, now));

/**
 * An enterprise's 提交订单 names the SMS payment code sent for this temp order and its total (1001 otherwise;
 * a code live for another temp order or total is named so).
 */
export async function assertPayCode(deps: AppDeps, user: Caller['user'], temp: Row, raw: unknown, now: number): Promise<void> {
  const code = typeof raw === 'string' ? raw.trim() : '';
  if (!code) refuse(Code.VALIDATION, ORDER_MESSAGES.payCodeRequired);
  const owner = payCodeOwner(user, temp);
  const problem = await verifyCode(deps.db, { ...owner, purpose: PAY_CODE_PURPOSE, code }, now);
  if (problem === SmsMessages.codeExpired) {
    // None live for this temp order and total: say so when the account holds one for another.
    const other = await deps.db
      .selectFrom('sms_code')
      .select('id')
      .where('account', 'like', `pay:${user.userId}:%`)
      .where('account', '!=', owner.account)
      .where('purpose', '=', PAY_CODE_PURPOSE)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    if (other) refuse(Code.VALIDATION, TEMP_MESSAGES.payCodeMismatch);
  }
  if (problem) refuse(Code.VALIDATION, problem);
}

export const openOperator = (clientCode: string): Operator => ({ userId: null, name: `开放接口${clientCode}`, username: clientCode });

/**
 * The open API's payout (1004002/1004003): the back-office's 上传 → 提交 (or 提交审核) → transOrder in
 * one transaction, by the API client for its enterprise (its signature stands for the SMS payment
 * code). Any row error, gate or limit refuses the whole request and leaves nothing behind; the
 * request number is kept on the temp order, unique per client, so a repeat can never pay twice.
 */
export async function openPayout(deps: AppDeps, client: { clientCode: string; reqNo: string }, entId: number, channel: number, rawRows: Row[], extra: Pick<TempExtra, 'packageCode' | 'remark'>): Promise<void> {
  const now = deps.now();
  const operator = openOperator(client.clientCode);
  await assertNewTemp(deps.db, channel, rawRows);
  const ent = await orderGate(deps, entId, channel, now);
  const rowErrors = (rows: RowCheckResult[]) => {
    const bad = rows.filter((r) => r.errorType !== 0);
    if (bad.length > 0) refuse(Code.VALIDATION, PAYOUT_MESSAGES.rowErrors(bad.length), { rows: bad });
  };
  // The open API answers where the payout stands by reading the temp order (open-api.ts payoutState).
  await deps.db.transaction().execute(async (trx) => {
    const temp = await insertTemp(trx, deps.dialect, operator, now, ent, channel, rawRows, { ...extra, open: client });
    rowErrors(temp.rows);
    const review = ent.tempOrderReview;
    const tempStatus = review ? 20 : 10;
    await trx.updateTable('temp_order').set({ status: tempStatus, updatedAt: now }).where('id', '=', temp.id).execute();
    await audit(trx, { operator, now, action: review ? 'submitReview' : 'submit', entity: tempOrder.name, entityId: temp.id, changes: { status: { from: 0, to: tempStatus } } });
    if (review) return;
    const made = await orderFromTemp(trx, deps.dialect, operator, now, temp, ent);
    if ('rows' in made) rowErrors(checkedRows(made.rows, made.checks));
    else await audit(trx, { operator, now, action: 'transOrder', entity: tempOrder.name, entityId: temp.id, changes: { status: { from: 10, to: 30 }, orderNo: { from: null, to: made.orderNo } } });
  });
}
