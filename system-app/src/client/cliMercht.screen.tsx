import { clientMercht } from '@flexpay/shared-utility';
import { custom, defineScreen, form, formFieldsOf, remove } from '@flexpay/shared-utility/kit';
import { authorisationFields, GoTo, merchantCodeOf, refInputs } from './parts';
import './client.css';

/** /client/cliMercht 授权商户管理 (SYS): the merchants a client may act for; the path preselects the client (and merchant). */
export const route = '/client/cliMercht/:clientCode?/:merchtCode?';

export default defineScreen(clientMercht, {
  list: ['clientCode', 'merchtId', 'authorization', 'apiCodeNames'],
  search: ['clientCode', 'merchtId', 'authorization'],
  params: { clientCode: 'clientCode', merchtCode: 'merchtId' },
  actions: [
    form({ fields: authorisationFields(formFieldsOf(clientMercht, refInputs)), titles: { add: '新增授权商户', edit: '编辑授权商户', view: '查看授权商户' } }),
    custom({
      key: 'ents',
      label: '授权企业',
      scope: 'row',
      render: ({ row, close }) => <GoTo to={async () => `/client/cliMerchtEnt/${String(row.clientCode)}/${await merchantCodeOf(row.merchtId)}`} close={close} />,
    }),
    remove('确定要取消该商户的授权吗？'),
  ],
});
