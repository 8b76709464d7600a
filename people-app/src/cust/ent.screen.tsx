import { cust } from '@flexpay/shared-utility';
import { defineScreen } from '@flexpay/shared-utility/kit';
import { talentActions } from './talent-screen';

/**
 * /cust/ent/:queryType? 企业人才 (SYS, SPR, ENT): the talents cooperating with the caller's enterprises
 * (ENT its own, SPR its supplier's, SYS all), with the enterprise that registered each. The query type
 * in the path is the status tab (/cust/ent/1: 禁用).
 */
export const route = '/cust/ent/:queryType?';

export default defineScreen(cust, {
  title: '企业人才',
  // Fits a 1280 px screen beside the 操作 column; the creation time is in 详情 and 更多筛选.
  list: ['name', 'idType', 'idNumber', 'phone', 'entId', 'realNameStatus'],
  columns: { name: { width: 80 }, idType: { width: 100 }, idNumber: { width: 160 }, phone: { width: 110 }, entId: { width: 190 }, realNameStatus: { width: 80 } },
  search: ['name', 'idNumber', 'phone'],
  filterDialog: ['entId', 'idType', 'realNameStatus', 'createdAt'],
  tabs: { by: 'status', values: [0, 1], param: 'queryType' },
  actions: talentActions,
});
