import { entTaxProof } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove, serverExport } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/** /ent/taxPaidProof 完税记录: filed by the supplier or the platform, downloaded by the enterprise. */
export const route = '/ent/taxPaidProof';

export default defineScreen(entTaxProof, {
  // Fits 1280 px beside the 操作 column; the filing time is in 详情.
  list: ['entId', 'month', 'personCount', 'taxAmount', 'file'],
  search: ['entId', 'month'],
  filterDialog: ['taxAmount', 'createdAt'],
  summary: ['taxAmount'],
  columns: { entId: { render: entNameCell, width: 240 }, month: { width: 100 }, personCount: { width: 90 }, taxAmount: { width: 140 }, file: { width: 200 } },
  actions: [form(), detail(), remove(), serverExport()],
});
