/**
 * 制单 (spec §2 /order/prodOrder, §7 order temp calls; DOMAIN.md §4 "Temp order"): a payout sheet's
 * rows (the browser parses the Excel file and sends rows), checked row by row against the talents'
 * gates; rows are added, edited and deleted in 0/21 and re-checked; 提交 goes to 10, or to review
 * (20) when the enterprise's tempOrderReview is on when it is submitted (a rejected one always goes
 * back to review); the supplier passes (10) or fails (21) it; transOrder (10 → 30) re-checks, prices
 * every line, writes the charge rows and creates the order (ENT confirms with an SMS payment code,
 * type 20, sent through the outbox, bound to the temp order and its total).
 * A temp order an API client sent is read-only to people (its rows are what the client asked to
 * pay, under the client's request number): no row is added, edited or deleted and a rejected one is
 * not resubmitted; it can only be closed (40), which keeps it for the client's status query.
 */
import { AdminType, formatFen, maskPersonal, tempOrder, tempOrderDetail, TEMP_ORDER_CLOSED } from '@flexpay/shared-utility/src/pure';
import { audit } from '../../account/audit';
import { Code, Messages } from '../../http/codes';
import { ApiError, refuse } from '../../http/envelope';
import { type AppDeps, type RouteSpec, signed, type SignedInContext } from '../../http/guard';
import { outboxProvider, SmsType, sendCode } from '../../providers/sms';
import { readChunked, updateIn } from '../../resource/batch';
import { clippedText, parsedValue, type Row } from '../../resource/codec';
import { entChannelOf } from '../../resource/ent-channel';
import { defineResource, keyValue, LISTED } from '../../resource/entity-resource';
import { namedUpload } from '../../resource/kit-routes';
import { lockRow } from '../../resource/lock';
import { refColumns } from '../../resource/lookups';
import { moneyScope } from '../ent/money';
import { type Db, ORDER_MESSAGES } from './service';
import { tempEffects, tempRowEffects } from './temp.effects';
import { assertNewTemp, insertTemp, isOpen, openOperator, orderingEnt, PAY_CODE_PURPOSE, payCodeOwner, TEMP_MESSAGES, type TempExtra, tempRows, TEMP_WRITE } from './temp-writes';

export function tempOrderRoutes(deps: AppDeps) {
  const db = deps.db;
  const scope = moneyScope(db);
  const entVisible = moneyScope(db, 'e.id');
  const temps = defineResource(deps, tempOrder, {
    scope,
    ...LISTED,
    writers: [...TEMP_WRITE.for],
    summary: ['amount'],
    effects: tempEffects,
    // 删除 (the temp order held in 0/10/21 by the kit): its rows, then itself.
    commandRefs: { delete: { removedWith: [{ table: 'temp_order_detail', column: 'tempOrderId' }], removes: true } },
    // The enterprise's tempOrderReview as it is now: a temp order in 0 is submitted under it.
    lookups: refColumns('ent_config', 'entId', { entTempReview: 'tempOrderReview' }, 'entId'),
    // An API client's temp order is not resubmitted by people, and only it is closed (others are deleted).
    transitionRefusal: (name, row) => {
      if (isOpen(row) && ['submit', 'submitReview', 'addDetail', 'delete'].includes(name)) return TEMP_MESSAGES.openReadOnly;
      return name === 'close' && !isOpen(row) ? TEMP_MESSAGES.closeOnlyOpen : null;
    },
    // The get answer carries its rows (each with the amount as typed: amountText is a field of the row).
    more: async (_caller, record) => ({
      rows: (await tempRows(db, record.id as number)).map((r) => details.resource.show(r)),
    }),
  });
  const details = defineResource(deps, tempOrderDetail, {
    ...LISTED,
    scope: (caller, qb) => qb.where('t.tempOrderId', 'in', scope(caller, db.selectFrom('temp_order as t').select('t.id') as never) as never),
    // A row is edited and deleted only while its temp order is; the row list says so per row.
    lookups: refColumns('temp_order', 'tempOrderId', { tempStatus: 'status', tempOpenClientCode: 'openClientCode' }),
    // An API client's rows are what it asked to pay: people neither edit nor delete them.
    transitionRefusal: (_name, row) => (row.tempOpenClientCode ? TEMP_MESSAGES.openReadOnly : null),
    effects: tempRowEffects,
  });

  /**
   * Makes a temp order of rows for an enterprise (制单's create, 失败明细重新制单, 发起结算): its id, number and the rows' checks.
   * In the caller's transaction `trx` when given (发起结算 reads the package in it), else in its own.
   */
  async function createTemp(ctx: SignedInContext, entId: number, channel: number, rawRows: Row[], extra: TempExtra, trx?: Db): Promise<Row> {
    if (!trx) return db.transaction().execute((own) => createTemp(ctx, entId, channel, rawRows, extra, own));
    await assertNewTemp(trx, channel, rawRows);
    const visible = await entVisible(ctx.caller, trx.selectFrom('ent as e').select('e.id') as never).where('e.id', '=', entId).executeTakeFirst();
    if (!visible) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
    const ent = await orderingEnt(trx, entId);
    if (extra.remadeFrom) await holdRemade(trx, extra.remadeFrom);
    const temp = await insertTemp(trx, deps.dialect, ctx.caller.user, ctx.now, ent, channel, rawRows, extra);
    if (extra.remadeFrom) await updateIn(trx, 'order_detail', { remadeTempId: temp.id }, { id: extra.remadeFrom.lineIds });
    return { id: temp.id, tempOrderNo: temp.tempNo, rows: temp.rows };
  }

  /**
   * 失败明细重新制单 inside its transaction: holds the order (the row lock on PostgreSQL, the write
   * lock on SQLite) so two copies of one call cannot both pass, then refuses when a line meanwhile
   * went into a temp order that still lives (any status but closed; a deleted one frees it).
   */
  async function holdRemade(trx: Db, from: { orderId: number; lineIds: number[] }): Promise<void> {
    await lockRow(trx, deps.dialect, 'pay_order', { id: from.orderId }, ['id']);
    const [taken] = await readChunked(from.lineIds, (part) =>
      trx.selectFrom('order_detail as d').innerJoin('temp_order as tp', 'tp.id', 'd.remadeTempId').select('tp.tempNo').where('d.id', 'in', part).where('tp.status', '!=', TEMP_ORDER_CLOSED).limit(1).execute(),
    );
    if (taken) refuse(Code.CONFLICT, TEMP_MESSAGES.remadeLive(taken.tempNo));
  }

  /** 原始文件 parsed as its field (请上传原始文件), an upload of the caller's organisation whose md5 is the stored one. */
  async function excelFileOf(ctx: SignedInContext, raw: unknown): Promise<string | null> {
    const value = parsedValue(tempOrder.fields.excelFile, raw) as string | null;
    if (value === null) return null;
    const file = JSON.parse(value) as { url: string; fileMd5: string; name: string };
    // The one upload rule (issue 21 item 10): another organisation's upload answers 3002, a missing one 1004, another MD5 1001.
    const stored = await namedUpload(deps.db, ctx.caller.user, file, '请上传原始文件');
    return JSON.stringify({ ...file, fileMd5: stored.fileMd5, name: file.name.trim() ? file.name : stored.name });
  }

  /**
   * 审核 is the kit's command; an API client's payout was confirmed by its signature, so the pass takes 提交订单 at
   * once on the client's behalf, as the platform would (no payment code) — when a gate or a row fails by now, it
   * waits in 10 and the trail says why.
   */
  async function reviewed(ctx: SignedInContext, name: string) {
    const temp = (await temps.resource.transition(ctx, name)) as Row;
    if (temp.status !== 10 || !isOpen(temp)) return temp;
    const operator = openOperator(temp.openClientCode as string);
    try {
      // The client is no account of ours (userId null in its trail, as its upload's).
      const client = { ...ctx.caller.user, ...operator, adminType: AdminType.SYS } as unknown as SignedInContext['caller']['user'];
      await temps.resource.transition({ ...ctx, caller: { ...ctx.caller, user: client, perms: new Set([TEMP_WRITE.perm]) } }, 'transOrder');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await audit(deps.db, { operator, now: ctx.now, action: 'transOrderRefused', entity: tempOrder.name, entityId: temp.id as number, changes: { reason: { from: null, to: error.message } } });
    }
    return temps.resource.get(ctx.caller, temp.id as number);
  }

  // The kit's command routes run 提交 (its `instead`), close and 提交订单; 审核 is served here (it does more after the command).
  const served = new Set(['review', 'approve', 'reject', 'updateStatus'].map((n) => `${tempOrder.paths.mgr}/${n}`));
  const routes: RouteSpec[] = [
    ...temps.routes.filter((r) => !served.has(r.path)),
    ...details.routes,
    {
      path: 'order/mgr/temp/create',
      ...TEMP_WRITE,
      handler: signed(async (ctx) => {
        // An enterprise writes for itself (another enterprise it names is out of its scope: createTemp's check).
        const own = ctx.caller.user.adminType === AdminType.ENT ? ctx.caller.user.orgId : undefined;
        const { entId, channel } = entChannelOf(ctx.body, 'coerced', ctx.body.entId ?? own);
        if (!Array.isArray(ctx.body.rows)) refuse(Code.VALIDATION, ORDER_MESSAGES.noRows);
        const extra = { packageCode: clippedText(ctx.body.packageCode, 32), remark: clippedText(ctx.body.remark, 200), excelFile: await excelFileOf(ctx, ctx.body.excelFile) };
        return createTemp(ctx, entId, channel, (ctx.body.rows as unknown[]).map((r) => (r && typeof r === 'object' ? (r as Row) : {})), extra);
      }),
    },
    ...['review', 'approve', 'reject'].map((name) => ({ path: `${tempOrder.paths.mgr}/${name}`, perm: tempOrder.machine!.transitions.approve.code, handler: signed((ctx) => reviewed(ctx, name)) })),
    {
      // ENT: the payment code (SMS type 20) to the signed-in administrator's phone, for transOrder.
      path: 'order/mgr/temp/sendPayCode',
      ...TEMP_WRITE,
      handler: signed(async (ctx) => {
        const temp = await temps.resource.load(ctx.caller, keyValue(tempOrder, ctx.body));
        const phone = ctx.caller.user.phone || refuse(Code.VALIDATION, '请先在个人设置中填写手机号');
        const owner = payCodeOwner(ctx.caller.user, temp);
        const text = (code: string) => `【FlexPay】您正在提交代发订单（制单${String(temp.tempNo)}，金额${formatFen(Number(temp.amountFen))}元），支付验证码为 ${code}，5分钟内有效。`;
        await sendCode(deps.db, deps.sms ?? outboxProvider, { ...owner, purpose: PAY_CODE_PURPOSE, smsType: SmsType.PAYMENT_CODE, text }, ctx.now);
        return { phone: maskPersonal('phone', phone) };
      }),
    },
  ];
  return { routes, createTemp };
}
