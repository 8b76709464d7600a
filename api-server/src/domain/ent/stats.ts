/**
 * /ent/stats 综合统计: each enterprise's month — recharged, paid out, fees, refunds and the closing
 * balance — read from the ent_month_stats view over the ledger and the calc-fee log.
 */
import { entMonthStats } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource, T } from '../../resource/entity-resource';
import { entScope } from '../org-scope';

export function entStatsRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, entMonthStats, {
    scope: entScope(deps.db, `${T}.entId`),
    simple: false,
    export: true,
    summary: ['recharge', 'paid', 'fee', 'refund'],
    monthly: true,
  }).routes;
}
