/** /notice 系统公告 (SYS, SPR): the platform's notices reach every account their target names; a supplier's only its own tree. */
import { AdminType, notice } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource, T } from '../../resource/entity-resource';
import { ownedBy } from './agreement';

export const NoticeMessages = { window: '截止时间须晚于发布时间' } as const;

export function noticeAdminRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, notice, {
    // SYS every notice; a supplier the ones it published.
    scope: ownedBy(`${T}.publisherId`),
    writers: ['SYS', 'SPR'],
    simple: false,
    export: true,
    beforeCreate: async (ctx, values) => ({ ...values, publisherId: ctx.caller.user.adminType === AdminType.SPR ? ctx.caller.user.orgId : null }),
    check: async (_ctx, next) => {
      if (next.publishAt != null && next.expireAt != null && Number(next.expireAt) <= Number(next.publishAt)) throw new ApiError(Code.VALIDATION, NoticeMessages.window);
    },
  }).routes;
}
