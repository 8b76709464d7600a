/**
 * 管理员 (spec §6 sub-accounts, §7 user/subuser/*) on the resource kit: the shared `admin` entity, who
 * may act on which account, the organisation of a new account, and the password and permission routes.
 */
import { admin, AdminType, buildPermTree, codeOf, grantableCodes, LimitType, PERMISSION_BY_CODE } from '@flexpay/shared-utility/src/pure';
import { auditedWrite } from '../../account/audit';
import { permCodesOf, type AdminUserRow } from '../../account/permissions';
import { PLATFORM_CODE } from '../../account/user-info';
import { Code, Messages } from '../../http/codes';
import { isUniqueViolation } from '../../http/db-errors';
import { ApiError, refuse } from '../../http/envelope';
import { type AppDeps, type Caller, type RouteSpec, type SignedInContext, signed } from '../../http/guard';
import { notifyContactChanged } from '../../account/contact-notice';
import { isBlank, type Row } from '../../resource/codec';
import { defineResource, keyValue, T, type WriteContext } from '../../resource/entity-resource';
import { requireActOnAccount } from '../../http/account-guard';
import { hashPassword, type PasswordHash } from '../../security/password';
import { endUserSessions } from '../../security/session';
import { throttlesOf } from '../../security/throttle';

const QUERY = admin.codes.query; // 1011
const MGR = admin.codes.mgr!; // 1012
const PASSWORD = codeOf('ACT_SYS_USER_SUBUSER_PASSWORD'); // 1013
const PERM = codeOf('ACT_SYS_USER_SUBUSER_PERM'); // 1015

export const SubuserMessages = {
  // Says nothing about which organisation holds the name (issue 12 finding 5).
  duplicate: '该用户名不可用，请换一个用户名',
  self: '请在个人设置中修改自己的账号',
  topAdmin: '不能操作机构主账号',
  terCode: '机构编码不存在',
  adminType: '请选择有效的账号类型',
  permCodes: '权限代码无效',
} as const;

/** A username taken by a concurrent insert (the unique index settles the race): the neutral 1009. */
export function duplicateUsernameAnswer(error: unknown): never {
  if (isUniqueViolation(error)) refuse(Code.CONFLICT, SubuserMessages.duplicate);
  throw error;
}

/** Sub-accounts other than the caller: top administrators are managed with their organisation. */
const managed = (caller: Caller, row: Row) => row.userId !== caller.user.userId && row.isTopAdmin !== 1;

/** Refuses oneself, a top administrator, and an account holding codes the caller lacks (audited). */
async function guard(ctx: SignedInContext, row: Row) {
  if (row.userId === ctx.caller.user.userId) refuse(Code.NO_PERMISSION, SubuserMessages.self);
  if (row.isTopAdmin === 1) refuse(Code.NO_PERMISSION, SubuserMessages.topAdmin);
  await requireActOnAccount(ctx, row as unknown as AdminUserRow);
}

/** The organisation of a new account: the caller's, or one the platform names by type and code. */
async function targetOrg(ctx: WriteContext, type: unknown, code: unknown): Promise<Row> {
  const { user } = ctx.caller;
  if ((type === null || type === user.adminType) && (code === null || code === user.terCode)) return { adminType: user.adminType, terCode: user.terCode, orgId: user.orgId };
  if (user.adminType !== AdminType.SYS) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  if (type === null) refuse(Code.VALIDATION, SubuserMessages.adminType);
  if (type === AdminType.SYS) return { adminType: type, terCode: PLATFORM_CODE, orgId: null };
  const org =
    type === AdminType.ENT
      ? await ctx.trx.selectFrom('ent').select('id').where('entCode', '=', code).executeTakeFirst()
      : await ctx.trx.selectFrom('mercht').select('id').where('merchtCode', '=', code).where('merchtType', type === AdminType.SPR ? '>=' : '<', 100).executeTakeFirst();
  return org ? { adminType: type, terCode: code, orgId: org.id } : refuse(Code.VALIDATION, SubuserMessages.terCode);
}

export function adminRoutes(deps: AppDeps): RouteSpec[] {
  const { resource, routes } = defineResource(deps, admin, {
    scope: (caller, qb) => (caller.user.adminType === AdminType.SYS ? qb : qb.where(`${T}.adminType`, '=', caller.user.adminType).where(`${T}.orgId`, '=', caller.user.orgId)),
    // Top administrators are not sub-accounts (the caller's own row is listed, read-only: issue 22 item 10);
    // the platform lists its own accounts unless it filters by type.
    listed: (caller, cond, qb) => {
      const subs = qb.where((eb) => eb.or([eb(`${T}.isTopAdmin`, '=', 0), eb(`${T}.userId`, '=', caller.user.userId)]));
      return caller.user.adminType === AdminType.SYS && isBlank(cond.adminType) ? subs.where(`${T}.adminType`, '=', AdminType.SYS) : subs;
    },
    mayWrite: (caller, row) => caller.perms.has(MGR) && managed(caller, row),
    guard,
    // 权限 (viewing a sub-account's codes) on every row but one's own, which offers nothing.
    rowActions: (caller, row) => [
      ...(managed(caller, row) ? ['perm'] : []),
      ...(caller.perms.has(MGR) && caller.perms.has(PASSWORD) && managed(caller, row) ? ['changePassword'] : []),
    ],
    remove: 'delete',
    simple: false,
    export: true,
    duplicate: SubuserMessages.duplicate,
    // scrypt runs before the transaction so it never holds SQLite's writer (issue 12 finding 12).
    prepareCreate: (ctx) => hashPassword(String(ctx.body.password)),
    beforeCreate: async (ctx, { password: _plain, adminType, terCode, ...values }, hash) => ({
      ...values,
      ...(hash as PasswordHash),
      ...(await targetOrg(ctx, adminType, terCode)),
      isTopAdmin: 0,
      guideStep: -1,
      parentUserId: ctx.caller.user.userId,
    }),
    checkRemove: async ({ trx }, row) => {
      await trx.deleteFrom('admin_user_perm').where('userId', '=', row.userId).execute();
      await trx.deleteFrom('session').where('userId', '=', row.userId).execute();
      await trx.updateTable('admin_user').set({ parentUserId: null }).where('parentUserId', '=', row.userId).execute();
    },
    // An administrator changing a sub-account's phone or e-mail (the guard above holds the subset rule):
    // the old contact is told, in the update's transaction (issue 21 item 1).
    beforeUpdate: async (ctx, values, before) => {
      for (const [field, channel] of [['phone', 'sms'], ['email', 'mail']] as const) {
        if (!(field in values)) continue;
        const from = (before[field] as string | null) ?? null;
        const to = (values[field] as string | null) ?? null;
        if (from === to) continue;
        await notifyContactChanged(deps, ctx.trx as never, { username: String(before.username), channel, from, to, byAdministrator: true }, ctx.now);
      }
      return values;
    },
    afterTransition: async (ctx, name, row) => {
      if (name === 'disable') await endUserSessions(ctx.trx as never, row.userId as number, 'disabled', ctx.now);
    },
  });

  /** The account a password or permission call names, with the kit's 1004/3002 and, for writes, the guard. */
  const target = async (ctx: SignedInContext, field: string, write: boolean) => {
    if (write && !ctx.caller.perms.has(MGR)) refuse(Code.NO_PERMISSION, Messages.noPermission);
    const row = await resource.load(ctx.caller, keyValue(admin, { userId: ctx.body[field] }));
    if (write) await guard(ctx, row);
    return row as unknown as AdminUserRow;
  };

  return [
    ...routes.map((spec): RouteSpec => {
      if (spec.path !== 'user/subuser/create') return spec;
      return {
        ...spec,
        encrypted: true,
        // 1009 answers are throttled per caller so no tenant can enumerate usernames (finding 5).
        handler: signed(async (ctx) => {
          const conflicts = throttlesOf(deps).usernameConflict;
          const key = String(ctx.caller.user.userId);
          if (await conflicts.blocked(key, ctx.now)) refuse(Code.RATE_LIMITED, Messages.rateLimited);
          return spec.handler(ctx).catch(async (error: unknown) => {
            if (error instanceof ApiError && error.code === Code.CONFLICT) await conflicts.hit(key, ctx.now);
            throw error;
          });
        }),
      };
    }),
    {
      path: 'user/subuser/changePassword',
      perm: PASSWORD,
      encrypted: true,
      scope: async (ctx) => Boolean(await target(ctx, 'userId', true)),
      schema: { newPassword: 'newPassword' },
      handler: signed(async (ctx) => {
        const row = await target(ctx, 'userId', true);
        const hashed = await hashPassword(String(ctx.body.newPassword));
        await auditedWrite(ctx, { action: 'changePassword', entity: admin.name, entityId: row.userId, changes: { password: { from: '******', to: '******' } } }, async (trx) => {
          await trx.updateTable('admin_user').set({ ...hashed, updatedAt: ctx.now }).where('userId', '=', row.userId).execute();
          await endUserSessions(trx, row.userId, 'password', ctx.now);
        });
        return true;
      }),
    },
    {
      path: 'user/subuser/perm/get',
      perm: QUERY,
      scope: async (ctx) => Boolean(await target(ctx, 'subUserId', false)),
      handler: signed(async (ctx) => {
        const { caller } = ctx;
        const row = await target(ctx, 'subUserId', false);
        const granted = await permCodesOf(deps.db, row);
        const editable = caller.perms.has(MGR) && caller.perms.has(PERM) && managed(caller, row as unknown as Row);
        return { permTree: buildPermTree(grantableCodes(caller.permCodes, row.adminType)), granted, grantedTree: buildPermTree(granted), editable };
      }),
    },
    {
      path: 'user/subuser/perm/update',
      perm: PERM,
      scope: async (ctx) => Boolean(await target(ctx, 'subUserId', true)),
      check: (body) => {
        const codes = body.permCodes;
        const valid = Array.isArray(codes) && codes.every((c) => Number.isInteger(c) && PERMISSION_BY_CODE.get(c as number)?.limit === LimitType.LIMITED);
        return valid ? null : SubuserMessages.permCodes;
      },
      handler: signed(async (ctx) => {
        const row = await target(ctx, 'subUserId', true);
        const codes = [...new Set(ctx.body.permCodes as number[])].sort((a, b) => a - b);
        // Nothing the caller does not hold itself, nothing the target's account type may not hold.
        const mayGrant = new Set(grantableCodes(ctx.caller.permCodes, row.adminType));
        if (codes.some((c) => !mayGrant.has(c))) refuse(Code.NO_PERMISSION, Messages.noPermission);
        const before = (await deps.db.selectFrom('admin_user_perm').select('code').where('userId', '=', row.userId).orderBy('code').execute()).map((r) => r.code);
        // Both sorted: the same list changes nothing and leaves no audit entry.
        if (String(before) === String(codes)) return true;
        await auditedWrite(ctx, { action: 'updatePerm', entity: admin.name, entityId: row.userId, changes: { permCodes: { from: before, to: codes } } }, async (trx) => {
          await trx.deleteFrom('admin_user_perm').where('userId', '=', row.userId).execute();
          if (codes.length > 0) await trx.insertInto('admin_user_perm').values(codes.map((code) => ({ userId: row.userId, code }))).execute();
        });
        return true;
      }),
    },
  ];
}
