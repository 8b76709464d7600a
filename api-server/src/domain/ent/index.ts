/**
 * /ent/index 企业列表 and the enterprise records every other area is scoped by (DOMAIN.md §1, issue
 * 14): enterprises under one merchant (the supplier follows from it), sub-enterprises one level
 * below, the payout switches, files, and the top administrator created with a new enterprise.
 */
import { AdminType, declaredDefaults, ent, entConfig, entFile, subEnt } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { defineResource, T, type WriteContext } from '../../resource/entity-resource';
import { withTopAdmin } from '../merchant/index';
import { entScope, SIMPLE, visibleEnt } from '../org-scope';

export { entScope };

export const EntMessages = {
  merchant: '所属商户不存在或已停用',
  parent: '上级企业须为同一商户下的一级企业',
  inUse: '该企业已有人才、订单或下级企业，不能删除',
} as const;

const creation = {
  ...withTopAdmin(AdminType.ENT, 'entCode'),
  // The merchant decides the supplier (an enabled agent's); a parent must be a top enterprise of the same merchant.
  refersTo: [
    { table: 'mercht', column: 'merchtId', where: { merchtType: 0, status: 0 }, takes: { supplierId: 'supplierId' }, message: EntMessages.merchant },
    { table: 'ent', column: 'parentId', where: { parentId: null }, match: { merchtId: 'merchtId' }, message: EntMessages.parent, on: 'create' as const },
  ],
  // The switches start at their declared defaults (enum values, stored as declared) and the cooperation with the effective supplier is normal.
  afterInsert: async (ctx: WriteContext, key: unknown, columns: Row) => {
    const stamps = { entId: Number(key), createdAt: ctx.now, updatedAt: ctx.now };
    await ctx.trx.insertInto('ent_config').values({ ...stamps, ...declaredDefaults(entConfig) }).execute();
    await ctx.trx.insertInto('ent_coop').values({ ...stamps, supplierId: Number(columns.supplierId), coopStatus: 0, reason: null }).execute();
  },
  keptWhile: [
    { table: ['cust', 'cust_coop_ent', 'cust_import', 'pay_order', 'temp_order', 'ent_account'], column: 'entId', message: EntMessages.inUse },
    { table: 'ent', column: 'parentId', message: EntMessages.inUse },
  ],
  removedWith: [{ table: ['ent_config', 'ent_coop', 'ent_contract', 'ent_file'], column: 'entId' }],
};

export function entRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const scope = entScope(db);
  const byEnt = entScope(db, `${T}.entId`);
  const ents = defineResource(deps, ent, { scope, writers: ['SYS'], simple: ['queryAllSimple'], simpleCode: SIMPLE, export: true, ...creation });
  const subs = defineResource(deps, subEnt, {
    base: (qb) => qb.where(`${T}.parentId`, 'is not', null),
    scope,
    writers: ['SYS', 'ENT'],
    remove: 'delete',
    simple: false,
    // An enterprise's sub-enterprises are its own (subEnt.parentId's `fromCaller`), under its merchant.
    fill: async (ctx) => (ctx.caller.user.adminType === AdminType.ENT ? { merchtId: (await visibleEnt(db, ctx.caller, ctx.caller.user.orgId)).merchtId } : {}),
    ...creation,
  });
  const configs = defineResource(deps, entConfig, {
    scope: byEnt,
    writers: ['SYS'],
    simple: false,
    duplicate: '该企业已有配置',
  });
  const files = defineResource(deps, entFile, { scope: byEnt, writers: ['SYS'], simple: false, upsertBy: ['entId', 'fileType'], remove: 'delete' });
  return [...ents.routes, ...subs.routes, ...configs.routes, ...files.routes];
}
