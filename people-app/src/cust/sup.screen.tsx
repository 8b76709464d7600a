import { custCoopSup } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport } from '@flexpay/shared-utility/kit';
import { signActions } from './talent-actions';

/**
 * /cust/sup/:queryType? 签约管理 (SYS, SPR, ENT): every talent's cooperation with a supplier — sign
 * channel, sign status, tax registration — in the caller's scope (SPR its own supplier's, ENT its
 * talents', SYS all). The query type in the path is the sign-status tab (/cust/sup/20: 签约成功).
 * 导出 writes the filtered rows, ID numbers masked (whole only from 导出（含完整号码）, for 20110, audited).
 */
export const route = '/cust/sup/:queryType?';

export default defineScreen(custCoopSup, {
  list: ['custId', 'idNumber', 'supplierId', 'signChannel', 'signStatus', 'signedAt', 'taxRegStatus', 'status'],
  // ENT and SPR cooperate with one supplier each: the column is the platform's only, so the row fits 1280 px with its actions.
  listFor: { supplierId: ['SYS'] },
  // 证件号码 comes from the server masked for everyone; 20110 reveals one in its cell (issue 22 item 6).
  columns: { custId: { width: 80 }, idNumber: { width: 160 }, supplierId: { width: 180 }, signChannel: { width: 80 }, signStatus: { width: 80 }, signedAt: { width: 150 }, taxRegStatus: { width: 80 }, status: { width: 70 } },
  search: ['custId'],
  filterDialog: ['supplierId', 'signChannel', 'taxRegStatus', 'status', 'signedAt', 'createdAt'],
  tabs: { by: 'signStatus', values: [0, 10, 20, 30, 40], param: 'queryType' },
  listPath: custCoopSup.paths.query,
  actions: [form({ create: false, view: false, routes: { update: 'updateSupCoopData' }, titles: { add: '新增合作供应商', edit: '编辑合作供应商' } }), detail(), ...signActions, serverExport({ codes: [20130] })],
});
