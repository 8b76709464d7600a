/**
 * resource/kit-routes.ts usableUpload on both databases: the upload a caller names to be read now is its
 * organisation's own (another's answers 3002, the platform reads any) and stored (1004 otherwise).
 */
import crypto from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { usableUpload } from '../src/resource/kit-routes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('usableUpload on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  const userOf = (username: string) => ctx.db.selectFrom('admin_user').select(['adminType', 'orgId']).where('username', '=', username).executeTakeFirstOrThrow();

  test('its own upload is read, another organisation’s is 3002, a missing one 1004; the platform reads any', async () => {
    const ent = ctx.client();
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
    const content = Buffer.from('%PDF-1.4 usable');
    const sent = await ent.post('file/upload', { name: '凭证.pdf', contentBase64: content.toString('base64'), fileMd5: crypto.createHash('md5').update(content).digest('hex') });
    expect(sent.code).toBe(0);
    const id = Number(/id=(\d+)$/.exec(sent.data.url)![1]);

    const own = await usableUpload(ctx.db, await userOf(DEMO_USERS.ENT), id);
    expect(own).toMatchObject({ id, name: '凭证.pdf', fileMd5: sent.data.fileMd5, storedAs: expect.any(String) });
    expect(await usableUpload(ctx.db, await userOf(DEMO_USERS.SYS), id)).toEqual(own);
    await expect(usableUpload(ctx.db, await userOf(DEMO_USERS.SPR), id)).rejects.toMatchObject({ code: Code.OUT_OF_SCOPE });
    for (const user of [DEMO_USERS.ENT, DEMO_USERS.SYS]) await expect(usableUpload(ctx.db, await userOf(user), 999_999)).rejects.toMatchObject({ code: Code.NOT_FOUND });
  });
});
