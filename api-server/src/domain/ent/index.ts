/**
 * /ent/index 企业列表 and the enterprise records every other area is scoped by (DOMAIN.md §1, issue
 * 14): enterprises under one merchant (the supplier follows from it), sub-enterprises one level
 * below, the payout switches, files, and the top administrator created with a new enterprise.
 */
import { AdminType, ent, entConfig, entFile, subEnt } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyDb, defineResource, type ResourceOptions, T, type WriteContext } from '../../resource/entity-resource';
import { fileRoute } from '../../resource/file-route';
import { createTopAdmin, type PreparedAdmin, prepareTopAdmin, removeOrgAccounts } from '../org-admin';
import { entScope, nextCode, SIMPLE } from '../org-scope';

export { entScope };

export const EntMessages = {
  merchant: '所属商户不存在或已停用',
  parent: '上级企业须为同一商户下的一级企业',
  inUse: '该企业已有人才、订单或下级企业，不能删除',
  customLimits: '自定义限额须填写单笔限额和个人月限额',
} as const;

/** The merchant decides the supplier; a parent must be a top enterprise of the same merchant. */
async function placement(ctx: WriteContext, values: Row): Promise<Row> {
  const m = (await ctx.trx.selectFrom('mercht').select(['supplierId', 'status', 'merchtType']).where('id', '=', values.merchtId).executeTakeFirst()) as Row | undefined;
  if (!m || m.merchtType !== 0 || m.status !== 0 || m.supplierId === null) refuse(Code.VALIDATION, EntMessages.merchant);
  if (values.parentId !== null && values.parentId !== undefined) {
    const parent = (await ctx.trx.selectFrom('ent').select(['merchtId', 'parentId']).where('id', '=', values.parentId).executeTakeFirst()) as Row | undefined;
    if (!parent || parent.parentId !== null || parent.merchtId !== values.merchtId) refuse(Code.VALIDATION, EntMessages.parent);
  }
  return { ...values, supplierId: m!.supplierId, entCode: await nextCode(ctx.trx, 'ent', 'entCode', 'ENT', 4), status: 0 };
}

function creation(): Pick<ResourceOptions<typeof ent.fields>, 'prepareCreate' | 'beforeCreate' | 'afterCreate' | 'keptWhile' | 'checkRemove' | 'removedWith'> {
  return {
    prepareCreate: prepareTopAdmin,
    beforeCreate: placement,
    // The switches start at their defaults and the cooperation with the effective supplier is normal.
    afterCreate: async (ctx, key, columns, prepared) => {
      const entId = Number(key);
      await ctx.trx.insertInto('ent_config').values({ entId, limitType: 0, requireIdPhoto: 1, requireSign: 1, requireTaxReg: 0, orderReview: 0, tempOrderReview: 0, createdAt: ctx.now, updatedAt: ctx.now }).execute();
      await ctx.trx.insertInto('ent_coop').values({ entId, supplierId: Number(columns.supplierId), coopStatus: 0, reason: null, createdAt: ctx.now, updatedAt: ctx.now }).execute();
      return createTopAdmin(ctx, prepared as PreparedAdmin, { adminType: AdminType.ENT, terCode: String(columns.entCode), orgId: entId, name: (columns.contactName as string) ?? null, phone: (columns.contactPhone as string) ?? null });
    },
    keptWhile: [
      { table: ['cust', 'cust_coop_ent', 'cust_import', 'pay_order', 'temp_order', 'ent_account'], column: 'entId', message: EntMessages.inUse },
      { table: 'ent', column: 'parentId', message: EntMessages.inUse },
    ],
    checkRemove: (ctx, row) => removeOrgAccounts(ctx.trx, AdminType.ENT, row.id as number),
    removedWith: [{ table: ['ent_config', 'ent_coop', 'ent_contract', 'ent_file'], column: 'entId' }],
  };
}

export function entRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const scope = entScope(db);
  const byEnt = entScope(db, `${T}.entId`);
  const ents = defineResource(deps, ent, { scope, writers: ['SYS'], simple: ['queryAllSimple'], simpleCode: SIMPLE, export: true, ...creation() });
  const subs = defineResource(deps, subEnt, {
    base: (qb) => qb.where(`${T}.parentId`, 'is not', null),
    scope,
    writers: ['SYS', 'ENT'],
    remove: 'delete',
    simple: false,
    // An enterprise's sub-enterprises are its own, under its merchant.
    fill: async (ctx) => {
      if (ctx.caller.user.adminType !== AdminType.ENT) return {};
      const own = (await db.selectFrom('ent').select('merchtId').where('id', '=', ctx.caller.user.orgId).executeTakeFirst()) as Row | undefined;
      return { parentId: ctx.caller.user.orgId, merchtId: own?.merchtId };
    },
    ...creation(),
  });
  const configs = defineResource(deps, entConfig, {
    scope: byEnt,
    writers: ['SYS'],
    simple: false,
    duplicate: '该企业已有配置',
    // 自定义 (1) limits need both amounts; 不限 (−1) and 全部限制 (0) read none of them.
    check: async (_ctx, next) => {
      if (next.limitType === 1 && (next.singleLimitFen === null || next.singleLimitFen === undefined || next.monthlyLimitFen === null || next.monthlyLimitFen === undefined))
        refuse(Code.VALIDATION, EntMessages.customLimits);
    },
  });
  const files = defineResource(deps, entFile, { scope: byEnt, writers: ['SYS'], simple: false, upsertBy: ['entId', 'fileType'], remove: 'delete' });
  return [...ents.routes, ...subs.routes, ...configs.routes, ...files.routes, fileRoute(deps, files.resource, 'file', 'ent/query/file/download')];
}
