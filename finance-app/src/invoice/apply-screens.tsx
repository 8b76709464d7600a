import { invoiceApply, invoiceApplyToMe } from '@flexpay/shared-utility';
import { commands, custom, defineScreen, detail, form, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { ApplyDialog } from './apply-parts';
import { invoiceFiles, vouchers } from './apply-records';

/**
 * The two directions of 开票申请 (DOMAIN.md §5), each the screen of its menu route (directions.tsx
 * shows them by :toMe).
 *
 * 申请记录 (toMe 0; SYS, ENT; MER reads its enterprises' from 开票信息): the enterprise's applications
 * over its finished orders, amounts from the server; edit and cancel while pending, vouchers, and the
 * invoices once issued.
 */
export const myApplyScreen = defineScreen(invoiceApply, {
  // Fits 1280 px beside the 操作 column for the enterprise (the platform also sees the enterprise);
  // item, amount excluding tax, title, express and reasons are in 详情, the totals in the summary row.
  list: ['applyNo', 'entId', 'invoiceKind', 'amount', 'tax', 'orderCount', 'status', 'createdAt'],
  listFor: { entId: ['SYS'] },
  columns: { applyNo: { width: 120 }, entId: { width: 180 }, invoiceKind: { width: 116 }, amount: { width: 120 }, tax: { width: 100 }, orderCount: { width: 64 }, status: { width: 76 }, createdAt: { width: 160 } },
  search: ['applyNo', 'entId'],
  filterDialog: ['applyType', 'invoiceKind', 'medium', 'amount', 'createdAt'],
  tabs: { by: 'status', values: [10, 20, 30, 22, 32, 40, 50] },
  summary: ['amount', 'tax', 'exclAmount'],
  actions: [
    custom({ key: 'apply', label: '申请开票', scope: 'toolbar', codes: [invoiceApply.codes.mgr!], onlyFor: ['SYS', 'ENT'], render: ({ reload, close }) => <ApplyDialog reload={reload} close={close} /> }),
    custom({ key: 'edit', label: '编辑', scope: 'row', needs: 'edit', render: ({ row, reload, close }) => <ApplyDialog row={row} reload={reload} close={close} /> }),
    detail(),
    vouchers('my'),
    invoiceFiles('my'),
    transitions(),
    serverExport(),
  ],
});

/**
 * 开出记录 (toMe 1; SYS, SPR): applications addressed to the supplier — review (needs a work-completion
 * voucher), invoices with the VAT recognition, express, issue, discard; free (type 90) applications;
 * exports 10 (list) and 20 (application information).
 */
export const toMeApplyScreen = defineScreen(invoiceApplyToMe, {
  // Type, medium, item, amount excluding tax and express are in 详情 and 更多筛选; the totals in the summary row.
  list: ['applyNo', 'entId', 'invoiceKind', 'amount', 'tax', 'status', 'createdAt'],
  columns: { applyNo: { width: 116 }, entId: { width: 160 }, invoiceKind: { width: 112 }, amount: { width: 116 }, tax: { width: 96 }, status: { width: 76 }, createdAt: { width: 156 } },
  search: ['applyNo', 'entId'],
  filterDialog: ['applyType', 'invoiceKind', 'medium', 'amount', 'createdAt'],
  tabs: { by: 'status', values: [10, 20, 30, 22, 32, 40, 50] },
  summary: ['amount', 'tax', 'exclAmount'],
  actions: [
    // 新增 records a free (type 90) application: enterprise, item, kind, medium and amount.
    form({ onlyFor: ['SYS', 'SPR'], titles: { add: '新增其他开票申请', edit: '开票申请' }, view: false }),
    detail(),
    // 凭证 and 发票: the kit's rowFiles declared in apply-records.ts.
    vouchers('toMe'),
    invoiceFiles('toMe'),
    // 快递信息: the command's declared fields and rules (entities/invoice.ts), drawn by the kit.
    commands(['inviUpdateExpress']),
    transitions(),
    serverExport({ label: '导出' }),
    // Export mode 20 (申请信息), the second entry of 导出's menu.
    serverExport({ key: 'export2', label: '导出申请信息', onlyFor: ['SYS', 'SPR'], routes: { token: `${invoiceApplyToMe.paths.mgr}/export2`, file: 'invoice/act/query/toMe/applyInfo/export' } }),
  ],
});
