/**
 * /admin/auditLog 操作日志: who changed what, when, from what to what. The platform reads every
 * organisation's trail; any other account its own organisation's.
 */
import { AdminType, auditLog } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, Caller, RouteSpec } from '../../http/guard';
import { type AnyDb, type AnyQuery, defineResource, T } from '../../resource/entity-resource';

export function auditLogRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const ownOrganisation = (caller: Caller, qb: AnyQuery): AnyQuery =>
    caller.user.adminType === AdminType.SYS
      ? qb
      : qb.where(`${T}.operatorId`, 'in', db.selectFrom('admin_user').select('userId').where('adminType', '=', caller.user.adminType).where('orgId', '=', caller.user.orgId ?? -1));
  return defineResource(deps, auditLog, {
    scope: ownOrganisation,
    simple: false,
    export: true,
  }).routes;
}
