/**
 * /invoice/myApply 申请记录 and /invoice/toMeApply 开出记录 (DOMAIN.md §5, spec §7 invoice act calls).
 *
 * An enterprise applies over its finished orders (62/162); the server computes the total (what the
 * enterprise paid for the orders: their ledger deductions), tax and the amount excluding tax. An order
 * sits in at most one live application: the link row's liveOrderNo is unique and cleared when the
 * application ends (22/32/40/50), so of two concurrent applications naming one order one commits and
 * the other answers 1009 所选订单已在开票申请中. Vouchers, invoice files (with the simulated VAT OCR)
 * and express details complete the flow; every write is audited in its transaction.
 *
 * Scope (the money scope): ENT its own applications, SPR those of its supplier's enterprises, MER those
 * of its and its sub-merchants' enterprises (read only: 申请记录's query code, no route writes for it),
 * SYS all.
 */
import {
  AdminType,
  applicationAmounts,
  ENUMS,
  formatFen,
  INVOICE_APPLY_MESSAGES,
  INVOICEABLE_ORDER_STATUSES,
  invoiceApply,
  invoiceApplyInfo,
  invoiceApplyToMe,
  invoiceInfoError,
  InvoiceStatus,
  issueRefusal,
  kindAllowed,
  parseMoneyToFen,
} from '@flexpay/shared-utility/src/pure';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { audit } from '../../account/audit';
import { Code, Messages } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec, SignedInContext } from '../../http/guard';
import { type InvoiceOcrProvider, simulatedInvoiceOcr } from '../../providers/invoice-ocr';
import { parseInput, type Row } from '../../resource/codec';
import { type AnyDb, type AnyQuery, defineResource, type Resource, STALE, T, type WriteContext } from '../../resource/entity-resource';
import { assertUploadsUsable, sendStored, uploadDir, uploadIdsOf } from '../../resource/kit-routes';
import { formatDateTime } from '../../util/time';
import { entScope } from '../ent/index';
import { moneyScope } from '../ent/money';
import { BizType } from '../ent/ledger';
import { nextCode } from '../org-scope';

const refuse = (code: (typeof Code)[keyof typeof Code], message: string): never => {
  throw new ApiError(code, message);
};

/** Statuses that end an application and release its orders. */
const RELEASING: Record<string, true> = { cancel: true, reviewFail: true, issueFail: true, discard: true };
const MAX_ORDERS = 200;

const intOf = (v: unknown): number | null => (Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647 ? (v as number) : null);
const isType = (caller: Caller, ...types: number[]) => types.includes(caller.user.adminType);

/** Order numbers of a body: a non-empty list of distinct texts. */
function orderNosOf(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0) return refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.noOrders);
  if (raw.length > MAX_ORDERS || raw.some((n) => typeof n !== 'string' || n.length === 0 || n.length > 32)) refuse(Code.VALIDATION, '订单编号格式错误');
  return [...new Set(raw as string[])];
}

/** What the enterprise paid for each order: the ledger's deductions under the order's number. */
async function paidByOrder(db: AnyDb, orderNos: string[]): Promise<Map<string, number>> {
  if (orderNos.length === 0) return new Map();
  const rows = (await db
    .selectFrom('balance_log')
    .select((eb) => ['bizNo', eb.fn.sum('amountFen').as('fen')])
    .where('bizType', '=', BizType.ORDER)
    .where('type', '=', 3)
    .where('bizNo', 'in', orderNos)
    .groupBy('bizNo')
    .execute()) as Row[];
  return new Map(rows.map((r) => [String(r.bizNo), Number(r.fen)]));
}

/** The enterprise's finished orders in no live application (an application's own count as free while it is edited). */
async function invoiceableOrders(db: AnyDb, entId: number, editing: number | null): Promise<Row[]> {
  let taken = db.selectFrom('invoice_apply_order').select('liveOrderNo').where('liveOrderNo', 'is not', null);
  if (editing !== null) taken = taken.where('applyId', '<>', editing);
  const orders = (await db
    .selectFrom('pay_order')
    .select(['orderNo', 'status', 'amountFen', 'feeFen', 'detailCount', 'createdAt'])
    .where('entId', '=', entId)
    .where('status', 'in', [...INVOICEABLE_ORDER_STATUSES])
    .where('orderNo', 'not in', taken)
    .orderBy('createdAt', 'desc')
    .limit(500)
    .execute()) as Row[];
  const paid = await paidByOrder(db, orders.map((o) => String(o.orderNo)));
  return orders.map((o) => ({ ...o, paidFen: paid.get(String(o.orderNo)) ?? 0 })).filter((o) => (o.paidFen as number) > 0);
}

interface Priced {
  entId: number;
  supplierId: number;
  orderNos: string[];
  paid: Map<string, number>;
  item: Row;
  info: Row | null;
  totalFen: number;
  taxFen: number;
  exclFen: number;
}

/** The enterprise an ENT or SYS application is for, inside the caller's scope. */
async function entOf(db: AnyDb, caller: Caller, body: Row): Promise<Row> {
  const entId = caller.user.adminType === AdminType.ENT ? caller.user.orgId : intOf(body.entId);
  if (!entId) return refuse(Code.VALIDATION, '请选择企业');
  const own = (qb: AnyQuery) => (caller.user.adminType === AdminType.ENT ? qb : entScope(db, `${T}.id`)(caller, qb));
  const ent = (await own(db.selectFrom(`ent as ${T}`).select([`${T}.id`, `${T}.supplierId`]).where(`${T}.id`, '=', entId) as AnyQuery).executeTakeFirst()) as Row | undefined;
  if (ent) return ent;
  const exists = await db.selectFrom('ent').select('id').where('id', '=', entId).executeTakeFirst();
  return refuse(exists ? Code.OUT_OF_SCOPE : Code.NOT_FOUND, exists ? Messages.outOfScope : Messages.notFound);
}

async function itemOf(db: AnyDb, supplierId: number, raw: unknown): Promise<Row> {
  const itemId = intOf(raw);
  const item = itemId ? ((await db.selectFrom('invoice_item').selectAll().where('id', '=', itemId).where('supplierId', '=', supplierId).executeTakeFirst()) as Row | undefined) : undefined;
  return item ?? refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.noItem);
}

/** Orders, item and amounts of an ENT/SYS application (create, update, preview). */
async function price(db: AnyDb, caller: Caller, body: Row, editing: Row | null): Promise<Priced> {
  const ent = editing ? { id: editing.entId, supplierId: editing.supplierId } : await entOf(db, caller, body);
  const entId = ent.id as number;
  const supplierId = ent.supplierId as number;
  const orderNos = orderNosOf(body.orderNos);
  // Another enterprise's order is out of scope; the enterprise's own unfinished one is not invoiceable.
  const named = (await db.selectFrom('pay_order').select(['orderNo', 'entId', 'status']).where('orderNo', 'in', orderNos).execute()) as Row[];
  if (named.some((o) => o.entId !== entId)) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  if (named.length !== orderNos.length || named.some((o) => !(INVOICEABLE_ORDER_STATUSES as readonly number[]).includes(Number(o.status)))) refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.noOrders);
  const item = await itemOf(db, supplierId, body.itemId ?? editing?.itemId);
  let taken = db.selectFrom('invoice_apply_order').select('id').where('liveOrderNo', 'in', orderNos);
  if (editing) taken = taken.where('applyId', '<>', editing.id);
  if (await taken.executeTakeFirst()) refuse(Code.CONFLICT, INVOICE_APPLY_MESSAGES.orderTaken);
  const paid = await paidByOrder(db, orderNos);
  if (orderNos.some((n) => !paid.get(n))) refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.noOrders);
  const amounts = applicationAmounts(orderNos.map((n) => paid.get(n)!), Number(item.taxRate));
  const info = (await db.selectFrom('invoice_info').selectAll().where('entId', '=', entId).executeTakeFirst()) as Row | undefined;
  return { entId, supplierId, orderNos, paid, item, info: info ?? null, ...amounts };
}

/** Kind and medium of an application, checked against the enterprise's invoice information. */
function kindAndMedium(body: Row, info: Row | null, before: Row | null): { invoiceKind: number; medium: number } {
  if (!info) return refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.needInfo);
  const invoiceKind = Number(body.invoiceKind ?? before?.invoiceKind ?? (info.invoiceKind === 4 ? 2 : info.invoiceKind));
  const medium = Number(body.medium ?? before?.medium ?? info.medium);
  if (!kindAllowed(Number(info.invoiceKind), invoiceKind)) refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.kindNotAllowed);
  const incomplete = invoiceInfoError({ ...info, invoiceKind });
  if (incomplete) refuse(Code.VALIDATION, incomplete);
  if (medium !== 0 && medium !== 1) refuse(Code.VALIDATION, '发票介质格式错误');
  return { invoiceKind, medium };
}

const snapshot = (info: Row | null): Row => ({
  title: info?.title ?? null,
  taxNo: info?.taxNo ?? null,
  address: info?.address ?? null,
  phone: info?.phone ?? null,
  bankName: info?.bankName ?? null,
  bankAccount: info?.bankAccount ?? null,
  mailAddress: info?.mailAddress ?? null,
  email: info?.email ?? null,
});

function remarkOf(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') return refuse(Code.VALIDATION, '备注格式错误');
  if (raw.trim().length > 500) refuse(Code.VALIDATION, '备注不能超过500个字符');
  return raw.trim() || null;
}

/** The next application number; PostgreSQL takes turns on an advisory lock (SQLite has one writer). */
async function nextApplyNo(deps: AppDeps, trx: AnyDb): Promise<string> {
  if (deps.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext('invoice_apply.applyNo'))`.execute(trx);
  return nextCode(trx, 'invoice_apply', 'applyNo', 'IA', 8);
}

async function linkOrders(trx: AnyDb, applyId: number, priced: Priced, now: number): Promise<void> {
  await trx
    .insertInto('invoice_apply_order')
    .values(priced.orderNos.map((orderNo) => ({ applyId, orderNo, amountFen: priced.paid.get(orderNo)!, liveOrderNo: orderNo, createdAt: now })))
    .execute();
}

const fileJson = (raw: unknown, label: string): string => {
  const parsed = parseInput({ label, type: 'file', required: true }, raw);
  return 'error' in parsed ? refuse(Code.VALIDATION, parsed.error) : String(parsed.value);
};

/** A stored file value as the browser sees it. */
const fileOf = (stored: unknown) => (typeof stored === 'string' ? (JSON.parse(stored) as Row) : null);

export function invoiceApplyRoutes(deps: AppDeps, ocr: InvoiceOcrProvider = simulatedInvoiceOcr): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  // The money scope: ENT its own applications (not its sub-enterprises'), MER those of its and its
  // sub-merchants' enterprises (read only), SPR its enterprises', SYS all.
  const scope = moneyScope(db);
  const operator = (ctx: SignedInContext) => ctx.caller.user;

  async function release(trx: AnyDb, applyId: unknown): Promise<void> {
    await trx.updateTable('invoice_apply_order').set({ liveOrderNo: null }).where('applyId', '=', applyId).execute();
  }

  /** Transitions' effects in their transaction: checks that need the database, releases, discards. */
  async function afterTransition(ctx: WriteContext, name: string, row: Row): Promise<void> {
    if (name === 'reviewPass') {
      const work = await ctx.trx.selectFrom('invoice_voucher').select('id').where('applyId', '=', row.id).where('voucherType', '=', 20).executeTakeFirst();
      if (!work) refuse(Code.CONFLICT, INVOICE_APPLY_MESSAGES.needWorkVoucher);
    }
    if (name === 'issue') {
      const current = (await ctx.trx.selectFrom('invoice_apply').select(['amountFen', 'medium', 'expressCompany', 'expressNo']).where('id', '=', row.id).executeTakeFirstOrThrow()) as Row;
      const files = (await ctx.trx.selectFrom('invoice_file').select(['totalFen', 'status']).where('applyId', '=', row.id).execute()) as Row[];
      const refusal = issueRefusal(
        { totalFen: Number(current.amountFen), medium: Number(current.medium), expressCompany: current.expressCompany as string | null, expressNo: current.expressNo as string | null },
        files.map((f) => ({ totalFen: Number(f.totalFen), status: Number(f.status) })),
      );
      if (refusal) refuse(Code.CONFLICT, refusal);
      await ctx.trx.updateTable('invoice_apply').set({ issuedAt: ctx.now }).where('id', '=', row.id).execute();
    }
    if (name === 'discard') await ctx.trx.updateTable('invoice_file').set({ status: 10, updatedAt: ctx.now }).where('applyId', '=', row.id).where('status', '=', 0).execute();
    if (RELEASING[name]) await release(ctx.trx, row.id);
  }

  const summary = ['amount', 'tax', 'exclAmount'] as const;
  const my = defineResource(deps, invoiceApply, {
    scope,
    writers: ['SYS', 'ENT'],
    create: false,
    update: false,
    simple: false,
    summary: [...summary],
    export: true,
    duplicate: INVOICE_APPLY_MESSAGES.orderTaken,
    afterTransition,
    rowActions: (caller, row) =>
      isType(caller, AdminType.SYS, AdminType.ENT) && caller.perms.has(27120) && row.status === InvoiceStatus.PENDING ? [...(row.applyType === 10 ? ['edit'] : []), 'inviVoucherCreate'] : [],
  });

  const toMe = defineResource(deps, invoiceApplyToMe, {
    scope,
    writers: ['SYS', 'SPR'],
    update: false,
    simple: false,
    summary: [...summary],
    export: true,
    duplicate: INVOICE_APPLY_MESSAGES.orderTaken,
    afterTransition,
    rowActions: (caller, row) => {
      if (!isType(caller, AdminType.SYS, AdminType.SPR)) return [];
      const status = Number(row.status);
      return [
        ...(caller.perms.has(27250) && (status === 10 || status === 20) ? ['inviVoucherCreate'] : []),
        ...(caller.perms.has(27260) && status === 20 ? ['inviFileCreate'] : []),
        ...(caller.perms.has(27260) && (status === 20 || status === 30) ? ['inviUpdateExpress'] : []),
      ];
    },
    // A free application (type 90): the supplier names enterprise, item and amount; no orders.
    beforeCreate: async (ctx, values) => {
      const ent = (await ctx.trx.selectFrom('ent').select(['id', 'supplierId']).where('id', '=', values.entId).executeTakeFirst()) as Row | undefined;
      if (!ent) return refuse(Code.NOT_FOUND, Messages.notFound);
      const item = await itemOf(ctx.trx, ent.supplierId as number, values.itemId);
      const totalFen = Number(values.amountFen);
      if (!(totalFen > 0)) refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.amountPositive);
      const { taxFen, exclFen } = applicationAmounts([totalFen], Number(item.taxRate));
      const info = (await ctx.trx.selectFrom('invoice_info').selectAll().where('entId', '=', ent.id).executeTakeFirst()) as Row | undefined;
      return {
        ...values,
        ...snapshot(info ?? null),
        applyNo: await nextApplyNo(deps, ctx.trx),
        applyType: 90,
        supplierId: ent.supplierId,
        taxRate: item.taxRate,
        taxFen,
        exclFen,
        orderCount: 0,
        status: InvoiceStatus.PENDING,
      };
    },
  });

  const info = defineResource(deps, invoiceApplyInfo, { scope, simple: false, export: true });

  function requireType(ctx: SignedInContext, ...types: number[]) {
    if (!isType(ctx.caller, ...types)) refuse(Code.NO_PERMISSION, Messages.noPermission);
  }

  // ---- the enterprise's application: options, preview, create, update ----
  async function applyOptions(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.ENT);
    const ent = await entOf(db, ctx.caller, ctx.body);
    const editing = intOf(ctx.body.id) ? await my.resource.load(ctx.caller, intOf(ctx.body.id)) : null;
    const orders = await invoiceableOrders(db, ent.id as number, editing ? (editing.id as number) : null);
    const items = (await db.selectFrom('invoice_item').select(['id', 'itemName', 'taxRate']).where('supplierId', '=', ent.supplierId).orderBy('itemName').execute()) as Row[];
    const infoRow = (await db.selectFrom('invoice_info').select(['title', 'taxNo', 'invoiceKind', 'medium']).where('entId', '=', ent.id).executeTakeFirst()) as Row | undefined;
    return {
      orders: orders.map((o) => ({ orderNo: o.orderNo, status: o.status, amount: formatFen(Number(o.amountFen)), fee: formatFen(Number(o.feeFen)), paid: formatFen(o.paidFen as number), detailCount: o.detailCount, createdAt: formatDateTime(Number(o.createdAt)) })),
      items: items.map((i) => ({ value: i.id, label: i.itemName, taxRate: `${Math.floor(Number(i.taxRate) / 10_000)}.${String(Number(i.taxRate) % 10_000).padStart(4, '0')}` })),
      info: infoRow ?? null,
      ...(editing ? { selected: ((await db.selectFrom('invoice_apply_order').select('orderNo').where('applyId', '=', editing.id).orderBy('orderNo').execute()) as Row[]).map((o) => o.orderNo) } : {}),
    };
  }

  async function preview(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.ENT);
    const editing = intOf(ctx.body.id) ? await my.resource.load(ctx.caller, intOf(ctx.body.id)) : null;
    const priced = await price(db, ctx.caller, ctx.body, editing);
    return { amount: formatFen(priced.totalFen), tax: formatFen(priced.taxFen), exclAmount: formatFen(priced.exclFen), taxRate: String(priced.item.taxRate), orderCount: priced.orderNos.length };
  }

  async function createMy(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.ENT);
    const remark = remarkOf(ctx.body.remark);
    return my.resource.write(ctx, async (trx) => {
      const priced = await price(trx, ctx.caller, ctx.body, null);
      const { invoiceKind, medium } = kindAndMedium(ctx.body, priced.info, null);
      const columns = {
        applyNo: await nextApplyNo(deps, trx),
        applyType: 10,
        entId: priced.entId,
        supplierId: priced.supplierId,
        itemId: priced.item.id,
        invoiceKind,
        medium,
        amountFen: priced.totalFen,
        taxRate: priced.item.taxRate,
        taxFen: priced.taxFen,
        exclFen: priced.exclFen,
        orderCount: priced.orderNos.length,
        ...snapshot(priced.info),
        remark,
        status: InvoiceStatus.PENDING,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      const inserted = (await trx.insertInto('invoice_apply').values(columns).returning('id').executeTakeFirstOrThrow()) as Row;
      await linkOrders(trx, inserted.id as number, priced, ctx.now);
      await audit(trx as never, { operator: operator(ctx), now: ctx.now, action: 'create', entity: invoiceApply.name, entityId: String(inserted.id), changes: { applyNo: { from: null, to: columns.applyNo }, amount: { from: null, to: priced.totalFen }, orderNos: { from: null, to: priced.orderNos.join(',') } } });
      return { id: inserted.id, applyNo: columns.applyNo };
    });
  }

  async function updateMy(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.ENT);
    const row = await my.resource.load(ctx.caller, intOf(ctx.body.id));
    if (row.status !== InvoiceStatus.PENDING || row.applyType !== 10) refuse(Code.CONFLICT, STALE);
    const current = (await db.selectFrom('invoice_apply_order').select('orderNo').where('applyId', '=', row.id).execute()) as Row[];
    const body = { ...ctx.body, orderNos: ctx.body.orderNos ?? current.map((o) => o.orderNo) };
    const remark = ctx.body.remark === undefined ? (row.remark as string | null) : remarkOf(ctx.body.remark);
    await my.resource.write(ctx, async (trx) => {
      const priced = await price(trx, ctx.caller, body, row);
      const { invoiceKind, medium } = kindAndMedium(body, priced.info, row);
      const columns = { itemId: priced.item.id, invoiceKind, medium, amountFen: priced.totalFen, taxRate: priced.item.taxRate, taxFen: priced.taxFen, exclFen: priced.exclFen, orderCount: priced.orderNos.length, ...snapshot(priced.info), remark, updatedAt: ctx.now };
      const moved = await trx.updateTable('invoice_apply').set(columns).where('id', '=', row.id).where('status', '=', InvoiceStatus.PENDING).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, STALE);
      await trx.deleteFrom('invoice_apply_order').where('applyId', '=', row.id).execute();
      await linkOrders(trx, row.id as number, priced, ctx.now);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [k, v] of Object.entries({ itemId: columns.itemId, invoiceKind, medium, amountFen: columns.amountFen, remark })) if (String(row[k]) !== String(v)) changes[k === 'amountFen' ? 'amount' : k] = { from: row[k], to: v };
      const before = current.map((o) => o.orderNo).join(',');
      if (before !== priced.orderNos.join(',')) changes.orderNos = { from: before, to: priced.orderNos.join(',') };
      await audit(trx as never, { operator: operator(ctx), now: ctx.now, action: 'update', entity: invoiceApply.name, entityId: String(row.id), changes });
    });
    return my.resource.get(ctx.caller, row.id as number);
  }

  // ---- vouchers ----
  async function vouchers(resource: Resource<typeof invoiceApply.fields>, ctx: SignedInContext) {
    const row = await resource.load(ctx.caller, intOf(ctx.body.applyId));
    const rows = (await db.selectFrom('invoice_voucher').selectAll().where('applyId', '=', row.id).orderBy('id').execute()) as Row[];
    const mayDelete = isType(ctx.caller, AdminType.SYS, AdminType.SPR) && ctx.caller.perms.has(27250) && [10, 20].includes(Number(row.status));
    return rows.map((v) => ({ id: v.id, applyId: v.applyId, voucherType: v.voucherType, voucherTypeName: ENUMS.voucherType.find((o) => o.value === v.voucherType)?.label ?? '', file: fileOf(v.file), uploaderType: v.uploaderType, createdAt: formatDateTime(Number(v.createdAt)), _actions: mayDelete ? ['delete'] : [] }));
  }

  async function addVoucher(resource: Resource<typeof invoiceApply.fields>, ctx: SignedInContext, statuses: number[], types: number[]) {
    requireType(ctx, ...types);
    const row = await resource.load(ctx.caller, intOf(ctx.body.applyId));
    const voucherType = Number(ctx.body.voucherType);
    if (voucherType !== 10 && voucherType !== 20) refuse(Code.VALIDATION, '请选择凭证类型');
    const file = fileJson(ctx.body.file, '凭证文件');
    return resource.write(ctx, async (trx) => {
      await assertUploadsUsable(trx as never, ctx.caller.user, uploadIdsOf([file]));
      const current = (await trx.selectFrom('invoice_apply').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()) as Row;
      if (!statuses.includes(Number(current.status))) refuse(Code.CONFLICT, INVOICE_APPLY_MESSAGES.voucherState);
      const inserted = (await trx.insertInto('invoice_voucher').values({ applyId: row.id, voucherType, file, uploaderType: ctx.caller.user.adminType, createdAt: ctx.now }).returning('id').executeTakeFirstOrThrow()) as Row;
      await audit(trx as never, { operator: operator(ctx), now: ctx.now, action: 'inviVoucherCreate', entity: invoiceApply.name, entityId: String(row.id), changes: { voucher: { from: null, to: `${voucherType === 20 ? '完工证明' : '付款凭证'}：${String(fileOf(file)?.name ?? '')}` } } });
      return { id: inserted.id };
    });
  }

  async function deleteVoucher(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const voucher = (await db.selectFrom('invoice_voucher').selectAll().where('id', '=', intOf(ctx.body.id) ?? -1).executeTakeFirst()) as Row | undefined;
    if (!voucher) return refuse(Code.NOT_FOUND, Messages.notFound);
    const row = await toMe.resource.load(ctx.caller, voucher.applyId as number);
    await toMe.resource.write(ctx, async (trx) => {
      const current = (await trx.selectFrom('invoice_apply').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()) as Row;
      if (![10, 20].includes(Number(current.status))) refuse(Code.CONFLICT, STALE);
      await trx.deleteFrom('invoice_voucher').where('id', '=', voucher.id).execute();
      await audit(trx as never, { operator: operator(ctx), now: ctx.now, action: 'inviVoucherDelete', entity: invoiceApplyToMe.name, entityId: String(row.id), changes: { voucher: { from: String(fileOf(voucher.file)?.name ?? ''), to: null } } });
    });
    return true;
  }

  // ---- invoice files ----
  async function filesOf(resource: Resource<typeof invoiceApply.fields>, ctx: SignedInContext) {
    const row = await resource.load(ctx.caller, intOf(ctx.body.applyId));
    const rows = (await db.selectFrom('invoice_file').selectAll().where('applyId', '=', row.id).orderBy('id').execute()) as Row[];
    const editable = isType(ctx.caller, AdminType.SYS, AdminType.SPR) && ctx.caller.perms.has(27260) && Number(row.status) === 20;
    return rows.map((f) => ({
      id: f.id,
      applyId: f.applyId,
      invoiceNo: f.invoiceNo,
      invoiceCode: f.invoiceCode,
      invoiceDate: f.invoiceDate,
      total: formatFen(Number(f.totalFen)),
      tax: formatFen(Number(f.taxFen)),
      exclAmount: formatFen(Number(f.totalFen) - Number(f.taxFen)),
      file: fileOf(f.file),
      status: f.status,
      createdAt: formatDateTime(Number(f.createdAt)),
      _actions: editable && f.status === 0 ? ['update', 'delete'] : [],
    }));
  }

  function fileValues(body: Row): Row {
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const invoiceNo = text(body.invoiceNo);
    if (!/^\d{8,20}$/.test(invoiceNo)) refuse(Code.VALIDATION, '发票号码应为8至20位数字');
    const invoiceCode = text(body.invoiceCode) || null;
    if (invoiceCode !== null && !/^\d{10,12}$/.test(invoiceCode)) refuse(Code.VALIDATION, '发票代码应为10至12位数字');
    const invoiceDate = text(body.invoiceDate);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(invoiceDate) || Number.isNaN(Date.parse(`${invoiceDate}T00:00:00Z`))) refuse(Code.VALIDATION, '请输入开票日期');
    const totalFen = parseMoneyToFen(text(body.total));
    const taxFen = parseMoneyToFen(text(body.tax));
    if (totalFen === null || totalFen <= 0) refuse(Code.VALIDATION, '价税合计格式错误');
    if (taxFen === null || taxFen < 0 || taxFen > totalFen!) refuse(Code.VALIDATION, '税额格式错误');
    return { invoiceNo, invoiceCode, invoiceDate, totalFen, taxFen, file: fileJson(body.file, '发票文件') };
  }

  /** A file write on an approved application (20) of the caller's scope, audited on the application. */
  async function fileWrite(ctx: SignedInContext, applyId: unknown, action: string, run: (trx: AnyDb) => Promise<Row | true>) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const row = await toMe.resource.load(ctx.caller, intOf(applyId));
    return toMe.resource.write(ctx, async (trx) => {
      const current = (await trx.selectFrom('invoice_apply').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()) as Row;
      if (Number(current.status) !== InvoiceStatus.APPROVED) refuse(Code.CONFLICT, STALE);
      const answer = await run(trx);
      await audit(trx as never, { operator: operator(ctx), now: ctx.now, action, entity: invoiceApplyToMe.name, entityId: String(row.id), changes: { invoiceNo: { from: null, to: String(ctx.body.invoiceNo ?? ctx.body.id ?? '') } } });
      return answer;
    });
  }

  async function fileOfBody(ctx: SignedInContext): Promise<Row> {
    const file = (await db.selectFrom('invoice_file').selectAll().where('id', '=', intOf(ctx.body.id) ?? -1).executeTakeFirst()) as Row | undefined;
    return file ?? refuse(Code.NOT_FOUND, Messages.notFound);
  }

  async function createFile(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    await toMe.resource.load(ctx.caller, intOf(ctx.body.applyId));
    const values = fileValues(ctx.body);
    return fileWrite(ctx, ctx.body.applyId, 'inviFileCreate', async (trx) => {
      await assertUploadsUsable(trx as never, ctx.caller.user, uploadIdsOf([values.file]));
      const inserted = (await trx.insertInto('invoice_file').values({ ...values, applyId: intOf(ctx.body.applyId), status: 0, createdAt: ctx.now, updatedAt: ctx.now } as never).returning('id').executeTakeFirstOrThrow()) as Row;
      return { id: inserted.id };
    });
  }

  async function updateFile(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const file = await fileOfBody(ctx);
    await toMe.resource.load(ctx.caller, file.applyId as number);
    const values = fileValues(ctx.body);
    return fileWrite(ctx, file.applyId, 'inviFileUpdate', async (trx) => {
      if (values.file !== file.file) await assertUploadsUsable(trx as never, ctx.caller.user, uploadIdsOf([values.file]));
      const moved = await trx.updateTable('invoice_file').set({ ...values, updatedAt: ctx.now }).where('id', '=', file.id).where('status', '=', 0).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, STALE);
      return true;
    });
  }

  async function deleteFile(ctx: SignedInContext) {
    const file = await fileOfBody(ctx);
    return fileWrite(ctx, file.applyId, 'inviFileDelete', async (trx) => {
      await trx.deleteFrom('invoice_file').where('id', '=', file.id).where('status', '=', 0).execute();
      return true;
    });
  }

  async function recognize(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const [id] = uploadIdsOf([fileJson(ctx.body.file, '发票文件')]);
    await assertUploadsUsable(deps.db, ctx.caller.user, [id]);
    const upload = await deps.db.selectFrom('upload_file').select(['name', 'storedAs']).where('id', '=', id).executeTakeFirst();
    if (!upload) return refuse(Code.NOT_FOUND, Messages.notFound);
    const bytes = fs.readFileSync(path.join(uploadDir(deps), path.basename(upload.storedAs)));
    const found = await ocr.recognize({ bytes, name: upload.name });
    return found ?? refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.ocrFailed);
  }

  async function updateExpress(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const row = await toMe.resource.load(ctx.caller, intOf(ctx.body.id));
    const company = String(ctx.body.expressCompany ?? '');
    if (!ENUMS.expressCompany.some((o) => o.value === company)) refuse(Code.VALIDATION, '请选择快递公司');
    const expressNo = typeof ctx.body.expressNo === 'string' ? ctx.body.expressNo.trim() : '';
    if (!/^[A-Za-z0-9-]{6,40}$/.test(expressNo)) refuse(Code.VALIDATION, '快递单号应为6至40位字母或数字');
    await toMe.resource.write(ctx, async (trx) => {
      const moved = await trx.updateTable('invoice_apply').set({ expressCompany: company, expressNo, updatedAt: ctx.now }).where('id', '=', row.id).where('status', 'in', [20, 30]).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, STALE);
      await audit(trx as never, { operator: operator(ctx), now: ctx.now, action: 'inviUpdateExpress', entity: invoiceApplyToMe.name, entityId: String(row.id), changes: { expressCompany: { from: row.expressCompany, to: company }, expressNo: { from: row.expressNo, to: expressNo } } });
    });
    return toMe.resource.get(ctx.caller, row.id as number);
  }

  /** A stored voucher or invoice file through its application's scope in the caller's direction. */
  function storedFile(resource: Resource<typeof invoiceApply.fields>, table: 'invoice_voucher' | 'invoice_file', route: string): RouteSpec {
    return {
      path: route,
      method: 'GET',
      perm: resource.entity.codes.query,
      raw: true,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        const id = Number((ctx.request.query as Row).id);
        const row = Number.isInteger(id) && id > 0 ? ((await db.selectFrom(table).select(['applyId', 'file']).where('id', '=', id).executeTakeFirst()) as Row | undefined) : undefined;
        if (!row) return refuse(Code.NOT_FOUND, Messages.notFound);
        await resource.load(ctx.caller, row.applyId as number);
        const [uploadId] = uploadIdsOf([row.file]);
        const upload = uploadId ? await deps.db.selectFrom('upload_file').select(['name', 'storedAs']).where('id', '=', uploadId).executeTakeFirst() : undefined;
        if (!upload) return refuse(Code.NOT_FOUND, Messages.notFound);
        return sendStored(deps, ctx.reply, upload.storedAs, upload.name);
      },
    };
  }

  const asMy = my.resource as unknown as Resource<typeof invoiceApply.fields>;
  const asToMe = toMe.resource as unknown as Resource<typeof invoiceApply.fields>;
  const signed = (f: (ctx: SignedInContext) => Promise<unknown>) => (ctx: unknown) => f(ctx as SignedInContext);
  const exportToken = info.routes.find((r) => r.path.endsWith('/genExportExcelToken'))!;

  const routes: RouteSpec[] = [
    { path: 'invoice/act/query/my/applyOptions', perm: 27110, handler: signed(applyOptions) },
    { path: 'invoice/act/query/my/preview', perm: 27110, handler: signed(preview) },
    { path: 'invoice/act/mgr/my/create', perm: 27120, handler: signed(createMy) },
    { path: 'invoice/act/mgr/my/update', perm: 27120, handler: signed(updateMy) },
    { path: 'invoice/act/mgr/my/inviVoucherCreate', perm: 27120, handler: signed((ctx) => addVoucher(asMy, ctx, [10], [AdminType.SYS, AdminType.ENT])) },
    { path: 'invoice/act/mgr/toMe/inviVoucherCreate', perm: 27250, handler: signed((ctx) => addVoucher(asToMe, ctx, [10, 20], [AdminType.SYS, AdminType.SPR])) },
    { path: 'invoice/act/mgr/toMe/inviVoucherDelete', perm: 27250, handler: signed(deleteVoucher) },
    {
      // 审核 {id, pass, reason?}: the machine's reviewPass or reviewFail.
      path: 'invoice/act/mgr/toMe/review',
      perm: 27250,
      handler: signed((ctx) => {
        if (typeof ctx.body.pass !== 'boolean') refuse(Code.VALIDATION, '请选择审核结果');
        return toMe.resource.transition(ctx, ctx.body.pass ? 'reviewPass' : 'reviewFail');
      }),
    },
    { path: 'invoice/act/mgr/toMe/inviFileCreate', perm: 27260, handler: signed(createFile) },
    { path: 'invoice/act/mgr/toMe/inviFileUpdate', perm: 27260, handler: signed(updateFile) },
    { path: 'invoice/act/mgr/toMe/inviFileDelete', perm: 27260, handler: signed(deleteFile) },
    { path: 'invoice/act/mgr/toMe/ocrVatInvoice', perm: 27260, handler: signed(recognize) },
    { path: 'invoice/act/mgr/toMe/inviUpdateExpress', perm: 27260, handler: signed(updateExpress) },
    // Export mode 20 (申请信息): a token for invoice/act/query/toMe/applyInfo/export.
    { path: 'invoice/act/mgr/toMe/export2', perm: 27210, handler: exportToken.handler },
  ];
  for (const [resource, dir] of [
    [asMy, 'my'],
    [asToMe, 'toMe'],
  ] as const) {
    routes.push(
      { path: `invoice/act/query/${dir}/inviVouchers`, perm: resource.entity.codes.query, handler: signed((ctx) => vouchers(resource, ctx)) },
      { path: `invoice/act/query/${dir}/inviFileList`, perm: resource.entity.codes.query, handler: signed((ctx) => filesOf(resource, ctx)) },
      storedFile(resource, 'invoice_voucher', `invoice/act/query/${dir}/inviVoucherFile`),
      storedFile(resource, 'invoice_file', `invoice/act/query/${dir}/inviFile`),
    );
  }
  return [...my.routes, ...toMe.routes, ...info.routes, ...routes];
}
