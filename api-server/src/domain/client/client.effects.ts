/** 客户端's key commands (shared-utility entities/client.ts): 重置密钥 answers the new keys once, 密钥设置 stores the pasted RSA public key. */
import { modeUsesAes } from '@flexpay/shared-utility/src/pure';
import type { AppDeps } from '../../http/guard';
import { type Row, ruled } from '../../resource/codec';
import type { EffectContext, Effects } from '../../resource/commands';
import { aesGcmEncrypt, maskKey, newClientKey, normaliseRsaPublicKey, sealKeyOf } from '../../security/client-secrets';
import { openPublicKey } from '../../security/open-keys';

/** What the operator may see of the keys: generated ones masked, public keys in full. */
export const securityOf = (deps: AppDeps, row: Row) => ({
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

/** The key columns written and stamped; the trail's change names what happened, never a key. */
async function store({ trx, row, now }: EffectContext, set: Row, note: string) {
  await trx.updateTable('client').set({ ...set, secretAt: now, updatedAt: now }).where('clientCode', '=', row.clientCode).execute();
  return { secret: { from: null, to: note } };
}

export function clientEffects(deps: AppDeps): Effects {
  const sealKey = sealKeyOf(deps.keys.privatePem);
  const sealed = (key: string | null, enc: string, tail: string): Row => (key ? { [enc]: aesGcmEncrypt(sealKey, key), [tail]: key.slice(-4) } : {});
  return {
    resetSecret: async (x) => {
      const md5Key = x.row.signType === 'MD5' ? newClientKey() : null;
      const aesKey = modeUsesAes(Number(x.row.encryptMode)) ? newClientKey() : null;
      const set = { ...sealed(md5Key, 'md5KeyEnc', 'md5KeyTail'), ...sealed(aesKey, 'aesKeyEnc', 'aesKeyTail') };
      const changes = await store(x, set, [md5Key && 'MD5密钥', aesKey && 'AES密钥'].filter(Boolean).join('、') + '已重置');
      return { changes, answer: { clientCode: x.row.clientCode, md5Key, aesKey } };
    },
    security: async (x) => {
      const key = ruled(normaliseRsaPublicKey(x.input.rsaPublicKey));
      const changes = await store(x, { rsaPublicKey: key.pem }, 'RSA公钥已更新');
      return { changes, answer: securityOf(deps, { ...x.row, rsaPublicKey: key.pem, secretAt: x.now }) };
    },
  };
}
