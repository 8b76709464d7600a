import { domainRoutes } from '../domain';
import { bankBinRoutes } from '../domain/cust/bin';
import { custImportRoutes } from '../domain/cust/import';
import { talentRoutes } from '../domain/cust/talent';
import { dashboardRoutes } from '../domain/dashboard/summary';
import type { AppDeps, RouteSpec } from '../http/guard';
import { noticeRoutes } from './notice';
import { recoveryRoutes } from './recovery';
import { revealRoutes } from './reveal';
import { searchRoutes } from './search';
import { userRoutes } from './user';

export function allRoutes(deps: AppDeps): RouteSpec[] {
  return [...userRoutes(deps), ...recoveryRoutes(deps), ...dashboardRoutes(), ...noticeRoutes(deps), ...talentRoutes(deps), ...custImportRoutes(deps), ...bankBinRoutes(deps), ...searchRoutes(deps), ...revealRoutes(deps), ...domainRoutes(deps)];
}
