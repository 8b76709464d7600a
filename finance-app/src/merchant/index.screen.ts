import { merchant } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport, subTable, transitions } from '@flexpay/shared-utility/kit';
import { derivedFormFields } from '../ent/derived-fields';
import { createWithAdmin } from './initial-password';
import { merchtContractTable, subMerchantTable } from './parts';

/** /merchant/index 商户列表 (SYS): agents, each created with its top administrator. */
export const route = '/merchant/index';

// The server makes every agent type 0 (suppliers are managed on /supplier/index).
const createFields = derivedFormFields(merchant).filter((f) => f.name !== 'merchtType');

export default defineScreen(merchant, {
  // Fits a 1280 px screen beside the 操作 column; contacts and times are in 详情.
  list: ['merchtCode', 'name', 'status', 'supplierId', 'parentId'],
  columns: { merchtCode: { width: 100 }, name: { width: 200 }, status: { width: 64 }, supplierId: { width: 200 }, parentId: { width: 190 } },
  search: ['merchtCode', 'name', 'supplierId'],
  filterDialog: ['parentId', 'createdAt'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [
    createWithAdmin(merchant, { fields: createFields }),
    form({ create: false }),
    detail(),
    transitions(),
    subTable({ key: 'subs', label: '下级商户', screen: subMerchantTable, link: { parentId: 'id' } }),
    subTable({ key: 'contracts', label: '合作合同', screen: merchtContractTable, link: { merchtId: 'id' } }),
    serverExport(),
  ],
});
