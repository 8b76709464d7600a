/** /notice 系统公告 (SYS, SPR): the platform's notices reach every account their target names; a supplier's only its own tree. */
import { AdminType, notice } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource, T } from '../../resource/entity-resource';
import { ownedBy } from './agreement';

export function noticeAdminRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, notice, {
    // SYS every notice; a supplier the ones it published.
    scope: ownedBy(`${T}.publisherId`),
    writers: ['SYS', 'SPR'],
    simple: false,
    export: true,
    beforeCreate: async (ctx, values) => ({ ...values, publisherId: ctx.caller.user.adminType === AdminType.SPR ? ctx.caller.user.orgId : null }),
  }).routes;
}
