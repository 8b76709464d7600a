/**
 * /admin/auditLog 操作日志: who changed what, when, from what to what. The platform reads every
 * organisation's trail; any other account its own organisation's.
 */
import { AdminType, auditLog } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource, T } from '../../resource/entity-resource';
import { ownAccounts } from './index';

export function auditLogRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  return defineResource(deps, auditLog, {
    // Entries whose operator is one of the caller's organisation's accounts.
    scope: (caller, qb) => (caller.user.adminType === AdminType.SYS ? qb : qb.where(`${T}.operatorId`, 'in', ownAccounts(caller, db.selectFrom('admin_user').select('userId'), 'admin_user'))),
    simple: false,
    export: true,
  }).routes;
}
