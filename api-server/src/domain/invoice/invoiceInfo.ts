/**
 * /invoice/invoiceInfo 开票信息 (DOMAIN.md §5): one per enterprise, kept by the enterprise itself; its
 * supplier and merchant read it. A 专票 needs every field (the entity's `checks`). A merchant (which has no 申请记录 menu) reads
 * each enterprise's applications from its row (`applies`).
 */
import { AdminType, invoiceApply, invoiceInfo } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource, T } from '../../resource/entity-resource';
import { entScope } from '../ent/index';

export function invoiceInfoRoutes(deps: AppDeps): RouteSpec[] {
  const info = defineResource(deps, invoiceInfo, {
    scope: entScope(deps.db, `${T}.entId`),
    writers: ['ENT'],
    simple: false,
    duplicate: '开票信息已存在，请编辑',
    rowActions: (caller) => (caller.user.adminType === AdminType.MER && caller.perms.has(invoiceApply.codes.query) ? ['applies'] : []),
    // An enterprise keeps its own information: the form leaves the enterprise out, another one is out of scope.
    beforeCreate: async (ctx, values) => {
      const own = ctx.caller.user.orgId;
      if (values.entId !== undefined && values.entId !== null && values.entId !== own) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
      return { ...values, entId: own };
    },
  });
  return info.routes;
}
