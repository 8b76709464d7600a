import { entFeeStats } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';
import { statsPage } from '../fee/month-stats';
import { entNameCell } from './ent-link';

/** /ent/feeStats 按月统计: each enterprise's month of priced lines (ENT without the merchants' profits: their fields' `for`). */
export const route = '/ent/feeStats';

export const screen = defineScreen(entFeeStats, {
  title: '按月统计',
  list: ['month', 'entId', 'lineCount', 'amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome'],
  search: ['month', 'entId'],
  summary: ['amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome'],
  columns: { entId: { render: entNameCell, width: 210 }, month: { width: 80 }, lineCount: { width: 80 }, amount: { width: 130 }, entFee: { width: 120 }, merchtProfit: { width: 110 }, parentProfit: { width: 120 }, supIncome: { width: 120 } },
  actions: [serverExport()],
});

export default statsPage(screen, route, ['amount', 'entFee']);
