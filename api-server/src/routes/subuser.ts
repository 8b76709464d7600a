/**
 * Administrators (spec §6/§7 user/subuser/*) on the resource kit, plus the password, permission and
 * own-organisation endpoints that do not fit the declaration.
 */
import {
  accountTypeOf,
  AdminType,
  buildPermTree,
  codeOf,
  defaultCodesFor,
  LimitType,
  MESSAGES,
  PERMISSION_BY_CODE,
  type FieldRules,
} from '@flexpay/shared-utility/src/pure';
import { permCodesOf, type AdminUserRow } from '../account/permissions';
import { PLATFORM_CODE } from '../account/user-info';
import { Code, Messages } from '../http/codes';
import { isUniqueViolation } from '../http/db-errors';
import { ApiError } from '../http/envelope';
import type { AppDeps, Body, Caller, RouteSpec, SignedInContext } from '../http/guard';
import { auditedWrite, defineResource, loadScoped, type ResourceDef, type Row } from '../resource/define';
import type { FastifyRequest } from 'fastify';
import { requireActOnAccount } from '../security/account-guard';
import { hashPassword, type PasswordHash } from '../security/password';
import { throttlesOf } from '../security/throttle';
import { endUserSessions } from '../security/session';
import { formatDateTime } from '../util/time';

const QUERY = codeOf('ACT_SYS_USER_SUBUSER_QUERY'); // 1011
const MGR = codeOf('ACT_SYS_USER_SUBUSER_MGR'); // 1012
const PASSWORD = codeOf('ACT_SYS_USER_SUBUSER_PASSWORD'); // 1013
const STATUS = codeOf('ACT_SYS_USER_SUBUSER_STATUS'); // 1014
const PERM = codeOf('ACT_SYS_USER_SUBUSER_PERM'); // 1015

export const SubuserMessages = {
  // Says nothing about which organisation holds the name (issue 12 finding 5).
  duplicate: '该用户名不可用，请换一个用户名',
  self: '请在个人设置中修改自己的账号',
  topAdmin: '不能操作机构主账号',
  terCode: '机构编码不存在',
  adminType: '请选择有效的账号类型',
  permCodes: '权限代码无效',
  editPermSuccess: '编辑管理员权限成功',
} as const;

const oneOf = (values: number[], message: string): FieldRules => ({
  rules: [
    { kind: 'required', message },
    { kind: 'custom', test: (v) => values.map(String).includes(v), message },
  ],
});

function refuse(code: (typeof Code)[keyof typeof Code], message: string): never {
  throw new ApiError(code, message);
}

/** SYS sees every account; everyone else the accounts of its own organisation. */
function sameOrg(caller: Caller) {
  const { user } = caller;
  return (row: Row) => user.adminType === AdminType.SYS || (row.adminType === user.adminType && row.orgId === user.orgId);
}

/** The organisation of a new account: the caller's, or a terminal one chosen by SYS. */
async function targetOrg(ctx: SignedInContext, trx: SignedInContext['deps']['db']): Promise<Pick<AdminUserRow, 'adminType' | 'terCode' | 'orgId'>> {
  const { user } = ctx.caller;
  const own = { adminType: user.adminType, terCode: user.terCode, orgId: user.orgId };
  const wantedType = ctx.body.adminType === undefined || ctx.body.adminType === '' || ctx.body.adminType === null ? undefined : Number(ctx.body.adminType);
  const wantedCode = typeof ctx.body.terCode === 'string' ? ctx.body.terCode.trim() : '';
  if ((wantedType === undefined || wantedType === user.adminType) && (!wantedCode || wantedCode === user.terCode)) return own;
  // Only the platform creates accounts for other organisations.
  if (user.adminType !== AdminType.SYS) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  if (wantedType === AdminType.SYS) return { adminType: AdminType.SYS, terCode: PLATFORM_CODE, orgId: null };
  if (wantedType === AdminType.SPR || wantedType === AdminType.MER) {
    const m = await trx.selectFrom('mercht').select(['id', 'merchtType']).where('merchtCode', '=', wantedCode).executeTakeFirst();
    if (!m || (wantedType === AdminType.SPR) !== m.merchtType >= 100) refuse(Code.VALIDATION, SubuserMessages.terCode);
    return { adminType: wantedType, terCode: wantedCode, orgId: m.id };
  }
  if (wantedType === AdminType.ENT) {
    const e = await trx.selectFrom('ent').select('id').where('entCode', '=', wantedCode).executeTakeFirst();
    if (!e) refuse(Code.VALIDATION, SubuserMessages.terCode);
    return { adminType: wantedType, terCode: wantedCode, orgId: e.id };
  }
  return refuse(Code.VALIDATION, SubuserMessages.adminType);
}

/** Password hashes computed before the create transaction, by request. */
const prehashed = new WeakMap<FastifyRequest, PasswordHash>();

/** null or '' for sex (NOT NULL, default 0): absent on create, refused on update (issue 12 finding 7). */
const sexOnCreate = (body: Body): Body => (body.sex === null || body.sex === '' ? { ...body, sex: undefined } : body);
const sexOnUpdate = (body: Body): string | null => (body.sex === null || body.sex === '' ? MESSAGES.sexInvalid : null);

export function subuserResource(): ResourceDef {
  return {
    path: 'user/subuser',
    table: 'admin_user',
    entity: 'admin_user',
    key: 'userId',
    fields: {
      userId: { sortable: true },
      username: { rule: 'username', create: true, searchable: 'like', sortable: true },
      password: { rule: 'password', create: true, secret: true },
      name: { rule: 'name', create: true, update: true, searchable: 'like', sortable: true },
      phone: { rule: 'phone', create: true, update: true, searchable: 'like' },
      wechat: { rule: 'wechat', create: true, update: true, nullable: true },
      email: { rule: 'email', create: true, update: true, nullable: true, searchable: 'like' },
      sex: { rule: { optional: true, rules: [{ kind: 'custom', test: (v) => ['0', '1', '2'].includes(v), message: MESSAGES.sexInvalid }] }, create: true, update: true },
      avatar: { rule: 'avatar', create: true, update: true, nullable: true },
      remark: { rule: 'remark', create: true, update: true, nullable: true },
      status: { rule: oneOf([0, 1], MESSAGES.status), create: true, searchable: 'eq', sortable: true },
      adminType: { searchable: 'eq' },
      terCode: { searchable: 'eq' },
      isTopAdmin: {},
      createdAt: { date: true, sortable: true, searchable: 'range' },
      updatedAt: { date: true, sortable: true },
    },
    encrypted: ['create'],
    codes: { list: QUERY, get: QUERY, create: MGR, update: MGR, delete: MGR, updateStatus: [STATUS, MGR] },
    scope: (caller, qb) =>
      caller.user.adminType === AdminType.SYS
        ? qb
        : qb.where('admin_user.adminType', '=', caller.user.adminType).where('admin_user.orgId', '=', caller.user.orgId),
    // Top administrators are not sub-accounts; SYS lists the platform's own accounts unless it filters.
    listFilter: (ctx, qb) => {
      const cond = (ctx.body.cond ?? {}) as Row;
      const q = qb.where('admin_user.isTopAdmin', '=', 0);
      return ctx.caller.user.adminType === AdminType.SYS && (cond.adminType === undefined || cond.adminType === '')
        ? q.where('admin_user.adminType', '=', AdminType.SYS)
        : q;
    },
    guardRecord: async (ctx, row, action) => {
      if (action === 'get') return;
      if (row.userId === ctx.caller.user.userId) refuse(Code.NO_PERMISSION, SubuserMessages.self);
      if (row.isTopAdmin === 1) refuse(Code.NO_PERMISSION, SubuserMessages.topAdmin);
      // Only accounts whose codes are a subset of the caller's (security/account-guard.ts).
      await requireActOnAccount(ctx, row as unknown as AdminUserRow);
    },
    beforeCreate: async (ctx, values) => {
      const exists = await ctx.trx.selectFrom('admin_user').select('userId').where('username', '=', values.username).executeTakeFirst();
      if (exists) refuse(Code.CONFLICT, SubuserMessages.duplicate);
      const { password, ...rest } = values;
      // Hashed before the transaction (the create wrapper below): scrypt must not hold SQLite's writer.
      const hashed = prehashed.get(ctx.request) ?? (await hashPassword(String(password)));
      return {
        ...rest,
        ...hashed,
        ...(await targetOrg(ctx, ctx.trx)),
        sex: rest.sex ?? 0,
        status: rest.status ?? 0,
        isTopAdmin: 0,
        guideStep: -1,
        parentUserId: ctx.caller.user.userId,
      };
    },
    beforeDelete: async (ctx, row) => {
      await ctx.trx.deleteFrom('admin_user_perm').where('userId', '=', row.userId).execute();
      await ctx.trx.deleteFrom('session').where('userId', '=', row.userId).execute();
      await ctx.trx.updateTable('admin_user').set({ parentUserId: null }).where('parentUserId', '=', row.userId).execute();
    },
    afterStatus: async (ctx, row, status) => {
      if (status !== 0) await endUserSessions(ctx.trx as never, row.userId as number, 'disabled', ctx.now);
    },
  };
}

/** Loads the target of a subUserId call with the kit's 1004 / 3002 answers and the record guard. */
async function target(deps: AppDeps, def: ResourceDef, ctx: SignedInContext, field: string, action: 'update' | 'get') {
  const id = Number(ctx.body[field]);
  const row = await loadScoped(deps, def, ctx.caller, Number.isInteger(id) && id > 0 ? id : null);
  await def.guardRecord?.(ctx, row, action);
  return row as unknown as AdminUserRow;
}

function requireAll(caller: Caller, codes: number[]) {
  if (codes.some((c) => !caller.perms.has(c))) refuse(Code.NO_PERMISSION, Messages.noPermission);
}

/** Codes the caller may grant to an account of the target's type: held by the caller and allowed for that type. */
function grantable(caller: Caller, adminType: number): number[] {
  const type = accountTypeOf(adminType);
  const allowed = new Set(type ? defaultCodesFor(type) : []);
  return caller.permCodes.filter((c) => allowed.has(c));
}

export { isUniqueViolation };

/**
 * A create that passed the username pre-check can still lose a race with a concurrent create and hit
 * the unique index on admin_user.username (the only unique column of the table): answer 1009, not 5000.
 */
export function duplicateUsernameAnswer(error: unknown): never {
  if (isUniqueViolation(error)) refuse(Code.CONFLICT, SubuserMessages.duplicate);
  throw error;
}

export function subuserRoutes(deps: AppDeps): RouteSpec[] {
  const def = subuserResource();
  const signed = (ctx: unknown) => ctx as SignedInContext;
  const kit = defineResource(deps, def).map((spec): RouteSpec => {
    if (spec.path === 'user/subuser/create')
      return {
        ...spec,
        prepare: sexOnCreate,
        handler: async (ctx) => {
          // 1009 answers are throttled per caller so no tenant can enumerate usernames (finding 5).
          const conflicts = throttlesOf(deps).usernameConflict;
          const key = String(signed(ctx).caller.user.userId);
          if (conflicts.blocked(key, ctx.now)) refuse(Code.RATE_LIMITED, Messages.rateLimited);
          prehashed.set(ctx.request, await hashPassword(String(ctx.body.password)));
          return spec.handler(ctx).catch((error: unknown) => {
            if (isUniqueViolation(error) || (error instanceof ApiError && error.code === Code.CONFLICT)) conflicts.hit(key, ctx.now);
            return duplicateUsernameAnswer(error);
          });
        },
      };
    if (spec.path === 'user/subuser/update') return { ...spec, check: sexOnUpdate };
    return spec;
  });
  return [
    ...kit,
    {
      path: 'user/subuser/changePassword',
      perm: PASSWORD,
      encrypted: true,
      scope: async (ctx) => {
        requireAll(ctx.caller, [MGR]);
        await target(deps, def, ctx, 'userId', 'update');
        return true;
      },
      schema: { newPassword: 'newPassword' },
      handler: async (ctx) => {
        const row = await target(deps, def, signed(ctx), 'userId', 'update');
        const hashed = await hashPassword(String(ctx.body.newPassword));
        await auditedWrite(signed(ctx), { action: 'changePassword', entity: 'admin_user', entityId: row.userId, changes: { password: { from: '******', to: '******' } } }, async (trx) => {
          await trx.updateTable('admin_user').set({ ...hashed, updatedAt: ctx.now }).where('userId', '=', row.userId).execute();
          await endUserSessions(trx as never, row.userId, 'password', ctx.now);
        });
        return true;
      },
    },
    {
      path: 'user/subuser/perm/get',
      perm: QUERY,
      scope: async (ctx) => {
        await target(deps, def, ctx, 'subUserId', 'get');
        return true;
      },
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        const row = await target(deps, def, signed(ctx), 'subUserId', 'get');
        const granted = await permCodesOf(deps.db, row);
        const editable = caller.perms.has(MGR) && caller.perms.has(PERM) && row.isTopAdmin !== 1 && row.userId !== caller.user.userId;
        return { permTree: buildPermTree(grantable(caller, row.adminType)), granted, grantedTree: buildPermTree(granted), editable };
      },
    },
    {
      path: 'user/subuser/perm/update',
      perm: PERM,
      scope: async (ctx) => {
        requireAll(ctx.caller, [MGR]);
        await target(deps, def, ctx, 'subUserId', 'update');
        return true;
      },
      check: (body) => {
        const codes = body.permCodes;
        if (!Array.isArray(codes)) return SubuserMessages.permCodes;
        const valid = codes.every((c) => Number.isInteger(c) && PERMISSION_BY_CODE.get(c as number)?.limit === LimitType.LIMITED);
        return valid ? null : SubuserMessages.permCodes;
      },
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        const row = await target(deps, def, signed(ctx), 'subUserId', 'update');
        const codes = [...new Set(ctx.body.permCodes as number[])].sort((a, b) => a - b);
        const mayGrant = new Set(grantable(caller, row.adminType));
        // Nothing the caller does not hold itself, nothing the target's account type may not hold.
        if (codes.some((c) => !mayGrant.has(c))) refuse(Code.NO_PERMISSION, Messages.noPermission);
        const before = (await deps.db.selectFrom('admin_user_perm').select('code').where('userId', '=', row.userId).execute()).map((r) => r.code).sort((a, b) => a - b);
        if (JSON.stringify(before) === JSON.stringify(codes)) return true;
        await auditedWrite(signed(ctx), { action: 'updatePerm', entity: 'admin_user', entityId: row.userId, changes: { permCodes: { from: before, to: codes } } }, async (trx) => {
          await trx.deleteFrom('admin_user_perm').where('userId', '=', row.userId).execute();
          if (codes.length > 0) await trx.insertInto('admin_user_perm').values(codes.map((code) => ({ userId: row.userId, code }))).execute();
        });
        return true;
      },
    },
    ...orgInfoRoutes(deps),
  ];
}

/** The caller's own organisation for /merchantInfo (SPR, MER) and /entInfo (ENT). */
function orgInfoRoutes(deps: AppDeps): RouteSpec[] {
  const { db } = deps;
  const self = codeOf('ACT_USER_GET');
  return [
    {
      path: 'mercht/query/self',
      perm: self,
      scope: async (ctx) => ctx.caller.user.adminType === AdminType.MER || ctx.caller.user.adminType === AdminType.SPR,
      handler: async (ctx) => {
        const orgId = (ctx as SignedInContext).caller.user.orgId ?? -1;
        const m = await db
          .selectFrom('mercht')
          .leftJoin('mercht as p', 'p.id', 'mercht.parentId')
          .select(['mercht.id', 'mercht.merchtCode', 'mercht.name', 'mercht.merchtType', 'mercht.parentId', 'p.name as parentName', 'mercht.status', 'mercht.contactName', 'mercht.contactPhone', 'mercht.createdAt', 'mercht.updatedAt'])
          .where('mercht.id', '=', orgId)
          .executeTakeFirst();
        if (!m) refuse(Code.NOT_FOUND, Messages.notFound);
        const ents = await db.selectFrom('ent').select((eb) => eb.fn.countAll().as('n')).where((eb) => eb.or([eb('merchtId', '=', m.id), eb('supplierId', '=', m.id)])).executeTakeFirst();
        const subs = await db.selectFrom('mercht').select((eb) => eb.fn.countAll().as('n')).where('parentId', '=', m.id).executeTakeFirst();
        return { ...m, entCount: Number(ents?.n ?? 0), subMerchtCount: Number(subs?.n ?? 0), createdAt: formatDateTime(m.createdAt), updatedAt: formatDateTime(m.updatedAt) };
      },
    },
    {
      path: 'ent/query/self',
      perm: self,
      scope: async (ctx) => ctx.caller.user.adminType === AdminType.ENT,
      handler: async (ctx) => {
        const orgId = (ctx as SignedInContext).caller.user.orgId ?? -1;
        const e = await db
          .selectFrom('ent')
          .innerJoin('mercht as m', 'm.id', 'ent.merchtId')
          .innerJoin('mercht as s', 's.id', 'ent.supplierId')
          .select(['ent.id', 'ent.entCode', 'ent.entName', 'ent.merchtId', 'm.name as merchtName', 'ent.supplierId', 's.name as supplierName', 'ent.status', 'ent.contactName', 'ent.contactPhone', 'ent.createdAt', 'ent.updatedAt'])
          .where('ent.id', '=', orgId)
          .executeTakeFirst();
        if (!e) refuse(Code.NOT_FOUND, Messages.notFound);
        return { ...e, createdAt: formatDateTime(e.createdAt), updatedAt: formatDateTime(e.updatedAt) };
      },
    },
  ];
}
