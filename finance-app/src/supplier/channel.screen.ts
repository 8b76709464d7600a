import { payChannel } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport, subTable, transitions } from '@flexpay/shared-utility/kit';
import { bankConfigTable } from './parts';

/** /supplier/channel 支付通道 with each channel's 银行配置. */
export const route = '/supplier/channel';

export default defineScreen(payChannel, {
  list: ['channel', 'name', 'adapter', 'manualCredit', 'dayLimit', 'status', 'createdAt'],
  search: ['channel', 'name', 'adapter'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [
    form(),
    detail(),
    transitions(),
    subTable({ key: 'bank', label: '银行配置', screen: bankConfigTable, link: { channel: 'channel' } }),
    serverExport(),
  ],
});
