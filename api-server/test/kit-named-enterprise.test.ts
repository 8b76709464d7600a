/**
 * resource/ent-channel.ts namedEnterprise on both databases: the enterprise a request is for — an ENT account's own, else
 * the body's entId (1001 请选择企业), stored (1004 with the caller's message) and in the caller's scope (3002).
 */
import { namedEnterprise } from '../src/resource/ent-channel';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('namedEnterprise on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('ENT its own, SYS any it names, SPR only its enterprises; refusals in order', async () => {
    const user = (adminType: number) => ctx.db.selectFrom('admin_user').selectAll().where('adminType', '=', adminType).where('status', '=', 0).orderBy('userId').executeTakeFirstOrThrow();
    const refusal = (p: Promise<unknown>) => p.then(() => null, (e: { code: number; message: string }) => [e.code, e.message]);
    const [sys, spr, entUser] = [await user(1), await user(20), await user(40)];
    const own = await namedEnterprise(ctx.db, entUser, { entId: 999999 });
    expect(own.id).toBe(entUser.orgId);
    const foreign = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('supplierId', '!=', spr.orgId!).executeTakeFirstOrThrow();
    expect(await namedEnterprise(ctx.db, sys, { entId: String(foreign.id) })).toMatchObject({ id: foreign.id, supplierId: foreign.supplierId });
    expect(await refusal(namedEnterprise(ctx.db, sys, { entId: '' }))).toEqual([1001, '请选择企业']);
    expect(await refusal(namedEnterprise(ctx.db, sys, { entId: 1.5 }))).toEqual([1001, '请选择企业']);
    expect(await refusal(namedEnterprise(ctx.db, sys, { entId: 999999 }, '企业不存在'))).toEqual([1004, '企业不存在']);
    expect(await refusal(namedEnterprise(ctx.db, spr, { entId: foreign.id }))).toEqual([3002, expect.any(String)]);
  });
});
