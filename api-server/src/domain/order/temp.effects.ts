/**
 * 制单's commands (shared-utility/src/pure/entities/order.ts tempOrder, tempOrderDetail): the route,
 * the scope, who may, the state move (status and needReview) or the row's `when`, the stale check and
 * the audit are the kit's; this is the business work.
 */
import { AdminType, editedPayoutRow, looksMasked, maskedFieldsOf, PAYOUT_FIELDS, PAYOUT_MAX_ROWS, PAYOUT_MESSAGES, pick, storedPayoutRow, tempOrder, tempOrderDetail, TEMP_ORDER_EDITABLE } from '@flexpay/shared-utility/src/pure';
import { audit } from '../../account/audit';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { Row } from '../../resource/codec';
import { lockRow } from '../../resource/lock';
import { type AskingEffect, type EffectContext, type Effects, STALE_MESSAGE } from '../../resource/commands';
import { unchangedMasksLeftOut } from '../../resource/entity-resource';
import type { Db, EntContext } from './service';
import { assertPayCode, headOf, insertRows, orderFromTemp, orderGate, recheck, type RowCheckResult, rowsKept } from './temp-writes';


/**
 * A row's numbers are shown masked (issue 22 item 6): the row editor sends the mask back unchanged
 * for "unchanged" (left out by unchangedMasksLeftOut, so the stored number stays); any other text
 * with `*` is a changed mask, never a number — 1001.
 */
function refuseMasks(row: Row): Row {
  for (const [name, field] of maskedFieldsOf(tempOrderDetail)) if (looksMasked(row[name])) refuse(Code.VALIDATION, `请输入完整的${field.label}`);
  return row;
}

/** 提交 / 提交审核: the rows are checked again; a row in error refuses the move (nothing is written). */
async function rowsPass({ trx, row, now }: EffectContext): Promise<void> {
  const bad = (await recheck(trx, headOf(row), now)).filter((c) => c.errorType !== 0).length;
  if (bad > 0) refuse(Code.VALIDATION, PAYOUT_MESSAGES.rowErrors(bad));
}

/** 新增明细 (the temp order held in 0/21 by the kit): the row as sent, numbered after the last; answers its check. */
async function addDetail({ trx: db, row: temp, body, now }: EffectContext) {
  const had = await db.selectFrom('temp_order_detail').select((eb) => [eb.fn.max('rowNo').as('last'), eb.fn.countAll<number>().as('n')]).where('tempOrderId', '=', temp.id as number).executeTakeFirstOrThrow();
  if (Number(had.n) >= PAYOUT_MAX_ROWS) refuse(Code.VALIDATION, PAYOUT_MESSAGES.tooManyRows);
  const added = storedPayoutRow(refuseMasks(pick(body, PAYOUT_FIELDS)), Number(had.last ?? 0) + 1);
  await insertRows(db, temp.id as number, [added], now);
  return { answer: (await recheck(db, headOf(temp), now)).find((c) => c.rowNo === added.rowNo) };
}

/**
 * A row's edit or removal: holds its temp order while it is in 0/21 (1009 when it moved meanwhile),
 * writes, checks every row again, and names the step in the temp order's trail as before.
 */
async function onTempOf({ trx: db, deps, row, caller, now, name }: EffectContext, write: (db: Db) => Promise<unknown>): Promise<RowCheckResult[]> {
  const temp = (await lockRow(db, deps.dialect, 'temp_order', { id: row.tempOrderId, status: [...TEMP_ORDER_EDITABLE] })) ?? refuse(Code.CONFLICT, STALE_MESSAGE);
  await write(db);
  const checked = await recheck(db, headOf(temp), now);
  await audit(db, { operator: caller.user, now, action: name, entity: tempOrder.name, entityId: temp.id as number, changes: {} });
  return checked;
}

/**
 * 提交订单 (10 → 30 by the kit): the gates and an enterprise's SMS payment code before the transaction, the
 * order inside it; rows failing meanwhile under the people's locks keep their errors and refuse (rowsKept).
 */
const transOrder: AskingEffect<EntContext> = {
  ask: async ({ deps, row, caller, body, now }) => {
    const ent = await orderGate(deps, row.entId as number, row.payChannel as number, now);
    if (caller.user.adminType === AdminType.ENT) await assertPayCode(deps, caller.user, row, body.smsCode, now);
    return ent;
  },
  run: async ({ trx, deps, row, caller, now, asked }) => {
    const made = await orderFromTemp(trx, deps.dialect, caller.user, now, headOf(row), asked);
    if ('rows' in made) throw rowsKept(row.id as number, made, now);
    return { answer: made, changes: { orderNo: { from: null, to: made.orderNo } } };
  },
};

export const tempEffects: Effects = {
  transOrder,
  submit: rowsPass,
  submitReview: rowsPass,
  addDetail,
};

export const tempRowEffects: Effects = {
  /** 编辑: the fields sent over the stored row (a mask sent back unchanged keeps the number); answers the row's check. */
  updateDetail: async (x) => {
    const checked = await onTempOf(x, async (db) => {
      const before = await db.selectFrom('temp_order_detail').selectAll().where('id', '=', x.row.id as number).executeTakeFirstOrThrow();
      const given = refuseMasks(pick(unchangedMasksLeftOut(tempOrderDetail, x.body, before as unknown as Row), PAYOUT_FIELDS));
      const { rowNo: _rowNo, ...stored } = editedPayoutRow({ ...before, amountFen: before.amountFen === null ? null : Number(before.amountFen) }, given);
      await db.updateTable('temp_order_detail').set({ ...stored, updatedAt: x.now }).where('id', '=', before.id).execute();
    });
    return { answer: checked.find((c) => c.rowNo === x.row.rowNo) };
  },
  deleteDetail: async (x) => {
    await onTempOf(x, (db) => db.deleteFrom('temp_order_detail').where('id', '=', x.row.id as number).execute());
    return { answer: true };
  },
};
