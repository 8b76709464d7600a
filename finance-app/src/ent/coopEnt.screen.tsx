import { coopEnt } from '@flexpay/shared-utility';
import { defineScreen, detail, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/** /ent/coopEnt 合作关系: enterprise × effective supplier; suspended cooperation blocks payouts. */
export const route = '/ent/coopEnt';

export default defineScreen(coopEnt, {
  list: ['entId', 'supplierId', 'coopStatus', 'reason', 'createdAt'],
  search: ['entId', 'supplierId'],
  tabs: { by: 'coopStatus', values: [0, 1] },
  columns: { entId: { render: entNameCell } },
  actions: [detail(), transitions(), serverExport()],
});
