/**
 * 人才 routes (spec §7 cust, bankCard): the talent record (domain/cust/talent.ts), its import with
 * history (domain/cust/import.ts) and the card BIN table (domain/cust/bin.ts).
 */
import type { AppDeps, RouteSpec } from '../http/guard';
import { bankBinRoutes } from '../domain/cust/bin';
import { custImportRoutes } from '../domain/cust/import';
import { talentRoutes } from '../domain/cust/talent';

export { CustMessages } from '../domain/cust/import';

export function custRoutes(deps: AppDeps): RouteSpec[] {
  return [...talentRoutes(deps), ...custImportRoutes(deps), ...bankBinRoutes(deps)];
}
