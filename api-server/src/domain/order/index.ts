/** Payout orders (issue 10): 制单, 代发订单, 订单明细, 计费记录 and the live progress stream. */
import type { AppDeps, RouteSpec } from '../../http/guard';
import { orderRoutesOf } from './orders';
import { tempOrderRoutes } from './temp';

export function orderRoutes(deps: AppDeps): RouteSpec[] {
  const temp = tempOrderRoutes(deps);
  return [...temp.routes, ...orderRoutesOf(deps, temp.createTemp)];
}
