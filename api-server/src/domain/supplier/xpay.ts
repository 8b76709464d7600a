/** /supplier/xpay 平台管理 (SYS): xkj platforms and each supplier's tax channel on them. */
import { tsChannel, xkjPlatform } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource } from '../../resource/entity-resource';
import { everyone } from '../org-scope';
import { supplierRecords } from './index';

export function xpayRoutes(deps: AppDeps): RouteSpec[] {
  const platforms = defineResource(deps, xkjPlatform, {
    scope: everyone,
    writers: ['SYS'],
    simple: ['listSimple'],
    export: true,
  });
  const channels = defineResource(deps, tsChannel, { ...supplierRecords(deps.db), duplicate: '该供应商已开通此平台的税务通道' });
  return [...platforms.routes, ...channels.routes];
}
