import { domainRoutes } from '../domain';
import { dashboardRoutes } from '../domain/dashboard/summary';
import type { AppDeps, RouteSpec } from '../http/guard';
import { captchaRoutes } from './captcha';
import { custRoutes } from './cust';
import { documentRoutes } from './document';
import { noticeRoutes } from './notice';
import { recoveryRoutes } from './recovery';
import { revealRoutes } from './reveal';
import { searchRoutes } from './search';
import { userRoutes } from './user';

export function allRoutes(deps: AppDeps): RouteSpec[] {
  return [...userRoutes(deps), ...captchaRoutes(deps), ...recoveryRoutes(deps), ...documentRoutes(), ...dashboardRoutes(), ...noticeRoutes(deps), ...custRoutes(deps), ...searchRoutes(deps), ...revealRoutes(deps), ...domainRoutes(deps)];
}
