/**
 * 申请开票 over finished orders (DOMAIN.md §5): the options and preview of the dialog, create and edit.
 * The server computes the total (what the enterprise paid for the orders: their ledger deductions), tax
 * and the amount excluding tax. An order sits in at most one live application: the link row's
 * liveOrderNo is unique and cleared when the application ends, so of two concurrent applications naming
 * one order one commits and the other answers 1009 所选订单已在开票申请中. 备注 is the entity's field
 * with its declared rule (spec §5 remark: at most 1 000 characters).
 */
import { applicationAmounts, formatFen, formatRatio, INVOICE_APPLY_MESSAGES, INVOICE_INFO_COPIED, INVOICEABLE_ORDER_STATUSES, invoiceApply, InvoiceStatus } from '@flexpay/shared-utility/src/pure';
import { invoiceableOrder } from '@flexpay/shared-utility/src/pure/entities/read-models';
import { applicationKind } from '@flexpay/shared-utility/src/pure/rules/server';
import { audit } from '../../account/audit';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type RouteSpec, signed, type SignedInContext } from '../../http/guard';
import { insertChunked, whereEach } from '../../resource/batch';
import { parsedValue, type Row } from '../../resource/codec';
import type { EffectContext } from '../../resource/commands';
import { namedEnterprise } from '../../resource/ent-channel';
import { type AnyDb, fieldChanges, fieldSerial, keyValue, present, type Resource, type WriteContext } from '../../resource/entity-resource';
import { BizType } from '../ent/ledger';

const MAX_ORDERS = 200;

/** 备注 by the entity's one declared rule. */
const remarkOf = (raw: unknown) => parsedValue(invoiceApply.fields.remark, raw);

/** Order numbers of a body: a non-empty list of distinct texts. */
function orderNosOf(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0) return refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.noOrders);
  if (raw.length > MAX_ORDERS || raw.some((n) => typeof n !== 'string' || n.length === 0 || n.length > 32)) refuse(Code.VALIDATION, '订单编号格式错误');
  return [...new Set(raw as string[])];
}

/** Orders with what the enterprise paid for each (`paidFen`): the ledger's deductions under the order's number. */
const withPaid = (db: AnyDb) =>
  db.selectFrom('pay_order').select((eb) => whereEach(eb.selectFrom('balance_log').select(eb.fn.sum('balance_log.amountFen').as('s')), { 'balance_log.bizType': BizType.ORDER, 'balance_log.type': 3 }).whereRef('balance_log.bizNo', '=', 'pay_order.orderNo').as('paidFen'));

/** The live order links of the applications other than the one edited (whose own orders count as free). */
const liveLinks = (db: AnyDb, editing: unknown) => db.selectFrom('invoice_apply_order').where('liveOrderNo', 'is not', null).where('applyId', '<>', editing ?? -1);

/** The enterprise's finished orders in no live application (the read model invoiceableOrder). */
async function invoiceableOrders(db: AnyDb, entId: number, editing: unknown): Promise<Row[]> {
  const orders = (await withPaid(db)
    .selectAll()
    .where('entId', '=', entId)
    .where('status', 'in', INVOICEABLE_ORDER_STATUSES)
    .where('orderNo', 'not in', liveLinks(db, editing).select('liveOrderNo'))
    .orderBy('createdAt', 'desc')
    .limit(500)
    .execute()) as Row[];
  return orders.filter((o) => Number(o.paidFen) > 0);
}

/** The supplier's invoice items (the dialog's choices; an application's item is one of them). */
const itemsOf = (db: AnyDb, supplierId: unknown) => db.selectFrom('invoice_item').where('supplierId', '=', supplierId);

const itemOf = async (db: AnyDb, supplierId: unknown, raw: unknown): Promise<Row> =>
  ((await itemsOf(db, supplierId).selectAll().where('id', '=', parsedValue(invoiceApply.fields.itemId, raw)).executeTakeFirst()) as Row | undefined) ?? refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.noItem);

/** The order numbers an application links. */
const linkedOf = (db: AnyDb, applyId: unknown) => db.selectFrom('invoice_apply_order').select('orderNo').where('applyId', '=', applyId);

/** The enterprise's invoice information (开票信息), if it keeps one. */
const infoOf = async (db: AnyDb, entId: unknown) => ((await db.selectFrom('invoice_info').selectAll().where('entId', '=', entId).executeTakeFirst()) as Row | undefined) ?? null;

/** Orders, item and amounts of an ENT/SYS application (create, update, preview). */
async function price(db: AnyDb, ctx: SignedInContext, body: Row, editing: Row | null) {
  const { id: entId, supplierId } = editing ? { id: editing.entId, supplierId: editing.supplierId } : await namedEnterprise(db, ctx.caller.user, body);
  const orderNos = orderNosOf(body.orderNos);
  // Another enterprise's order is out of scope; the enterprise's own unfinished one is not invoiceable.
  const named = (await withPaid(db).select(['orderNo', 'entId', 'status']).where('orderNo', 'in', orderNos).execute()) as Row[];
  if (named.some((o) => o.entId !== entId)) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  if (named.length !== orderNos.length || named.some((o) => !INVOICEABLE_ORDER_STATUSES.includes(Number(o.status)))) refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.noOrders);
  const item = await itemOf(db, supplierId, body.itemId ?? editing?.itemId);
  if (await liveLinks(db, editing?.id).select('id').where('liveOrderNo', 'in', orderNos).executeTakeFirst()) refuse(Code.CONFLICT, INVOICE_APPLY_MESSAGES.orderTaken);
  const paid = new Map(named.map((o) => [String(o.orderNo), Number(o.paidFen ?? 0)]));
  if (orderNos.some((n) => !paid.get(n))) refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.noOrders);
  return { entId, supplierId, orderNos, paid, item, info: await infoOf(db, entId), ...applicationAmounts(orderNos.map((n) => paid.get(n)!), Number(item.taxRate)) };
}
type Priced = Awaited<ReturnType<typeof price>>;

/** The columns of an application's amounts (the item's rate over the total) and the invoice information it keeps (INVOICE_INFO_COPIED, every kind). */
const amountColumns = (item: Row, info: Row | null, totalFen: number, orderCount: number) => {
  const { taxFen, exclFen } = applicationAmounts([totalFen], Number(item.taxRate));
  return { itemId: item.id, amountFen: totalFen, taxRate: item.taxRate, taxFen, exclFen, orderCount, ...Object.fromEntries(INVOICE_INFO_COPIED.map((name) => [name, info?.[name] ?? null])) };
};

/** The columns an application over orders takes (create and edit): its enterprise and supplier, its kind and medium (asked, else kept, else the information's; checked against the information), its pricing. */
const pricedColumns = (priced: Priced, body: Row, before: Row | null, remark: unknown, now: number) => {
  const kind = applicationKind(priced.info, { invoiceKind: body.invoiceKind ?? before?.invoiceKind, medium: body.medium ?? before?.medium });
  if (typeof kind === 'string') return refuse(Code.VALIDATION, kind);
  return { entId: priced.entId, supplierId: priced.supplierId, ...kind, ...amountColumns(priced.item, priced.info, priced.totalFen, priced.orderNos.length), remark, updatedAt: now };
};

/** The application's order links (each what the order paid), live until the application ends: the kit's batch write. */
const linkOrders = (trx: AnyDb, applyId: number, priced: Priced, now: number) =>
  insertChunked(trx, 'invoice_apply_order', priced.orderNos.map((orderNo) => ({ applyId, orderNo, amountFen: priced.paid.get(orderNo)!, liveOrderNo: orderNo, createdAt: now })));

/** The routes of the enterprise's application over orders (申请记录): the dialog's options and preview, create. */
export function applyRoutes(deps: AppDeps, my: Resource<typeof invoiceApply.fields>): RouteSpec[] {
  const db = deps.db;
  /** The application being edited (`id`), if any, in the caller's scope. */
  const editingOf = (ctx: SignedInContext) => (keyValue(invoiceApply, ctx.body) === null ? null : my.load(ctx.caller, keyValue(invoiceApply, ctx.body)));
  async function applyOptions(ctx: SignedInContext) {
    const ent = await namedEnterprise(db, ctx.caller.user, ctx.body);
    const editing = await editingOf(ctx);
    const orders = await invoiceableOrders(db, ent.id, editing?.id);
    const items = (await itemsOf(db, ent.supplierId).select(['id as value', 'itemName as label', 'taxRate']).orderBy('itemName').execute()) as Row[];
    const info = await infoOf(db, ent.id);
    return {
      orders: orders.map((o) => present(invoiceableOrder, o)),
      items: items.map((i) => ({ ...i, taxRate: formatRatio(Number(i.taxRate)) })),
      info: info && { title: info.title, taxNo: info.taxNo, invoiceKind: info.invoiceKind, medium: info.medium },
      ...(editing ? { selected: ((await linkedOf(db, editing.id).orderBy('orderNo').execute()) as Row[]).map((o) => o.orderNo) } : {}),
    };
  }

  async function preview(ctx: SignedInContext) {
    const priced = await price(db, ctx, ctx.body, await editingOf(ctx));
    return { amount: formatFen(priced.totalFen), tax: formatFen(priced.taxFen), exclAmount: formatFen(priced.exclFen), taxRate: String(priced.item.taxRate), orderCount: priced.orderNos.length };
  }

  async function createMy(ctx: SignedInContext) {
    const remark = remarkOf(ctx.body.remark);
    return my.write(ctx, async (trx) => {
      const priced = await price(trx, ctx, ctx.body, null);
      // Numbered by applyNo's declared series (as the kit numbers 开出记录's 新增), type 10, pending.
      const applyNo = await fieldSerial(deps.dialect, trx, invoiceApply, 'applyNo');
      const columns = { applyNo, applyType: 10, status: InvoiceStatus.PENDING, ...pricedColumns(priced, ctx.body, null, remark, ctx.now), createdAt: ctx.now };
      const [inserted] = await insertChunked(trx, 'invoice_apply', [columns], ['id']);
      await linkOrders(trx, inserted.id as number, priced, ctx.now);
      await audit(trx, { operator: ctx.caller.user, now: ctx.now, action: 'create', entity: invoiceApply.name, entityId: String(inserted.id), changes: { applyNo: { from: null, to: applyNo }, amount: { from: null, to: priced.totalFen }, orderNos: { from: null, to: priced.orderNos.join(',') } } });
      return { id: inserted.id, applyNo };
    });
  }

  return [
    { path: 'invoice/act/query/my/applyOptions', perm: 27110, for: ['SYS', 'ENT'], handler: signed(applyOptions) },
    { path: 'invoice/act/query/my/preview', perm: 27110, for: ['SYS', 'ENT'], handler: signed(preview) },
    { path: 'invoice/act/mgr/my/create', perm: 27120, handler: signed(createMy) },
  ];
}

/**
 * 编辑 (the command `edit`, route update; the kit holds the application in 10): its orders, item,
 * kind, medium and remark again, the amounts priced anew and the orders linked anew.
 */
export async function editApplication(x: EffectContext) {
  const { trx, row, body, now } = x;
  const current = (await linkedOf(trx, row.id).execute()) as Row[];
  const asked = { ...body, orderNos: body.orderNos ?? current.map((o) => o.orderNo) };
  const remark = body.remark === undefined ? row.remark : remarkOf(body.remark);
  const priced = await price(trx, x, asked, row);
  const columns = pricedColumns(priced, asked, row, remark, now);
  await trx.updateTable('invoice_apply').set(columns).where('id', '=', row.id).execute();
  await trx.deleteFrom('invoice_apply_order').where('applyId', '=', row.id).execute();
  await linkOrders(trx, row.id as number, priced, now);
  const changes = fieldChanges(invoiceApply, row, { itemId: columns.itemId, invoiceKind: columns.invoiceKind, medium: columns.medium, amountFen: columns.amountFen, remark });
  const before = current.map((o) => o.orderNo).join(',');
  if (before !== priced.orderNos.join(',')) changes.orderNos = { from: before, to: priced.orderNos.join(',') };
  return { changes };
}

/** A free application (type 90) 新增 by the supplier: its enterprise's supplier and its item's rate are taken by the kit (toMe's refersTo); no orders. */
export const freeApplication = async (ctx: WriteContext, values: Row): Promise<Row> => ({
  ...values,
  ...amountColumns({ id: values.itemId, taxRate: values.taxRate }, await infoOf(ctx.trx, values.entId), Number(values.amountFen), 0),
});
