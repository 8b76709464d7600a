/**
 * Issue 13 (docs/operations.md): rotating the login RSA key pair keeps the open API's sealed client
 * keys usable, ends the sessions derived from the old key and keeps the old pair as a backup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { aesGcmDecrypt, aesGcmEncrypt, sealKeyOf } from '../src/security/client-secrets';
import { ensureKeyPair, generateKeyPair, writeKeyPair } from '../src/security/rsa';
import { rotateKeyPair } from '../src/security/rotate-key';
import { createTestContext, type TestContext } from './support/app';

describe('npm run rotate-key', () => {
  let ctx: TestContext;
  let md5Key: string;
  let aesKey: string;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    const sys = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    const reset = await sys.post('client/mgr/security/reset', { clientCode: 'CLI00000002' }, { encrypt: true });
    expect(reset.code).toBe(0);
    md5Key = reset.data.md5Key;
    aesKey = reset.data.aesKey;
  });
  afterAll(() => ctx.close());

  const sealedMd5 = async () => (await ctx.db.selectFrom('client').select('md5KeyEnc').where('clientCode', '=', 'CLI00000002').executeTakeFirstOrThrow()).md5KeyEnc!;

  test('re-seals the client keys under the new pair, keeps the old pair as a backup, and old sessions end', async () => {
    const session = ctx.client();
    expect((await session.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
    const before = ensureKeyPair(ctx.config.dataDir);

    const result = await rotateKeyPair(ctx.db, ctx.config.dataDir, new Date('2026-11-23T05:00:00Z'));

    const after = ensureKeyPair(ctx.config.dataDir);
    expect(after.publicPem).not.toBe(before.publicPem);
    expect(result).toEqual({ resealed: 1, backupSuffix: '.20261123T050000.bak', resumed: false });
    expect(aesGcmDecrypt(sealKeyOf(after.privatePem), await sealedMd5())).toBe(md5Key);
    expect(aesGcmDecrypt(sealKeyOf(before.privatePem), await sealedMd5())).toBeNull();
    const backup = path.join(ctx.config.dataDir, `rsa_private.pem${result.backupSuffix}`);
    expect(fs.readFileSync(backup, 'utf8')).toBe(before.privatePem);
    expect(fs.statSync(backup).mode & 0o077).toBe(0);

    // A server started on the new pair no longer knows the old session.
    const restarted = await ctx.sibling({ keys: after });
    try {
      const stale = restarted.client();
      stale.token = session.token;
      stale.apiSecret = session.apiSecret;
      expect((await stale.post('user/loginInfo')).code).not.toBe(0);
    } finally {
      await restarted.close();
    }
  });

  test('a rotation interrupted after its transaction is finished by the next run, without a second re-seal', async () => {
    const live = ensureKeyPair(ctx.config.dataDir);
    // The state after a committed transaction: the data sealed under the staged pair, files not yet moved.
    const staged = generateKeyPair();
    writeKeyPair(ctx.config.dataDir, staged, '.new');
    const seal = sealKeyOf(staged.privatePem);
    await ctx.db.updateTable('client').set({ md5KeyEnc: aesGcmEncrypt(seal, md5Key), aesKeyEnc: aesGcmEncrypt(seal, aesKey) }).where('clientCode', '=', 'CLI00000002').execute();

    const result = await rotateKeyPair(ctx.db, ctx.config.dataDir, new Date('2026-11-23T06:00:00Z'));

    expect(result.resumed).toBe(true);
    expect(ensureKeyPair(ctx.config.dataDir).privatePem).toBe(staged.privatePem);
    expect(fs.readFileSync(path.join(ctx.config.dataDir, `rsa_private.pem${result.backupSuffix}`), 'utf8')).toBe(live.privatePem);
    expect(aesGcmDecrypt(sealKeyOf(staged.privatePem), await sealedMd5())).toBe(md5Key);
  });
});
