import { codeOf } from '@flexpay/shared-utility/src/pure';
import { summary } from '../domain/dashboard/summary';
import { type RouteSpec, signed } from '../http/guard';

/** The home page's figures: api-server/src/domain/dashboard (to-dos, orders and trend, talents, a merchant's month, the summary by account type). */
export function dashboardRoutes(): RouteSpec[] {
  // Login-only code: every signed-in account has a home page.
  return [{ path: 'dashboard/summary', perm: codeOf('ACT_LOGIN_INFO'), handler: signed(summary) }];
}
