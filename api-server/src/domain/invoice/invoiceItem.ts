/** /invoice/invoiceItem 开票项目 (SPR): the supplier's invoice items, each with its tax code and rate. */
import { invoiceItem } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource } from '../../resource/entity-resource';
import { supplierOwned } from '../org-scope';

export function invoiceItemRoutes(deps: AppDeps): RouteSpec[] {
  const items = defineResource(deps, invoiceItem, {
    ...supplierOwned(deps.db),
    simple: ['listSimple'],
    export: true,
    duplicate: '该开票项目已存在',
  });
  return items.routes;
}
