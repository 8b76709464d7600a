import { merchtFeeStats } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';
import { statsPage } from '../fee/month-stats';
import { merchantStatsColumns, merchantStatsList, merchantStatsSummary } from './feeStats.screen';

/** /merchant/subFeeStats 下级费用统计 (MER): its sub-merchants' months. */
export const route = '/merchant/subFeeStats';

export const screen = defineScreen(merchtFeeStats, {
  title: '下级费用统计',
  list: merchantStatsList,
  search: ['month', 'merchtId'],
  summary: merchantStatsSummary,
  columns: merchantStatsColumns,
  actions: [serverExport()],
});

export default statsPage(screen, route, ['amount', 'income', 'profit']);
