import { entMonthStats } from '@flexpay/shared-utility';
import { defineScreen, serverExport } from '@flexpay/shared-utility/kit';
import { statsPage } from '../fee/month-stats';
import { entNameCell } from './ent-link';

/** /ent/stats 综合统计: per enterprise and month — recharged, paid out, fees, refunds, closing balance. */
export const route = '/ent/stats';

export const screen = defineScreen(entMonthStats, {
  list: ['month', 'entId', 'recharge', 'paid', 'fee', 'refund', 'closing'],
  search: ['month', 'entId'],
  summary: ['recharge', 'paid', 'fee', 'refund'],
  columns: { entId: { render: entNameCell, width: 230 }, month: { width: 90 }, recharge: { width: 130 }, paid: { width: 140 }, fee: { width: 120 }, refund: { width: 120 }, closing: { width: 140 } },
  actions: [serverExport()],
});

export default statsPage(screen, route, ['recharge', 'paid', 'fee', 'refund']);
