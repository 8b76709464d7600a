import { entContract } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/**
 * /ent/entContract 企业合同: originals and supplements; the server refuses a second original in force
 * over the same days (合同有效期与现有原合同重叠), shown while the form stays open.
 */
export const route = '/ent/entContract';

export default defineScreen(entContract, {
  // Fits a 1280 px screen beside the 操作 column; the creation time is in 详情.
  list: ['contractNo', 'entId', 'category', 'contractType', 'startDate', 'endDate', 'status'],
  search: ['contractNo', 'entId', 'category'],
  filterDialog: ['contractType', 'startDate', 'createdAt'],
  tabs: { by: 'status', values: [0, 1] },
  columns: { contractNo: { width: 124 }, entId: { render: entNameCell, width: 200 }, category: { width: 80 }, contractType: { width: 86 }, startDate: { width: 96 }, endDate: { width: 96 }, status: { width: 70 } },
  actions: [form(), detail(), transitions(), remove(), serverExport()],
});
