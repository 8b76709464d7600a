/** /notice 系统公告 (SYS, SPR): the platform's notices reach every account their target names; a supplier's only its own tree. */
import { AdminType, notice } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec } from '../../http/guard';
import { type AnyQuery, defineResource, T } from '../../resource/entity-resource';

export const NoticeMessages = { window: '截止时间须晚于发布时间' } as const;

/** SYS every notice; a supplier the ones it published. */
const publishedBy = (caller: Caller, qb: AnyQuery): AnyQuery =>
  caller.user.adminType === AdminType.SYS ? qb : qb.where(`${T}.publisherId`, '=', caller.user.orgId ?? -1);

export function noticeAdminRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, notice, {
    scope: publishedBy,
    writers: ['SYS', 'SPR'],
    simple: false,
    export: true,
    beforeCreate: async (ctx, values) => ({ ...values, publisherId: ctx.caller.user.adminType === AdminType.SPR ? ctx.caller.user.orgId : null }),
    check: async (_ctx, next) => {
      if (next.publishAt != null && next.expireAt != null && Number(next.expireAt) <= Number(next.publishAt)) throw new ApiError(Code.VALIDATION, NoticeMessages.window);
    },
  }).routes;
}
