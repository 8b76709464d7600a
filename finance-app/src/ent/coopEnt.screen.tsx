import { coopEnt } from '@flexpay/shared-utility';
import { defineScreen, detail, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/** /ent/coopEnt 合作关系: enterprise × effective supplier; suspended cooperation blocks payouts. */
export const route = '/ent/coopEnt';

export default defineScreen(coopEnt, {
  list: ['entId', 'supplierId', 'coopStatus', 'reason', 'createdAt'],
  search: ['entId', 'supplierId'],
  tabs: { by: 'coopStatus', values: [0, 1] },
  // Fits a 1280 px screen beside the 操作 column (详情, 暂停合作/恢复合作).
  columns: { entId: { render: entNameCell, width: 220 }, supplierId: { width: 220 }, coopStatus: { width: 76 }, reason: { width: 180 }, createdAt: { width: 160 } },
  actions: [detail(), transitions(), serverExport()],
});
