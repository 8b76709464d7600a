/**
 * /merchant/index 商户列表, /merchant/merchtSub 下级商户 and /merchant/merchtSup 上级商户: agents
 * under one supplier, sub-merchants one level below (same supplier), each created with its top
 * administrator (DOMAIN.md §1, issue 14).
 */
import { AdminType, type AdminTypeValue, merchant, subMerchant, supMerchant } from '@flexpay/shared-utility/src/pure';
import { type AppDeps, type RouteSpec, signed } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { defineResource, T, type WriteContext } from '../../resource/entity-resource';
import { createTopAdmin, type PreparedAdmin, prepareTopAdmin, removeOrgAccounts } from '../org-admin';
import { merchantScope, SIMPLE } from '../org-scope';

export const MerchantMessages = {
  parent: '上级商户须为同一供应商下的一级商户',
  supplier: '所属供应商须为类型300的有效供应商',
  inUse: '该商户下已有企业或下级商户，不能删除',
} as const;

/** An organisation (merchant, enterprise) created with its top administrator, whose accounts go with it (org-admin.ts). */
export const withTopAdmin = (adminType: AdminTypeValue, codeColumn: string) => ({
  prepareCreate: prepareTopAdmin,
  afterCreate: (ctx: WriteContext, key: unknown, columns: Row, prepared: unknown) =>
    createTopAdmin(ctx, prepared as PreparedAdmin, { adminType, terCode: String(columns[codeColumn]), orgId: Number(key), name: (columns.contactName as string) ?? null, phone: (columns.contactPhone as string) ?? null }),
  checkRemove: (ctx: WriteContext, row: Row) => removeOrgAccounts(ctx.trx, adminType, row.id as number),
});

/** A new merchant (an agent, type 0 and normal: its fields' `createdAs`)'s supplier must be an enabled 300; a parent must be a top merchant of that supplier. */
const merchantOptions = {
  ...withTopAdmin(AdminType.MER, 'merchtCode'),
  refersTo: [
    { table: 'mercht', column: 'supplierId', where: { merchtType: 300, status: 0 }, message: MerchantMessages.supplier, on: 'create' as const },
    { table: 'mercht', column: 'parentId', where: { merchtType: 0, parentId: null }, match: { supplierId: 'supplierId' }, message: MerchantMessages.parent, on: 'create' as const },
  ],
  keptWhile: [{ table: 'ent', column: 'merchtId', message: MerchantMessages.inUse }, { table: 'mercht', column: 'parentId', message: MerchantMessages.inUse }],
  removedWith: [{ table: 'mercht_contract', column: 'merchtId' }],
};

export function merchantRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const scope = merchantScope(db);
  const merchants = defineResource(deps, merchant, {
    base: (qb) => qb.where(`${T}.merchtType`, '=', 0),
    scope,
    writers: ['SYS'],
    simple: ['queryAllSimple'],
    simpleCode: SIMPLE,
    export: true,
    ...merchantOptions,
  });
  const subs = defineResource(deps, subMerchant, {
    base: (qb) => qb.where(`${T}.merchtType`, '=', 0).where(`${T}.parentId`, 'is not', null),
    scope: (caller, qb) => (caller.user.adminType === AdminType.MER ? qb.where(`${T}.parentId`, '=', caller.user.orgId) : scope(caller, qb)),
    writers: ['SYS', 'SPR', 'MER'],
    simple: ['mercht/query/querySubSimple'],
    simpleCode: SIMPLE,
    listAliases: ['mercht/query/subMercht/listSub'],
    remove: 'delete',
    ...merchantOptions,
    // The parent in the caller's scope (a supplier adds under its own merchants: 3002), whose supplier the sub takes; then the placement rules.
    refersTo: [
      { table: 'mercht', column: 'parentId', scope },
      { table: 'mercht', column: 'parentId', takes: { supplierId: 'supplierId' }, message: MerchantMessages.parent },
      ...merchantOptions.refersTo,
    ],
  });
  // The caller's parent merchant: an enterprise's merchant (the merchant tie's ENT rows), a sub-merchant's parent, none for a top merchant.
  const sup = defineResource(deps, supMerchant, {
    scope: (caller, qb) => (caller.user.adminType === AdminType.ENT ? scope(caller, qb) : qb.where(`${T}.id`, 'in', db.selectFrom('mercht').select('parentId').where('id', '=', caller.user.orgId ?? -1))),
    list: 'mercht/query/listSup',
    get: false,
    simple: false,
  });
  const supSimple = signed(async ({ caller }) => ((await sup.resource.scoped(caller).select([`${T}.id`, `${T}.name`]).execute()) as Row[]).map((r) => ({ value: r.id, label: r.name })));
  return [...merchants.routes, ...subs.routes, ...sup.routes, { path: 'mercht/query/querySupSimple', perm: supMerchant.codes.query, handler: supSimple }];
}
