/** /invoice/invoiceItem 开票项目 (SPR): the supplier's invoice items, each with its tax code and rate. */
import { invoiceItem } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { type AnyDb, defineResource, T } from '../../resource/entity-resource';
import { bySupplier, ownSupplier, ownSupplierOnCreate } from '../org-scope';

export function invoiceItemRoutes(deps: AppDeps): RouteSpec[] {
  const items = defineResource(deps, invoiceItem, {
    scope: bySupplier(deps.db as unknown as AnyDb, `${T}.supplierId`),
    writers: ['SPR'],
    mayWrite: ownSupplier('supplierId'),
    remove: 'delete',
    simple: ['listSimple'],
    export: true,
    duplicate: '该开票项目已存在',
    // A supplier's items are its own: the form leaves the supplier out; another one is out of scope.
    beforeCreate: async (ctx, values) => ({ ...values, supplierId: values.supplierId ?? ctx.caller.user.orgId }),
    check: ownSupplierOnCreate,
  });
  return items.routes;
}
