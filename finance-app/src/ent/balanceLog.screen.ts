import { balanceLog } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/** /ent/balanceLog 收支记录(简): every balance change of an enterprise × channel, newest first, by business number. */
export const route = '/ent/balanceLog';

export default defineScreen(balanceLog, {
  title: '收支记录',
  list: ['id', 'entId', 'channel', 'bizType', 'bizNo', 'type', 'amount', 'availBefore', 'availAfter', 'lockedAfter', 'operatorName', 'createdAt'],
  search: ['entId', 'channel', 'bizNo'],
  filterDialog: ['bizType', 'type', 'amount', 'createdAt'],
  columns: { entId: { render: entNameCell } },
  actions: [serverExport()],
});
