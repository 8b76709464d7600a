import { cust } from '@flexpay/shared-utility';
import { defineScreen } from '@flexpay/shared-utility/kit';
import { talentActions } from './cust/talent-screen';

/**
 * /cust/:queryType? 人才数据 (SYS): every talent of the platform, by real-name state. The query type in
 * the path is the real-name tab (/cust/10: 实名成功); the menu's /cust/base is the whole list.
 */
export const route = '/cust/:queryType?';

export default defineScreen(cust, {
  title: '人才数据',
  // Fits a 1280 px screen beside the 操作 column with each masked number's 显示完整号码 button (issue 22 item 6);
  // ID type, status, enterprise and times are in 详情 and 更多筛选.
  list: ['custCode', 'name', 'idNumber', 'phone', 'bankCard', 'realNameStatus'],
  columns: { custCode: { width: 110 }, name: { width: 80 }, idNumber: { width: 180 }, phone: { width: 130 }, bankCard: { width: 190 }, realNameStatus: { width: 80 } },
  search: ['name', 'idNumber', 'phone'],
  filterDialog: ['custCode', 'idType', 'entId', 'supplierId', 'status', 'createdAt'],
  tabs: { by: 'realNameStatus', values: [0, 10, 20], param: 'queryType' },
  actions: talentActions,
});
