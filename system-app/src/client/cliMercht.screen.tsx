import { clientMercht } from '@flexpay/shared-utility';
import { defineScreen, form, formFieldsOf, link, remove } from '@flexpay/shared-utility/kit';
import { authorisationFields, merchantCodeOf, refInputs } from './parts';
import './client.css';

/** /client/cliMercht 授权商户管理 (SYS): the merchants a client may act for; the path preselects the client (and merchant). */
export const route = '/client/cliMercht/:clientCode?/:merchtCode?';

export default defineScreen(clientMercht, {
  list: ['clientCode', 'merchtId', 'authorization', 'apiCodeNames'],
  search: ['clientCode', 'merchtId', 'authorization'],
  params: { clientCode: 'clientCode', merchtCode: 'merchtId' },
  actions: [
    form({ fields: authorisationFields(formFieldsOf(clientMercht, refInputs)), titles: { add: '新增授权商户', edit: '编辑授权商户', view: '查看授权商户' } }),
    link({ key: 'ents', label: '授权企业', to: async (row) => `/client/cliMerchtEnt/${String(row.clientCode)}/${await merchantCodeOf(row.merchtId)}` }),
    remove('确定要取消该商户的授权吗？'),
  ],
});
