import { invoiceApply, invoiceInfo } from '@flexpay/shared-utility';
import { defineScreen, detail, form, subTable } from '@flexpay/shared-utility/kit';
import { entNameCell } from '../ent/ent-link';
import { invoiceFiles } from './apply-records';

/**
 * /invoice/invoiceInfo 开票信息: the enterprise keeps its own; its supplier and merchant read it. A
 * merchant has no 申请记录 menu (spec §2) and reads each enterprise's applications here (开票申请).
 */
export const route = '/invoice/invoiceInfo';

/** An enterprise's applications, read only: amounts, state, 详情 and the issued invoices. */
const appliesOfEnt = defineScreen(invoiceApply, {
  // Fits the 900 px drawer beside 操作; the order count and the rest are in 详情.
  list: ['applyNo', 'invoiceKind', 'amount', 'tax', 'status', 'createdAt'],
  columns: { applyNo: { width: 112 }, invoiceKind: { width: 112 }, amount: { width: 112 }, tax: { width: 92 }, status: { width: 76 }, createdAt: { width: 156 } },
  search: ['applyNo', 'status'],
  summary: ['amount', 'tax', 'exclAmount'],
  actions: [detail(), invoiceFiles('my')],
});

export default defineScreen(invoiceInfo, {
  // Fits 1280 px beside the 操作 column; the title (usually the enterprise's name), address and account are in 详情.
  list: ['entId', 'taxNo', 'invoiceKind', 'medium', 'bankName'],
  search: ['entId', 'title', 'taxNo'],
  columns: { entId: { render: entNameCell, width: 230 }, taxNo: { width: 180 }, invoiceKind: { width: 120 }, medium: { width: 80 }, bankName: { width: 210 } },
  // Only the enterprise writes, its own record (the server names it).
  actions: [
    form({ onlyFor: ['ENT'], fieldsFor: { entId: ['SYS'] } }),
    detail(),
    subTable({ key: 'applies', label: '开票申请', needs: 'applies', screen: appliesOfEnt, link: { entId: 'entId' } }),
  ],
});
