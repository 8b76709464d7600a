import { merchtFeeStats } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';
import { statsPage } from '../fee/month-stats';
import { merchantStatsColumns, merchantStatsList, merchantStatsSummary } from './feeStats.screen';

/** /merchant/myFeeStats 我的费用统计 (MER): its own months. */
export const route = '/merchant/myFeeStats';

export const screen = defineScreen(merchtFeeStats, {
  title: '我的费用统计',
  list: merchantStatsList,
  search: ['month'],
  cond: { own: true },
  summary: merchantStatsSummary,
  columns: merchantStatsColumns,
  actions: [serverExport()],
});

export default statsPage(screen, route, ['amount', 'income', 'profit']);
