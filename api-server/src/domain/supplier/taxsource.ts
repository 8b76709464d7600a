/** /supplier/taxsource 税源地 (SYS): tax sources, and per-month talent and tax-source statistics. */
import { taxSource } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource } from '../../resource/entity-resource';
import { everyone } from '../org-scope';
import { taxSourceStatsRoutes } from './taxsource-stats';

export function taxSourceRoutes(deps: AppDeps): RouteSpec[] {
  const { routes } = defineResource(deps, taxSource, {
    scope: everyone,
    writers: ['SYS'],
    export: true,
    duplicate: '税源地编码已存在',
  });
  return [...routes, ...taxSourceStatsRoutes(deps)];
}
