import { AdminType, codeOf } from '@flexpay/shared-utility/src/pure';
import { inScope } from '../account/scope';
import { type AppDeps, type RouteSpec, type SignedInContext, signed } from '../http/guard';
import { formatDateTime } from '../util/time';

/** Notice target per account type (spec §3: 0 all, 10 merchant, 20 enterprise, 30 supplier). */
const TARGET_OF: Record<number, number> = { [AdminType.MER]: 10, [AdminType.ENT]: 20, [AdminType.SPR]: 30 };
const SHOW = codeOf('ACT_NOTICE_SHOW');
const MAX_SHOWN = 20;

/** The notices addressed to a caller now: published, inside their window, to all or to its account type. */
function addressed(deps: AppDeps, ctx: SignedInContext) {
  const { user, scope } = ctx.caller;
  const query = deps.db
    .selectFrom('notice')
    .leftJoin('notice_read', (join) => join.onRef('notice_read.noticeId', '=', 'notice.id').on('notice_read.userId', '=', user.userId))
    .where('notice.status', '=', 0)
    .where((eb) => eb.or([eb('notice.publishAt', 'is', null), eb('notice.publishAt', '<=', ctx.now)]))
    .where((eb) => eb.or([eb('notice.expireAt', 'is', null), eb('notice.expireAt', '>', ctx.now)]));
  // The platform sees every notice; others see those addressed to all or to their type, and a
  // supplier's notices only inside that supplier's own tree (the `ownSupplier` tie of the publisher).
  if (user.adminType === AdminType.SYS) return query;
  const published = inScope(deps.db, { ownSupplier: 'notice.publisherId' }, scope);
  return query.where('notice.target', 'in', [0, TARGET_OF[user.adminType] ?? 0]).where((eb) => eb.or([eb('notice.publisherId', 'is', null), published(eb)]));
}

export function noticeRoutes(deps: AppDeps): RouteSpec[] {
  return [
    {
      path: 'notice/show',
      perm: SHOW,
      handler: signed(async (ctx) => {
        const rows = await addressed(deps, ctx)
          .select(['notice.id', 'notice.title', 'notice.content', 'notice.target', 'notice.createdAt', 'notice.publishAt', 'notice_read.readAt'])
          .orderBy('notice.createdAt', 'desc')
          .orderBy('notice.id', 'desc')
          .limit(MAX_SHOWN)
          .execute();
        return rows.map(({ publishAt, createdAt, readAt, ...n }) => ({
          ...n,
          createdAt: formatDateTime(publishAt ?? createdAt),
          read: readAt !== null,
          // Only news pops up after sign-in: notices from before the account existed wait under the bell.
          popup: readAt === null && (publishAt ?? createdAt) >= ctx.caller.user.createdAt,
        }));
      }),
    },
    {
      path: 'notice/read',
      perm: SHOW,
      check: (body) => (Array.isArray(body.ids) && body.ids.length > 0 && body.ids.length <= MAX_SHOWN && body.ids.every((id) => Number.isInteger(id) && (id as number) > 0) ? null : '请指定公告'),
      handler: signed(async (ctx) => {
        // Only notices addressed to the caller can be marked; others are ignored, never revealed.
        const visible = await addressed(deps, ctx)
          .select('notice.id')
          .where('notice.id', 'in', ctx.body.ids as number[])
          .where('notice_read.readAt', 'is', null)
          .execute();
        if (visible.length > 0)
          await deps.db
            .insertInto('notice_read')
            .values(visible.map((n) => ({ userId: ctx.caller.user.userId, noticeId: n.id, readAt: ctx.now })))
            .onConflict((oc) => oc.columns(['userId', 'noticeId']).doNothing())
            .execute();
        return true;
      }),
    },
  ];
}
