/**
 * /client/index 客户端 (SYS · 28110–28210; DOMAIN.md §8): the outside systems of the open API. The
 * record holds name, sign type, encryption mode, IP whitelist and status; its keys are only reachable
 * through the security calls: a reset answers the new MD5 / AES key once, securityFind afterwards
 * shows their last 4 characters, and the client's RSA public key is pasted and checked.
 */
import { client } from '@flexpay/shared-utility/src/pure';
import { type AppDeps, type RouteSpec, signed } from '../../http/guard';
import { defineResource, keyValue } from '../../resource/entity-resource';
import { everyone } from '../org-scope';
import { clientEffects, securityOf } from './client.effects';

export function clientRoutes(deps: AppDeps): RouteSpec[] {
  const clients = defineResource(deps, client, {
    scope: everyone,
    writers: ['SYS'],
    remove: 'delete',
    export: true,
    // 密钥设置 and 重置密钥 are the entity's commands (encrypted bodies, keys never in the trail).
    effects: clientEffects(deps),
    keptWhile: [{ table: 'client_mercht', column: 'clientCode', message: '请先删除该客户端的授权商户' }],
    removedWith: [{ table: 'open_request', column: 'clientCode' }],
  });
  // The keys as the operator may see them: the key command's code reads them.
  const securityFind: RouteSpec = {
    path: 'client/query/securityFind',
    perm: client.commands!.security.code,
    handler: signed(async (ctx) => securityOf(deps, await clients.resource.load(ctx.caller, keyValue(client, ctx.body)))),
  };
  return [...clients.routes, securityFind];
}
