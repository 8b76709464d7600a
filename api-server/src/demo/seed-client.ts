/**
 * Demo API clients (DOMAIN.md §8): both sign types and every encryption mode, one disabled, with
 * authorisations of MER0001 and its enterprises in every state, so each /client screen has rows.
 * CLI00000001 (RSA signing, mode 2) carries the public key of tests/open-api/demo-client-private.pem,
 * so the example client can call a demo server at once; that key pair is for demos only. Generated
 * MD5/AES keys cannot be seeded (they are sealed with the server's own key): an operator resets them.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

const DAY_MS = 24 * 3600_000;

export const DEMO_CLIENT_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqL4KNL6Tsy4C993kzKMv
t/tF0I/5PsjGf8dp7DHimzqyvdMeUIGuDEIPgZEScSMH9eUVP/5g+8KrirTR6JIQ
D/298KMs4KOafOXZhPajb+s5XIriCHufVYdwcNm6VHa2ZmjHDcV6k4waZ1JC2Sml
MFqyiKVfU66Aqs8wFwq1AeELnzZT4EsSmWIt9PLnhpRuwQuEc2xdyX0MCgkHId5Y
ZZqzsEoGdf2AOxpdISgde/2ShZ7kzyngW955TeeHA8UlCwA5Jnt48/nIZrRIOL2i
RDBDizJsO8zyRQ7f3UGGMbGFmhTwVJbu9bpjOogLA8ZqlM9knhx1ew+iqjFImSfF
uwIDAQAB
-----END PUBLIC KEY-----
`;

export async function seedClients(trx: Transaction<Database>, now: number): Promise<void> {
  const at = (days: number) => now - days * DAY_MS;
  const id = async (table: 'mercht' | 'ent', column: 'merchtCode' | 'entCode', code: string) =>
    (await trx.selectFrom(table).select('id').where(column as never, '=', code as never).executeTakeFirstOrThrow()).id;
  const [mer1, mer2] = [await id('mercht', 'merchtCode', 'MER0001'), await id('mercht', 'merchtCode', 'MER0002')];
  const [ent1, ent2, ent5] = [await id('ent', 'entCode', 'ENT0001'), await id('ent', 'entCode', 'ENT0002'), await id('ent', 'entCode', 'ENT0005')];

  const client = (clientCode: string, clientName: string, signType: string, encryptMode: number, ipWhitelist: string, status: number, days: number, extra: { rsaPublicKey?: string; remark?: string } = {}) => ({
    clientCode, clientName, signType, encryptMode, ipWhitelist, status, remark: extra.remark ?? null,
    md5KeyEnc: null, md5KeyTail: null, aesKeyEnc: null, aesKeyTail: null,
    rsaPublicKey: extra.rsaPublicKey ?? null, secretAt: extra.rsaPublicKey ? at(days) : null, createdAt: at(days), updatedAt: at(days),
  });
  await trx
    .insertInto('client')
    .values([
      client('CLI00000001', '星辰物流ERP对接', 'RSA', 2, '127.0.0.1\n::1', 0, 60, { rsaPublicKey: DEMO_CLIENT_PUBLIC_KEY, remark: '演示客户端，私钥见 tests/open-api/demo-client-private.pem' }),
      client('CLI00000002', '蓝海商城结算系统', 'MD5', 3, '203.0.113.0/24\n127.0.0.1', 0, 30),
      client('CLI00000003', '链客SaaS平台', 'RSA', 4, '198.51.100.20', 1, 45, { remark: '合作暂停' }),
      client('CLI00000004', '启航财务助手', 'MD5', 1, '127.0.0.1', 0, 3),
    ])
    .execute();

  const codes = (list: number[]) => JSON.stringify(list);
  const row = (clientCode: string, merchtId: number, authorization: number, apiCodes: number[], days: number) => ({ clientCode, merchtId, authorization, apiCodes: codes(apiCodes), remark: null, createdAt: at(days), updatedAt: at(days) });
  await trx
    .insertInto('client_mercht')
    .values([
      row('CLI00000001', mer1, 3, [], 59),
      row('CLI00000002', mer1, 2, [1002001, 1003001, 1004050], 29),
      row('CLI00000003', mer2, 1, [], 44),
      row('CLI00000004', mer1, 0, [], 2),
    ])
    .execute();
  await trx
    .insertInto('client_mercht_ent')
    .values([
      { ...row('CLI00000001', mer1, 3, [], 58), entId: ent1 },
      { ...row('CLI00000001', mer1, 2, [1002001, 1003001], 50), entId: ent2 },
      { ...row('CLI00000001', mer1, 2, [1003001], 20), entId: ent5 },
      { ...row('CLI00000002', mer1, 2, [1003001], 28), entId: ent2 },
    ])
    .execute();
}
