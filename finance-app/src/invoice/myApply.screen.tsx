import { invoiceApply } from '@flexpay/shared-utility';
import { custom, defineScreen, detail, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { ApplyDialog, FilesDialog, VouchersDialog } from './apply-parts';

/**
 * /invoice/myApply/:toMe 申请记录 (SYS, ENT): the enterprise's applications over its finished orders,
 * amounts from the server; edit and cancel while pending, vouchers, and the invoices once issued.
 */
export const route = '/invoice/myApply/:toMe';

export default defineScreen(invoiceApply, {
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
    custom({ key: 'vouchers', label: '凭证', scope: 'row', render: ({ row, reload, close }) => <VouchersDialog row={row} dir="my" reload={reload} close={close} /> }),
    custom({ key: 'files', label: '发票', scope: 'row', render: ({ row, reload, close }) => <FilesDialog row={row} dir="my" reload={reload} close={close} /> }),
    transitions(),
    serverExport(),
  ],
});
