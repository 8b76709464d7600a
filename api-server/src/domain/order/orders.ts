/**
 * 代发订单, 订单明细 and 计费记录 (spec §2 /order/index, /order/detail, /order/feeLog; §7 order
 * query/mgr calls; DOMAIN.md §4). The kit serves list/get (with the audit timeline)/export and the
 * people's transitions; their money moves here in the transition's transaction:
 * - 审核不通过 (22→24) and 关闭 of a rejected submission (54→64): every line unlocked (one ledger row
 *   per line), details → 50, fees reversed; 关闭 of a failed preprocess (12→64): nothing was locked.
 * - 重新提交 (54→50) at most three times; 审核通过 and 重新处理 hand the order back to the worker.
 * Manual line results (channels 0/99, order in 52/60) settle the line like a channel result would.
 */
import { accountTypeOf, AdminType, calcFeeLog, checkManualDetailUpdate, formatFen, ORDER_MAX_RESUBMITS, orderDetail, PAYOUT_FIELDS, payOrder, TEMP_ORDER_CLOSED } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type Caller, type RouteSpec, signed, type SignedInContext } from '../../http/guard';
import { updateIn } from '../../resource/batch';
import { clippedText, type Row } from '../../resource/codec';
import { type Effect, STALE_MESSAGE } from '../../resource/commands';
import { type AnyQuery, defineResource, keyValue, LISTED, T } from '../../resource/entity-resource';
import { sendInline } from '../../resource/kit-routes';
import { lockRow } from '../../resource/lock';
import { refColumns } from '../../resource/lookups';
import { entScope } from '../ent/index';
import { BizType, moveBalance } from '../ent/ledger';
import { moneyScope } from '../ent/money';
import { onePagePdf } from '../../documents/pdf';
import { reverseFees } from './pricing';
import { auditOrder, type Db, ORDER_MESSAGES, recordProgress } from './service';
import { orderExportRoutes } from './exports';
import { finishIfResolved, settleLines } from './settle';
import type { tempOrderRoutes } from './temp';
import { TEMP_MESSAGES, TEMP_WRITE } from './temp-writes';
import { progressRoutes } from './progress';

/** Lines still open when an order ends without paying (24/64): unlocked if locked, → 50, fees reversed. */
async function closeLines(trx: Db, deps: AppDeps, order: Row, locked: boolean, operatorName: string, now: number): Promise<void> {
  const lines = await trx.selectFrom('order_detail').select(['id', 'rowNo', 'lockFen']).where('orderId', '=', order.id as number).where('status', 'in', [0, 10]).orderBy('rowNo').execute();
  if (locked)
    for (const line of lines)
      await moveBalance(trx, deps.dialect, { entId: order.entId as number, channel: order.payChannel as number, type: 2, amountFen: Number(line.lockFen), bizType: BizType.ORDER, bizNo: String(order.orderNo), operatorName, now });
  await updateIn(trx, 'order_detail', { status: 50, resultAt: now, updatedAt: now }, { id: lines.map((l) => l.id) });
  const failFen = await trx.selectFrom('order_detail').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountFen'), eb.lit(0)).as('fen')).where('orderId', '=', order.id as number).where('status', '=', 50).executeTakeFirstOrThrow();
  await trx.updateTable('pay_order').set({ failFen: Number(failFen.fen), failCount: lines.length, updatedAt: now }).where('id', '=', order.id as number).execute();
  await reverseFees(trx, String(order.orderNo), lines.map((l) => l.rowNo), now);
}


export function orderRoutesOf(deps: AppDeps, reorder: ReturnType<typeof tempOrderRoutes>['createTemp']): RouteSpec[] {
  const db = deps.db;
  const scope = moneyScope(deps.db);
  const closing = (locked: boolean): Effect => ({ trx, row, caller, now }) => closeLines(trx, deps, row, locked, caller.user.name ?? caller.user.username, now);
  const rerun = (resubmitted: number): Effect => async ({ trx, row, now }) => {
    await trx.updateTable('pay_order').set((eb) => ({ resubmitCount: eb('resubmitCount', '+', resubmitted), nextRunAt: now, reason: null })).where('id', '=', row.id as number).execute();
  };

  const orders = defineResource(deps, payOrder, {
    ...LISTED,
    scope,
    summary: ['amount', 'fee', 'lockAmount', 'successAmount', 'failAmount'],
    transitionRefusal: (name, row) => (name === 'resubmit' && Number(row.resubmitCount) >= ORDER_MAX_RESUBMITS ? ORDER_MESSAGES.maxResubmits : null),
    // The people's moves' money and the worker's next turn (审核通过, 重新处理, 重新提交 hand the order back to it).
    effects: { fail: closing(true), closeRejected: closing(true), closeFailed: closing(false), resubmit: rerun(1), pass: rerun(0), reprocess: rerun(0) },
    afterTransition: (ctx, _name, row) => recordProgress(ctx.trx, String(row.orderNo), ctx.now),
  });

  const details = defineResource(deps, orderDetail, {
    ...LISTED,
    scope,
    summary: ['amount', 'fee', 'payee'],
    // 代发成功/代发失败 are offered on manual-channel lines only (a line in 10 belongs to an order in 52/60).
    transitionRefusal: (_name, row) => checkManualDetailUpdate(Number(row.payChannel), 60, Number(row.status)),
    // 失败明细重新制单: the temp order a failed line was copied into, while it lives.
    lookups: (qb) => qb.select((eb) => eb.selectFrom('temp_order as rt').select('rt.tempNo').whereRef('rt.id', '=', `${T}.remadeTempId` as never).where('rt.status', '!=', TEMP_ORDER_CLOSED).as('remadeTempNo')),
  });

  const feeLogs = defineResource(deps, calcFeeLog, {
    scope: (caller: Caller, qb: AnyQuery) =>
      caller.user.adminType === AdminType.MER
        ? qb.where((eb) => eb.or([eb(`${T}.merchtId`, '=', caller.user.orgId ?? -1), eb(`${T}.parentMerchtId`, '=', caller.user.orgId ?? -1)]))
        : entScope(deps.db, `${T}.entId`)(caller, qb),
    ...LISTED,
    summary: ['amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome'],
    listAliases: [],
    getAliases: [`${calcFeeLog.paths.query}/detail`],
    // DOMAIN.md §11: each record names its merchant and parent merchant by code.
    lookups: (qb) => refColumns('mercht', 'parentMerchtId', { parentMerchtCode: 'merchtCode' })(refColumns('mercht', 'merchtId', { merchtCode: 'merchtCode' })(qb)),
  });

  /** 订单明细 updateStatus {id, status 20|30, reason?}: manual channels only, in orders 52/60. */
  async function manualResult(ctx: SignedInContext, to: number) {
    const line = await details.resource.load(ctx.caller, keyValue(orderDetail, ctx.body));
    const t = Object.values(orderDetail.machine!.transitions).find((x) => x.to === to);
    const type = accountTypeOf(ctx.caller.user.adminType);
    if (!t || !type || !t.for.includes(type) || !ctx.caller.perms.has(t.code)) return refuse(Code.NO_PERMISSION, Messages.noPermission);
    const reason = clippedText(ctx.body.reason, 200);
    if (to === 30 && !reason) refuse(Code.VALIDATION, '请输入原因');
    await db.transaction().execute(async (trx) => {
      // The order first (the worker and a second result wait here), then the line as it now stands.
      const order = (await lockRow<{ id: number; orderNo: string; entId: number; payChannel: number; status: number }>(trx, deps.dialect, 'pay_order', { id: line.orderId }, ['id', 'orderNo', 'entId', 'payChannel', 'status']))!;
      const current = await trx.selectFrom('order_detail').select('status').where('id', '=', line.id as number).executeTakeFirstOrThrow();
      const refusal = checkManualDetailUpdate(order.payChannel, order.status, current.status);
      // A manual line no longer in 10 was resolved meanwhile (1009); anything else is not a manual line (1001).
      const stale = current.status !== 10 && [0, 99].includes(order.payChannel);
      if (refusal) refuse(stale ? Code.CONFLICT : Code.VALIDATION, stale ? STALE_MESSAGE : refusal);
      const operator = ctx.caller.user;
      if (order.status === 52) {
        await trx.updateTable('pay_order').set({ status: 60, updatedAt: ctx.now }).where('id', '=', order.id).where('status', '=', 52).execute();
        await auditOrder(trx, order.orderNo, 'manualMark', 52, 60, ctx.now, null, operator);
        order.status = 60;
      }
      await settleLines(trx, deps.dialect, order, [{ serialNo: String(line.serialNo), result: to === 20 ? 'SUCCESS' : 'FAILED', reason: reason || undefined }], operator.name ?? operator.username, ctx.now);
      await auditOrder(trx, String(line.id), to === 20 ? 'markSuccess' : 'markFailed', 10, to, ctx.now, reason || null, operator, orderDetail.name);
      if (!(await finishIfResolved(trx, order, ctx.now, operator))) await recordProgress(trx, order.orderNo, ctx.now);
    });
    return details.resource.get(ctx.caller, line.id as number);
  }

  const detailMachine = new Set([...Object.keys(orderDetail.machine!.transitions), 'updateStatus'].map((n) => `${orderDetail.paths.mgr}/${n}`));
  const detailCode = orderDetail.machine!.transitions.markSuccess.code;

  const modeExports = orderExportRoutes(deps, orders.resource);
  return [
    ...modeExports.withModes(orders.routes),
    ...details.routes.filter((r) => !detailMachine.has(r.path)),
    // 代发成功 / 代发失败, and updateStatus naming either by its status.
    ...([['updateStatus', null], ['markSuccess', 20], ['markFailed', 30]] as const).map(([name, to]) => ({ path: `${orderDetail.paths.mgr}/${name}`, perm: detailCode, handler: signed((ctx) => manualResult(ctx, to ?? Number(ctx.body.status))) })),
    {
      // The bank receipt of a successful line (SimBank: 回单_{serialNo}.pdf); 1004 暂无回单 otherwise.
      path: `${orderDetail.paths.query}/bankReceiptFile`,
      method: 'GET',
      perm: orderDetail.codes.query,
      raw: true,
      handler: signed(async (ctx) => {
        const line = await details.resource.load(ctx.caller, keyValue(orderDetail, ctx.request.query as Row));
        if (!line.receiptFile) refuse(Code.NOT_FOUND, ORDER_MESSAGES.noReceipt);
        return sendInline(ctx.reply, String(line.receiptFile), onePagePdf(`Bank receipt ${String(line.serialNo)} payee ${formatFen(Number(line.payeeFen))}`));
      }),
    },
    {
      // 失败明细重新制单: the failed (30) and unprocessed (50) lines of an order as a new temp order, by
      // the writers of temp/create; each line once while the temp order it went into lives.
      path: 'order/mgr/temp/createFromFailed',
      ...TEMP_WRITE,
      handler: signed(async (ctx) => {
        const order = await orders.resource.load(ctx.caller, keyValue(payOrder, ctx.body));
        // The failed and unprocessed lines with the temp order each went into (the list's own lookup).
        const failed = details.resource.scoped(ctx.caller).where(`${T}.orderId`, '=', order.id).where(`${T}.status`, 'in', [30, 50]);
        const lines = (await details.resource.rows(failed, [{ column: `${T}.rowNo`, dir: 'asc' }]).execute()) as Row[];
        if (lines.length === 0) refuse(Code.VALIDATION, ORDER_MESSAGES.noFailedLines);
        const free = lines.filter((l) => !l.remadeTempNo);
        if (free.length === 0) refuse(Code.CONFLICT, TEMP_MESSAGES.remadeLive(String(lines[0].remadeTempNo)));
        return reorder(ctx, order.entId as number, order.payChannel as number, free.map((l) => Object.fromEntries(PAYOUT_FIELDS.map((f) => [f, f === 'amount' ? formatFen(Number(l.amountFen)) : l[f]]))), {
          remark: `订单${String(order.orderNo)}失败明细重新制单`,
          remadeFrom: { orderId: order.id as number, lineIds: free.map((l) => l.id as number) },
        });
      }),
    },
    ...feeLogs.routes,
    ...progressRoutes(deps),
    ...modeExports.routes,
  ];
}
