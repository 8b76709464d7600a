/** /supplier/xpay 平台管理 (SYS): xkj platforms and each supplier's tax channel on them. */
import { tsChannel, xkjPlatform } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { type AnyDb, defineResource, T } from '../../resource/entity-resource';
import { bySupplier, everyone, ownSupplier, ownSupplierOnCreate } from '../org-scope';

export function xpayRoutes(deps: AppDeps): RouteSpec[] {
  const platforms = defineResource(deps, xkjPlatform, {
    scope: everyone,
    writers: ['SYS'],
    simple: ['listSimple'],
    export: true,
    beforeCreate: async (_ctx, values) => ({ ...values, status: 0 }),
  });
  const channels = defineResource(deps, tsChannel, {
    scope: bySupplier(deps.db as unknown as AnyDb, `${T}.supplierId`),
    mayWrite: ownSupplier('supplierId'),
    duplicate: '该供应商已开通此平台的税务通道',
    check: ownSupplierOnCreate,
  });
  return [...platforms.routes, ...channels.routes];
}
