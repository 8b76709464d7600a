import type { AppDeps, RouteSpec } from '../http/guard';
import { kitRoutes } from '../resource/kit-routes';
import { adminRoutes } from './admin/index';
import { auditLogRoutes } from './admin/auditLog';
import { clientAuthorizationRoutes } from './client/authorization';
import { clientRoutes } from './client/index';
import { orgInfoRoutes } from './admin/org-info';
import { contractRoutes } from './ent/contract';
import { entRoutes } from './ent/index';
import { entFeeRoutes } from './ent/fee';
import { moneyRoutes } from './ent/money';
import { entStatsRoutes } from './ent/stats';
import { statementRoutes } from './ent/statement';
import { taxPaidProofRoutes } from './ent/taxPaidProof';
import { invoiceInfoRoutes } from './invoice/invoiceInfo';
import { invoiceItemRoutes } from './invoice/invoiceItem';
import { invoiceApplyRoutes } from './invoice/invoiceApply';
import { merchantFeeRoutes } from './merchant/fee';
import { taskCategoryRoutes } from './task/category';
import { orderRoutes } from './order/index';
import { tempOrderRoutes } from './order/temp';
import { packageRoutes } from './task/package';
import { settlementRoutes } from './task/settlement';
import { custCardRoutes } from './cust/card';
import { custCoopEntRoutes, custCoopSupRoutes } from './cust/coop';
import { merchantRoutes } from './merchant/index';
import { agreementRoutes } from './other/agreement';
import { noticeAdminRoutes } from './other/notice';
import { outboxRoutes } from './other/outboxes';
import { channelRoutes } from './supplier/channel';
import { supplierRoutes } from './supplier/index';
import { taxSourceRoutes } from './supplier/taxsource';
import { opsAppRoutes } from './ops/apps';
import { xpayRoutes } from './supplier/xpay';
import { withSpecPaths } from './spec-paths';

/**
 * Routes of the domain areas (one folder per menu group, each declaring its resources), plus spec §7's
 * own paths where an area answers under another name (spec-paths.ts).
 */
export function domainRoutes(deps: AppDeps): RouteSpec[] {
  // 制单 is made on its own screen and by 从业者结算's 发起结算.
  const temp = tempOrderRoutes(deps);
  const areas = [kitRoutes, taxSourceRoutes, supplierRoutes, channelRoutes, xpayRoutes, merchantRoutes, entRoutes, moneyRoutes, entFeeRoutes, entStatsRoutes, statementRoutes, taxPaidProofRoutes, merchantFeeRoutes, contractRoutes, noticeAdminRoutes, outboxRoutes, adminRoutes, orgInfoRoutes, auditLogRoutes, agreementRoutes, clientRoutes, clientAuthorizationRoutes, invoiceInfoRoutes, invoiceItemRoutes, invoiceApplyRoutes, taskCategoryRoutes, () => orderRoutes(deps, temp), packageRoutes, () => settlementRoutes(deps, temp.createTemp), custCoopEntRoutes, custCoopSupRoutes, custCardRoutes, opsAppRoutes];
  return withSpecPaths(areas.flatMap((routes) => routes(deps)));
}
