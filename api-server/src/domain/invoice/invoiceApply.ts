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
import { type AppDeps, type RouteSpec, signed } from '../../http/guard';
import { type InvoiceOcrProvider, simulatedInvoiceOcr } from '../../providers/invoice-ocr';
import { type AnyDb, defineResource, type Resource } from '../../resource/entity-resource';
import { moneyScope } from '../ent/money';
import { myEffects, toMeEffects } from './invoiceApply.effects';
import { fileRoutes, recognizer } from './invoiceApply.files';
import { applyHandlers, editApplication, freeApplication } from './invoiceApply.orders';

export function invoiceApplyRoutes(deps: AppDeps, ocr: InvoiceOcrProvider = simulatedInvoiceOcr): RouteSpec[] {
  const scope = moneyScope(deps.db as unknown as AnyDb);
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
    effects: { ...myEffects, edit: editApplication },
  });
  const toMe = defineResource(deps, invoiceApplyToMe, {
    scope,
    writers: ['SYS', 'SPR'],
    update: false,
    simple: false,
    summary: [...summary],
    export: true,
    duplicate: INVOICE_APPLY_MESSAGES.orderTaken,
    effects: toMeEffects,
    beforeCreate: freeApplication(deps),
  });
  const info = defineResource(deps, invoiceApplyInfo, { scope, simple: false, export: true });

  const asMy = my.resource as unknown as Resource<typeof invoiceApply.fields>;
  const asToMe = toMe.resource as unknown as Resource<typeof invoiceApply.fields>;
  const apply = applyHandlers(deps, { resource: asMy });
  const exportToken = info.routes.find((r) => r.path.endsWith('/genExportExcelToken'))!;

  const routes: RouteSpec[] = [
    { path: 'invoice/act/query/my/applyOptions', perm: 27110, for: ['SYS', 'ENT'], handler: signed(apply.applyOptions) },
    { path: 'invoice/act/query/my/preview', perm: 27110, for: ['SYS', 'ENT'], handler: signed(apply.preview) },
    { path: 'invoice/act/mgr/my/create', perm: 27120, handler: signed(apply.createMy) },
    { path: 'invoice/act/mgr/toMe/ocrVatInvoice', perm: 27260, handler: recognizer(deps, ocr) },
    // Export mode 20 (申请信息): a token for invoice/act/query/toMe/applyInfo/export.
    { path: 'invoice/act/mgr/toMe/export2', perm: 27210, handler: exportToken.handler },
    ...fileRoutes(deps, [[asMy, 'my'], [asToMe, 'toMe']]),
  ];
  return [...my.routes, ...toMe.routes, ...info.routes, ...routes];
}
