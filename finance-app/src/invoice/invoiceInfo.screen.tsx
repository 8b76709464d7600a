import { invoiceInfo } from '@flexpay/shared-utility';
import { defineScreen, detail, form } from '@flexpay/shared-utility/kit';
import { entNameCell } from '../ent/ent-link';

/** /invoice/invoiceInfo 开票信息: the enterprise keeps its own; its supplier and merchant read it. */
export const route = '/invoice/invoiceInfo';

export default defineScreen(invoiceInfo, {
  // Fits 1280 px beside the 操作 column; the title (usually the enterprise's name), address and account are in 详情.
  list: ['entId', 'taxNo', 'invoiceKind', 'medium', 'bankName'],
  search: ['entId', 'title', 'taxNo'],
  columns: { entId: { render: entNameCell, width: 230 }, taxNo: { width: 180 }, invoiceKind: { width: 120 }, medium: { width: 80 }, bankName: { width: 210 } },
  // Only the enterprise writes, its own record (the server names it).
  actions: [form({ onlyFor: ['ENT'], fieldsFor: { entId: ['SYS'] } }), detail()],
});
