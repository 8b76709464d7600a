import { cust } from '@flexpay/shared-utility';
import { defineScreen } from '@flexpay/shared-utility/kit';
import { talentActions } from './cust/talent-screen';

/** /cust/:queryType? 人才数据 (SYS): every talent of the platform, by real-name state. */
export const route = '/cust/:queryType?';

export default defineScreen(cust, {
  title: '人才数据',
  list: ['custCode', 'name', 'idType', 'idNumber', 'phone', 'bankCard', 'realNameStatus', 'status', 'createdAt'],
  columns: { custCode: { width: 140 }, idType: { width: 110 } },
  search: ['name', 'idNumber', 'phone'],
  filterDialog: ['custCode', 'idType', 'entId', 'supplierId', 'status', 'createdAt'],
  tabs: { by: 'realNameStatus', values: [0, 10, 20] },
  actions: talentActions,
});
