/**
 * /invoice/myApply 申请记录 and /invoice/toMeApply 开出记录 (DOMAIN.md §5, spec §7 invoice act calls):
 * the declaration of the two directions. Their commands (取消申请, 审核, 开票, 开票失败, 作废, 上传凭证,
 * 添加发票, 快递信息) are declared on the entities (shared-utility/src/pure/entities/invoice.ts); the kit
 * derives their routes, parsing, stale checks, `_actions` and audit entries, and invoiceApply.effects.ts
 * holds their business work. What is not a command: the application over orders (invoiceApply.orders.ts)
 * and the voucher and invoice-file lists (invoiceApply.files.ts).
 *
 * Scope (the money scope): ENT its own applications, SPR those of its supplier's enterprises, MER those
 * of its and its sub-merchants' enterprises (read only: 申请记录's query code, no route writes for it),
 * SYS all.
 */
import { INVOICE_APPLY_MESSAGES, invoiceApply, invoiceApplyInfo, invoiceApplyToMe } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { type InvoiceOcrProvider, simulatedInvoiceOcr } from '../../providers/invoice-ocr';
import { defineResource } from '../../resource/entity-resource';
import { moneyScope } from '../ent/money';
import { myEffects, toMeEffects } from './invoiceApply.effects';
import { fileRoutes, recognizer } from './invoiceApply.files';
import { applyRoutes, editApplication, freeApplication } from './invoiceApply.orders';

export function invoiceApplyRoutes(deps: AppDeps, ocr: InvoiceOcrProvider = simulatedInvoiceOcr): RouteSpec[] {
  const scope = moneyScope(deps.db);
  // Both directions: the money scope, 合计 of the amounts, the list's export, one live application per order.
  const both = {
    scope, update: false, simple: false, export: true, duplicate: INVOICE_APPLY_MESSAGES.orderTaken,
    summary: ['amount', 'tax', 'exclAmount'] as Array<'amount' | 'tax' | 'exclAmount'>,
  } as const;
  // An ended application's orders may be applied for again (their live links cleared); a discarded one's valid invoices are discarded with it.
  const released = { movedWith: [{ table: 'invoice_apply_order', column: 'applyId', set: { liveOrderNo: null } }] };
  // 删除凭证 and 删除发票 remove their child record.
  const removes = { removes: true };
  const discarded = { table: 'invoice_file', column: 'applyId', where: { status: 0 }, set: { status: 10 }, stamp: 'updatedAt' };
  const my = defineResource(deps, invoiceApply, { ...both, writers: ['SYS', 'ENT'], create: false, effects: { ...myEffects, edit: editApplication }, commandRefs: { cancel: released } });
  const toMe = defineResource(deps, invoiceApplyToMe, {
    ...both, writers: ['SYS', 'SPR'], effects: toMeEffects, beforeCreate: freeApplication,
    // 新增 (type 90): the enterprise (1004 when none) gives its supplier, whose item it must be (its rate taken).
    refersTo: [
      { table: 'ent', column: 'entId', takes: { supplierId: 'supplierId' }, code: Code.NOT_FOUND, message: Messages.notFound },
      { table: 'invoice_item', column: 'itemId', match: { supplierId: 'supplierId' }, takes: { taxRate: 'taxRate' }, message: INVOICE_APPLY_MESSAGES.noItem },
    ],
    commandRefs: { reviewFail: released, issue: { stamp: 'issuedAt' }, issueFail: released, discard: { movedWith: [discarded, ...released.movedWith] }, inviVoucherDelete: removes, inviFileDelete: removes },
  });
  const info = defineResource(deps, invoiceApplyInfo, { scope, simple: false, export: true });

  return [
    ...my.routes,
    ...toMe.routes,
    ...info.routes,
    ...applyRoutes(deps, my.resource),
    { path: 'invoice/act/mgr/toMe/ocrVatInvoice', perm: 27260, handler: recognizer(deps, ocr) },
    // Export mode 20 (申请信息): a token for invoice/act/query/toMe/applyInfo/export.
    { path: 'invoice/act/mgr/toMe/export2', perm: 27210, handler: info.routes.find((r) => r.path.endsWith('/genExportExcelToken'))!.handler },
    ...fileRoutes(deps, [[my.resource, 'my'], [toMe.resource, 'toMe']]),
  ];
}
