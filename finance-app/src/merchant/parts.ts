/**
 * Sub-tables opened from rows of the 商户管理 screens, each restricted to its parent row by the
 * opening action's `link`. New sub-merchants are created on /merchant/index or /merchant/merchtSub,
 * where the initial password of their administrator can be shown.
 */
import { merchtContract, subMerchant } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove } from '@flexpay/shared-utility/kit';

export const subMerchantTable = defineScreen(subMerchant, {
  list: ['merchtCode', 'name', 'contactName', 'contactPhone', 'status', 'createdAt'],
  search: ['name'],
  actions: [form({ create: false }), detail()],
});

export const merchtContractTable = defineScreen(merchtContract, {
  list: ['contractNo', 'contractType', 'startDate', 'endDate', 'status', 'createdAt'],
  search: ['contractNo'],
  actions: [form(), detail(), remove()],
});
