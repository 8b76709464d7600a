/**
 * resource/kit-routes.ts namedUpload on both databases: the upload a file value names — 1001 when it names none, 3002 for
 * another organisation's upload (the platform may name any), 1004 for none stored, 1001 `changed` when the MD5 differs.
 */
import { namedUpload } from '../src/resource/kit-routes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('namedUpload on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('answers the caller’s own upload with its url; refuses in the declared order', async () => {
    const owner = await ctx.db.selectFrom('admin_user').select(['userId', 'adminType', 'orgId']).where('adminType', '!=', 1).where('orgId', 'is not', null).executeTakeFirstOrThrow();
    const { id } = await ctx.db.insertInto('upload_file').values({ userId: owner.userId, name: '身份证.png', fileMd5: 'ab'.repeat(16), size: 3, storedAs: 'x.png', createdAt: 1 }).returning('id').executeTakeFirstOrThrow();
    const url = `/api/admin/file/download?id=${id}`;
    const user = { adminType: owner.adminType, orgId: owner.orgId };
    const refusal = (p: Promise<unknown>) => p.then(() => null, (e: { code: number; message: string }) => [e.code, e.message]);
    expect(await namedUpload(ctx.db, user, { url, fileMd5: 'AB'.repeat(16), name: 'a' }, '请上传文件')).toEqual({ id, name: '身份证.png', fileMd5: 'ab'.repeat(16), storedAs: 'x.png', url });
    expect(await namedUpload(ctx.db, { adminType: 1, orgId: null }, { url }, '请上传文件')).toMatchObject({ id, url });
    expect(await refusal(namedUpload(ctx.db, user, 'not an object', '请上传文件'))).toEqual([1001, '请上传文件']);
    expect(await refusal(namedUpload(ctx.db, user, { url: [url] }, '请上传文件'))).toEqual([1001, '请上传文件']);
    expect(await refusal(namedUpload(ctx.db, { adminType: owner.adminType, orgId: -5 }, { url }, '请上传文件'))).toEqual([3002, expect.any(String)]);
    expect(await refusal(namedUpload(ctx.db, user, { url: '/api/admin/file/download?id=999999999' }, '请上传文件'))).toEqual([1004, expect.any(String)]);
    expect(await refusal(namedUpload(ctx.db, user, { url, fileMd5: 'cd'.repeat(16) }, '请上传文件', '文件已变化'))).toEqual([1001, '文件已变化']);
  });
});
