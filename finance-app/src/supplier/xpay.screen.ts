import { xkjPlatform } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport, subTable, transitions } from '@flexpay/shared-utility/kit';
import { tsChannelTable } from './parts';

/** /supplier/xpay 平台管理 (SYS): xkj platforms and the suppliers' 税务通道 on each. */
export const route = '/supplier/xpay';

export default defineScreen(xkjPlatform, {
  list: ['platformCode', 'name', 'virtualType', 'apiUrl', 'status', 'createdAt'],
  search: ['platformCode', 'name', 'virtualType'],
  filterDialog: ['createdAt'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [
    form(),
    detail(),
    transitions(),
    subTable({ key: 'tsChannel', label: '税务通道', screen: tsChannelTable, link: { platformId: 'id' } }),
    serverExport(),
  ],
});
