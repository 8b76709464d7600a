/**
 * 管理员 (spec §6 sub-accounts, §7 user/subuser/*) on the resource kit: the shared `admin` entity, who
 * may act on which account, the organisation of a new account, and the password and permission routes.
 */
import { admin, AdminType, buildPermTree } from '@flexpay/shared-utility/src/pure';
import { ADMIN_MESSAGES, grantableCodes } from '@flexpay/shared-utility/src/pure/rules/server';
import { permCodesOf, type AdminUserRow } from '../../account/permissions';
import { PLATFORM_CODE } from '../../account/user-info';
import { Code, Messages } from '../../http/codes';
import { isUniqueViolation } from '../../http/db-errors';
import { refuse } from '../../http/envelope';
import { type AppDeps, type Caller, type RouteSpec, type SignedInContext, signed } from '../../http/guard';
import { diff } from '../../account/audit';
import { notifyContactChanged } from '../../account/contact-notice';
import { isBlank, type Row } from '../../resource/codec';
import { type AnyQuery, defineResource, keyValue, T, type WriteContext } from '../../resource/entity-resource';
import { requireActOnAccount } from '../../http/account-guard';
import { hashPassword, type PasswordHash } from '../../security/password';
import { throttlesOf } from '../../security/throttle';
import { adminEffects } from './admin.effects';

/** A username taken by a concurrent insert (the unique index settles the race): the neutral 1009. */
export function duplicateUsernameAnswer(error: unknown): never {
  if (isUniqueViolation(error)) refuse(Code.CONFLICT, ADMIN_MESSAGES.duplicate);
  throw error;
}

/** The accounts (in `t`) of the caller's account type and organisation; the platform's: every account. */
export const ownAccounts = (caller: Caller, qb: AnyQuery, t = T): AnyQuery => (caller.user.adminType === AdminType.SYS ? qb : qb.where(`${t}.adminType`, '=', caller.user.adminType).where(`${t}.orgId`, '=', caller.user.orgId ?? -1));

/** Sub-accounts other than the caller: top administrators are managed with their organisation. */
const managed = (caller: Caller, row: Row) => row.userId !== caller.user.userId && row.isTopAdmin !== 1;

/** Refuses oneself, a top administrator, and an account holding codes the caller lacks (audited). */
async function guard(ctx: SignedInContext, row: Row) {
  if (row.userId === ctx.caller.user.userId) refuse(Code.NO_PERMISSION, ADMIN_MESSAGES.self);
  if (row.isTopAdmin === 1) refuse(Code.NO_PERMISSION, ADMIN_MESSAGES.topAdmin);
  await requireActOnAccount(ctx, row as unknown as AdminUserRow);
}

/** The organisation of a new account: the caller's, or one the platform names by type and code. */
async function targetOrg(ctx: WriteContext, type: unknown, code: unknown): Promise<Row> {
  const { user } = ctx.caller;
  if ((type === null || type === user.adminType) && (code === null || code === user.terCode)) return { adminType: user.adminType, terCode: user.terCode, orgId: user.orgId };
  if (user.adminType !== AdminType.SYS) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  if (type === null) refuse(Code.VALIDATION, ADMIN_MESSAGES.adminType);
  if (type === AdminType.SYS) return { adminType: type, terCode: PLATFORM_CODE, orgId: null };
  const org =
    type === AdminType.ENT
      ? await ctx.trx.selectFrom('ent').select('id').where('entCode', '=', code).executeTakeFirst()
      : await ctx.trx.selectFrom('mercht').select('id').where('merchtCode', '=', code).where('merchtType', type === AdminType.SPR ? '>=' : '<', 100).executeTakeFirst();
  return org ? { adminType: type, terCode: code, orgId: org.id } : refuse(Code.VALIDATION, ADMIN_MESSAGES.terCode);
}

export function adminRoutes(deps: AppDeps): RouteSpec[] {
  const conflicts = throttlesOf(deps).usernameConflict;
  const { resource, routes } = defineResource(deps, admin, {
    scope: ownAccounts,
    // Top administrators are not sub-accounts (the caller's own row is listed, read-only: issue 22 item 10);
    // the platform lists its own accounts unless it filters by type.
    listed: (caller, cond, qb) => {
      const subs = qb.where((eb) => eb.or([eb(`${T}.isTopAdmin`, '=', 0), eb(`${T}.userId`, '=', caller.user.userId)]));
      return caller.user.adminType === AdminType.SYS && isBlank(cond.adminType) ? subs.where(`${T}.adminType`, '=', AdminType.SYS) : subs;
    },
    // The commands (重置密码 1013, 禁用/启用 1014, 编辑权限 1015) read this rule too: their caller holds 1012 as well.
    mayWrite: (caller, row) => caller.perms.has(admin.codes.mgr!) && managed(caller, row),
    guard,
    // 权限 (viewing a sub-account's codes) on every row but one's own, which offers nothing.
    rowActions: (caller, row) => (managed(caller, row) ? ['perm'] : []),
    effects: adminEffects,
    remove: 'delete',
    simple: false,
    export: true,
    // 1009 answers are throttled per caller so no tenant can enumerate usernames (finding 5): each counts, a spent budget answers 4029.
    duplicate: async (ctx) => {
      await conflicts.hit(String(ctx.caller.user.userId), ctx.now);
      return ADMIN_MESSAGES.duplicate;
    },
    // scrypt runs before the transaction so it never holds SQLite's writer (issue 12 finding 12).
    prepareCreate: async (ctx) => {
      if (await conflicts.blocked(String(ctx.caller.user.userId), ctx.now)) refuse(Code.RATE_LIMITED, Messages.rateLimited);
      return hashPassword(String(ctx.body.password));
    },
    beforeCreate: async (ctx, { password: _plain, adminType, terCode, ...values }, hash) => ({
      ...values,
      ...(hash as PasswordHash),
      ...(await targetOrg(ctx, adminType, terCode)),
      guideStep: -1,
      parentUserId: ctx.caller.user.userId,
    }),
    checkRemove: async ({ trx }, row) => {
      await trx.updateTable('admin_user').set({ parentUserId: null }).where('parentUserId', '=', row.userId).execute();
    },
    removedWith: [{ table: ['admin_user_perm', 'session'], column: 'userId' }],
    // An administrator changing a sub-account's phone or e-mail (the guard above holds the subset rule):
    // the old contact is told, in the update's transaction (issue 21 item 1).
    beforeUpdate: async (ctx, values, before) => {
      const changed = diff(before, values) as Record<string, { from: string | null; to: string | null }>;
      for (const [field, channel] of [['phone', 'sms'], ['email', 'mail']] as const) {
        if (changed[field]) await notifyContactChanged(deps, ctx.trx, { username: String(before.username), channel, ...changed[field], byAdministrator: true }, ctx.now);
      }
      return values;
    },
  });

  return [
    ...routes,
    {
      path: 'user/subuser/perm/get',
      perm: admin.codes.query,
      handler: signed(async ({ caller, body }) => {
        const row = await resource.load(caller, keyValue(admin, { userId: body.subUserId }));
        const granted = await permCodesOf(deps.db, row as unknown as AdminUserRow);
        // Editable exactly when the row offers the update command (its code, 1012 and a managed account).
        const editable = resource.actionsFor(caller, row).includes('updatePerm');
        return { permTree: buildPermTree(grantableCodes(caller.permCodes, row.adminType as number)), granted, grantedTree: buildPermTree(granted), editable };
      }),
    },
  ];
}
