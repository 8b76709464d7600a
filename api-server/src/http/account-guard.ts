import { AdminType } from '@flexpay/shared-utility/src/pure';
import { audit } from '../account/audit';
import { type AdminUserRow, permCodesOf } from '../account/permissions';
import { Code } from './codes';
import { ApiError } from './envelope';
import type { SignedInContext } from './guard';

export const AccountGuardMessages = {
  moreCodes: '不能操作权限多于自己的账号',
} as const;

/**
 * Issue 12 finding 2 (takeover inside an organisation): a caller may act on another account only when
 * that account's permission codes are a subset of the caller's. Top administrators are always allowed
 * inside their own organisation (the platform's top administrator everywhere); everyone else, SYS
 * sub-administrators acting on other tenants included, follows the subset rule.
 */
export async function mayActOnAccount(ctx: SignedInContext, target: AdminUserRow): Promise<boolean> {
  const me = ctx.caller.user;
  if (me.isTopAdmin === 1) {
    if (me.adminType === AdminType.SYS) return true;
    if (target.adminType === me.adminType && target.orgId === me.orgId) return true;
  }
  const codes = await permCodesOf(ctx.deps.db, target);
  return codes.every((code) => ctx.caller.perms.has(code));
}

/**
 * Refuses (3001) an action on an account holding codes the caller lacks. The refused attempt is
 * audited (action `denied:<route path>`); nothing else is written.
 */
export async function requireActOnAccount(ctx: SignedInContext, target: AdminUserRow): Promise<void> {
  if (await mayActOnAccount(ctx, target)) return;
  const route = (ctx.request.routeOptions?.url ?? ctx.request.url.split('?')[0]).replace(/^\/api\/admin\//, '');
  await audit(ctx.deps.db, {
    operator: ctx.caller.user,
    now: ctx.now,
    action: `denied:${route}`.slice(0, 50),
    entity: 'admin_user',
    entityId: target.userId,
    changes: {},
  });
  throw new ApiError(Code.NO_PERMISSION, AccountGuardMessages.moreCodes);
}
