import { merchtFeeStats } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';
import { statsPage } from '../fee/month-stats';

/** /merchant/feeStats 商户费用统计 (SYS, SPR): each merchant's month — income, cost and profit. */
export const route = '/merchant/feeStats';

export const merchantStatsList = ['month', 'merchtId', 'lineCount', 'amount', 'income', 'cost', 'profit'] as const;
export const merchantStatsSummary = ['amount', 'income', 'cost', 'profit'] as const;
export const merchantStatsColumns = { month: { width: 90 }, merchtId: { width: 240 }, lineCount: { width: 90 }, amount: { width: 150 }, income: { width: 150 }, cost: { width: 140 }, profit: { width: 140 } };

export const screen = defineScreen(merchtFeeStats, {
  list: merchantStatsList,
  search: ['month', 'merchtId'],
  summary: merchantStatsSummary,
  columns: merchantStatsColumns,
  actions: [serverExport()],
});

export default statsPage(screen, route, ['amount', 'income', 'profit']);
