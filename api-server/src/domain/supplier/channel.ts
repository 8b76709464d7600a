/** /supplier/channel 支付通道: pay channels (DOMAIN.md §1 enabled/disabled) and their bank config. */
import { bankConfig, payChannel } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource } from '../../resource/entity-resource';
import { everyone } from '../org-scope';

export function channelRoutes(deps: AppDeps): RouteSpec[] {
  const channels = defineResource(deps, payChannel, {
    scope: everyone,
    writers: ['SYS'],
    simple: ['listAll', 'payChannel/querySimple'],
    export: true,
    duplicate: '通道编号已存在',
  });
  const banks = defineResource(deps, bankConfig, { scope: everyone, writers: ['SYS'], create: 'add', duplicate: '该通道已配置此银行' });
  return [...channels.routes, ...banks.routes];
}
