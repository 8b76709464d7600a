import { balanceLog, balanceLogGroup } from '@flexpay/shared-utility';
import { defineScreen, serverExport, subTable } from '@flexpay/shared-utility/kit';
import { moveTypeCell } from './balance-move-type';
import { entNameCell } from './ent-link';

/** /ent/balanceLog 收支记录(简): one line per business number; 明细 opens its moves with before/after balances. */
export const route = '/ent/balanceLog';

// A ledger (issue 22): time first, newest first (the entity's newestBy), the move in words with what it means, the balances after it.
const moves = defineScreen(balanceLog, {
  title: '收支明细',
  list: ['createdAt', 'type', 'amount', 'availBefore', 'availAfter', 'lockedAfter', 'operatorName', 'id'],
  columns: { type: { render: moveTypeCell } },
  actions: [serverExport()],
});

export default defineScreen(balanceLogGroup, {
  // Each business number with the time of its last move, newest first (the server walks the moves newest first); 明细 holds the unlocks and each move's time.
  list: ['lastAt', 'entId', 'channel', 'bizType', 'bizNo', 'added', 'locked', 'deducted', 'outstanding'],
  search: ['entId', 'channel', 'bizNo'],
  listPath: 'ent/query/balance/log/simpleList',
  columns: { entId: { render: entNameCell } },
  actions: [serverExport(), subTable({ key: 'moves', label: '明细', screen: moves, link: { entId: 'entId', channel: 'channel', bizNo: 'bizNo' } })],
});
