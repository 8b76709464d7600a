import { custCoopSup } from '@flexpay/shared-utility';
import { defineScreen, detail, form } from '@flexpay/shared-utility/kit';
import { signActions } from './talent-actions';

/**
 * /cust/sup/:queryType? 签约管理 (SYS, SPR, ENT): every talent's cooperation with a supplier — sign
 * channel, sign status, tax registration — in the caller's scope (SPR its own supplier's, ENT its
 * talents', SYS all). The query type in the path is the sign-status tab (/cust/sup/20: 签约成功).
 */
export const route = '/cust/sup/:queryType?';

export default defineScreen(custCoopSup, {
  list: ['custId', 'idNumber', 'supplierId', 'signChannel', 'signStatus', 'signedAt', 'taxRegStatus', 'status', 'createdAt'],
  // 证件号码 comes from the server, masked for callers without the talent-manage code (issue 8).
  columns: { supplierId: { width: 190 } },
  search: ['custId', 'supplierId'],
  filterDialog: ['signChannel', 'taxRegStatus', 'status', 'signedAt', 'createdAt'],
  tabs: { by: 'signStatus', values: [0, 10, 20, 30, 40], param: 'queryType' },
  listPath: custCoopSup.paths.query,
  actions: [form({ create: false, view: false, routes: { update: 'updateSupCoopData' }, titles: { add: '新增合作供应商', edit: '编辑合作供应商' } }), detail(), ...signActions],
});
