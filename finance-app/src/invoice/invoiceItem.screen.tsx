import { invoiceItem } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove, serverExport } from '@flexpay/shared-utility/kit';

/** /invoice/invoiceItem 开票项目 (SPR): what the supplier's invoices are issued for. */
export const route = '/invoice/invoiceItem';

export default defineScreen(invoiceItem, {
  // Fits 1280 px beside the 操作 column; the creation time is in 详情.
  list: ['itemName', 'taxCode', 'taxRate', 'supplierId'],
  search: ['itemName', 'taxCode'],
  columns: { itemName: { width: 240 }, taxCode: { width: 190 }, taxRate: { width: 90 }, supplierId: { width: 220 } },
  // The supplier is the caller's own (the server names it).
  actions: [form({ fieldsFor: { supplierId: ['SYS'] } }), detail(), remove(), serverExport()],
});
