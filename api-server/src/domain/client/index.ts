/**
 * /client/index 客户端 (SYS · 28110–28210; DOMAIN.md §8): the outside systems of the open API. The
 * record holds name, sign type, encryption mode, IP whitelist and status; its keys are only reachable
 * through the security calls: a reset answers the new MD5 / AES key once, securityFind afterwards
 * shows their last 4 characters, and the client's RSA public key is pasted and checked.
 */
import { client, CLIENT_MESSAGES, clientModeError, modeUsesAes } from '@flexpay/shared-utility/src/pure';
import { audit } from '../../account/audit';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type RouteSpec, type SignedInContext, signed } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyDb, defineResource } from '../../resource/entity-resource';
import { maskKey, newClientKey, normaliseRsaPublicKey, sealKeyOf, aesGcmEncrypt } from '../../security/client-secrets';
import { everyone, serialCode } from '../org-scope';
import { openPublicKey } from '../../security/open-keys';

const SECURITY_CODE = 28210;

export function clientRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const sealKey = sealKeyOf(deps.keys.privatePem);
  const clients = defineResource(deps, client, {
    scope: everyone,
    writers: ['SYS'],
    remove: 'delete',
    export: true,
    // 密钥设置 for holders of the key code; 重置密钥 where the platform generates a key (MD5 signing or AES).
    rowActions: (caller, row) =>
      caller.perms.has(SECURITY_CODE) ? ['security', ...(row.signType === 'MD5' || modeUsesAes(Number(row.encryptMode)) ? ['resetSecret'] : [])] : [],
    beforeCreate: async (ctx, values) => {
      return { ...values, clientCode: await serialCode(deps.dialect, ctx.trx, 'client', 'clientCode', 'CLI', 8), status: 0 };
    },
    check: async (_ctx, next) => {
      const mismatch = clientModeError(next.signType, next.encryptMode);
      if (mismatch) refuse(Code.VALIDATION, mismatch);
    },
    keptWhile: [{ table: 'client_mercht', column: 'clientCode', message: '请先删除该客户端的授权商户' }],
    removedWith: [{ table: 'open_request', column: 'clientCode' }],
  });
  const resource = clients.resource;

  /** What the operator may see of the keys: generated ones masked, public keys in full. */
  const securityOf = (row: Row) => ({
    clientCode: row.clientCode,
    clientName: row.clientName,
    signType: row.signType,
    encryptMode: row.encryptMode,
    md5Key: maskKey(row.md5KeyTail as string | null),
    aesKey: maskKey(row.aesKeyTail as string | null),
    rsaPublicKey: row.rsaPublicKey ?? null,
    platformPublicKey: row.signType === 'RSA' ? openPublicKey(deps) : null,
    secretAt: row.secretAt === null || row.secretAt === undefined ? null : Number(row.secretAt),
  });

  /** The client the body names (clientCode), in the caller's scope. */
  const named = (ctx: SignedInContext) => resource.load(ctx.caller, String(ctx.body.clientCode ?? '').trim() || null);
  const write = async (ctx: SignedInContext, action: string, clientCode: unknown, set: Row, note: string) =>
    resource.write(ctx, async (trx) => {
      await trx.updateTable('client').set({ ...set, secretAt: ctx.now, updatedAt: ctx.now }).where('clientCode', '=', clientCode).execute();
      // The trail names what happened, never a key.
      await audit(trx as never, { operator: ctx.caller.user, now: ctx.now, action, entity: client.name, entityId: String(clientCode), changes: { secret: { from: null, to: note } } });
    });

  const routes: RouteSpec[] = [
    {
      path: 'client/query/securityFind',
      perm: SECURITY_CODE,
      handler: signed(async (ctx) => securityOf(await named(ctx))),
    },
    // Both security writes arrive RSA-encrypted (CONTRACT.md "Encrypted bodies").
    {
      // A new MD5 key (MD5 signing) and AES key (modes 3/4), answered once: afterwards only their tails.
      path: 'client/mgr/security/reset',
      perm: SECURITY_CODE,
      encrypted: true,
      handler: signed(async (ctx) => {
        const row = await named(ctx);
        const md5Key = row.signType === 'MD5' ? newClientKey() : null;
        const aesKey = modeUsesAes(Number(row.encryptMode)) ? newClientKey() : null;
        if (!md5Key && !aesKey) refuse(Code.VALIDATION, CLIENT_MESSAGES.noKeyToReset);
        const set: Row = {};
        if (md5Key) Object.assign(set, { md5KeyEnc: aesGcmEncrypt(sealKey, md5Key), md5KeyTail: md5Key.slice(-4) });
        if (aesKey) Object.assign(set, { aesKeyEnc: aesGcmEncrypt(sealKey, aesKey), aesKeyTail: aesKey.slice(-4) });
        await write(ctx, 'resetSecret', row.clientCode, set, [md5Key && 'MD5密钥', aesKey && 'AES密钥'].filter(Boolean).join('、') + '已重置');
        return { clientCode: row.clientCode, md5Key, aesKey };
      }),
    },
    {
      path: 'client/mgr/security/update',
      perm: SECURITY_CODE,
      encrypted: true,
      handler: signed(async (ctx) => {
        const row = await named(ctx);
        const key = normaliseRsaPublicKey(ctx.body.rsaPublicKey);
        if ('error' in key) return refuse(Code.VALIDATION, key.error);
        await write(ctx, 'updateSecret', row.clientCode, { rsaPublicKey: key.pem }, 'RSA公钥已更新');
        return securityOf(await resource.load(ctx.caller, row.clientCode as string, db));
      }),
    },
  ];
  return [...clients.routes, ...routes];
}
