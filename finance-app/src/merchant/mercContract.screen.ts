import { merchtContract } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove } from '@flexpay/shared-utility/kit';

/** /merchant/mercContract 合作合同: merchant contracts 50/90, informational, with the contract file. */
export const route = '/merchant/mercContract';

export default defineScreen(merchtContract, {
  list: ['contractNo', 'merchtId', 'contractType', 'startDate', 'endDate', 'status', 'createdAt'],
  search: ['contractNo', 'merchtId', 'contractType'],
  filterDialog: ['startDate', 'createdAt'],
  actions: [form(), detail(), remove()],
});
