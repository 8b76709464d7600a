import { clientMerchtEnt } from '@flexpay/shared-utility';
import { defineScreen, form, formFieldsOf, remove } from '@flexpay/shared-utility/kit';
import { authorisationFields, refInputs } from './parts';

/** /client/cliMerchtEnt 授权企业管理 (SYS): enterprises of an authorised merchant, codes within the merchant's. */
export const route = '/client/cliMerchtEnt/:clientCode?/:merchtCode?';

export default defineScreen(clientMerchtEnt, {
  list: ['clientCode', 'merchtId', 'entId', 'authorization', 'apiCodeNames'],
  search: ['clientCode', 'merchtId', 'entId', 'authorization'],
  params: { clientCode: 'clientCode', merchtCode: 'merchtId' },
  actions: [
    form({ fields: authorisationFields(formFieldsOf(clientMerchtEnt, refInputs)), titles: { add: '新增授权企业', edit: '编辑授权企业', view: '查看授权企业' } }),
    remove('确定要取消该企业的授权吗？'),
  ],
});
