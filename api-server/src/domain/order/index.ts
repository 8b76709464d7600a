/** Payout orders (issue 10): 制单, 代发订单, 订单明细, 计费记录 and the live progress stream. */
import type { AppDeps, RouteSpec } from '../../http/guard';
import { orderRoutesOf } from './orders';
import { tempOrderRoutes } from './temp';

/** `temp`: the 制单 routes and service, when another area makes temp orders too (从业者结算). */
export function orderRoutes(deps: AppDeps, temp = tempOrderRoutes(deps)): RouteSpec[] {
  return [...temp.routes, ...orderRoutesOf(deps, temp.createTemp)];
}
