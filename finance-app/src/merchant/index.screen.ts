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
  list: ['merchtCode', 'name', 'status', 'supplierId', 'parentId', 'contactName', 'contactPhone', 'createdAt'],
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
