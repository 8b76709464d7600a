import { balanceLog, balanceLogGroup } from '@flexpay/shared-utility';
import { defineScreen, serverExport, subTable } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/** /ent/balanceLog 收支记录(简): one line per business number; 明细 opens its moves with before/after balances. */
export const route = '/ent/balanceLog';

const moves = defineScreen(balanceLog, {
  title: '收支明细',
  list: ['id', 'type', 'amount', 'availBefore', 'availAfter', 'lockedAfter', 'operatorName', 'createdAt'],
  // Fits the 900 px drawer.
  columns: { id: { width: 70 }, type: { width: 70 }, amount: { width: 110 }, availBefore: { width: 120 }, availAfter: { width: 120 }, lockedAfter: { width: 120 }, operatorName: { width: 80 }, createdAt: { width: 150 } },
  actions: [serverExport()],
});

export default defineScreen(balanceLogGroup, {
  // Fits 1280 px beside 明细, which holds the unlocks and times of each move.
  list: ['entId', 'channel', 'bizType', 'bizNo', 'added', 'locked', 'deducted', 'outstanding'],
  search: ['entId', 'channel', 'bizNo'],
  listPath: 'ent/query/balance/log/simpleList',
  columns: { entId: { render: entNameCell, width: 200 }, channel: { width: 100 }, bizType: { width: 84 }, bizNo: { width: 130 }, added: { width: 100 }, locked: { width: 100 }, deducted: { width: 100 }, outstanding: { width: 100 } },
  actions: [serverExport(), subTable({ key: 'moves', label: '明细', screen: moves, link: { entId: 'entId', channel: 'channel', bizNo: 'bizNo' } })],
});
