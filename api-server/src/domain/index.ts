import type { AppDeps, RouteSpec } from '../http/guard';

/** Routes of the domain areas (one folder per menu group, each declaring its resources). */
export function domainRoutes(_deps: AppDeps): RouteSpec[] {
  return [];
}
