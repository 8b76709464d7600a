import { supplier } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport, subTable, transitions } from '@flexpay/shared-utility/kit';
import { distributorTable, smsConfigTable, supplierConfigTable, taxProofTable } from './parts';

/** /supplier/index 供应商: SYS manages suppliers; SPR sees its own and edits its configuration. */
export const route = '/supplier/index';

const DISTRIBUTOR = 100;

export default defineScreen(supplier, {
  list: ['merchtCode', 'name', 'merchtType', 'parentId', 'taxSourceId', 'contactName', 'contactPhone', 'status', 'createdAt'],
  search: ['merchtCode', 'name', 'taxSourceId'],
  filterDialog: ['merchtType', 'parentId', 'createdAt'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [
    form(),
    detail(),
    transitions(),
    subTable({ key: 'config', label: '通道配置', screen: supplierConfigTable, link: { supplierId: 'id' } }),
    subTable({ key: 'sms', label: '短信配置', screen: smsConfigTable, link: { supplierId: 'id' } }),
    subTable({ key: 'taxProof', label: '完税凭证', screen: taxProofTable, link: { supplierId: 'id' } }),
    subTable({ key: 'distributor', label: '分销商配置', screen: distributorTable, link: { supplierId: 'id' }, when: (row) => row.merchtType === DISTRIBUTOR }),
    serverExport(),
  ],
});
