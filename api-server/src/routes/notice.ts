import { AdminType, codeOf } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec, SignedInContext } from '../http/guard';
import { formatDateTime } from '../util/time';

/** Notice target per account type (spec §3: 0 all, 10 merchant, 20 enterprise, 30 supplier). */
const TARGET_OF: Record<number, number> = { [AdminType.MER]: 10, [AdminType.ENT]: 20, [AdminType.SPR]: 30 };

export function noticeRoutes(deps: AppDeps): RouteSpec[] {
  return [
    {
      path: 'notice/show',
      perm: codeOf('ACT_NOTICE_SHOW'),
      handler: async (ctx) => {
        const { user } = (ctx as SignedInContext).caller;
        let query = deps.db.selectFrom('notice').selectAll().where('status', '=', 0);
        // The platform sees every notice; others see those addressed to all or to their type.
        if (user.adminType !== AdminType.SYS) query = query.where('target', 'in', [0, TARGET_OF[user.adminType] ?? 0]);
        const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(20).execute();
        return rows.map((n) => ({ id: n.id, title: n.title, content: n.content, target: n.target, createdAt: formatDateTime(n.createdAt) }));
      },
    },
  ];
}
