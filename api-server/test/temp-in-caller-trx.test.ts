/**
 * 制单's createTemp (domain/order/temp.ts) in the caller's transaction, on both databases: given a
 * transaction it reads and writes through it alone (SQLite's one connection would wait forever on a
 * read outside it), and the temp order goes when the caller's transaction rolls back — what 发起结算
 * (domain/task/settlement.ts) needs to make its temp order in the transaction it reads the package in.
 */
import { DEMO_USERS } from '../src/demo/seed';
import { tempOrderRoutes } from '../src/domain/order/temp';
import type { AppDeps, SignedInContext } from '../src/http/guard';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import { goodTalents, row } from './support/order';

describe.each(DIALECTS)('createTemp in the caller transaction on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('written in the caller transaction: kept on commit, gone on rollback', async () => {
    const e = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const [a] = await goodTalents(ctx.db, e.id, e.supplierId);
    const user = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', DEMO_USERS.SYS).executeTakeFirstOrThrow();
    const { createTemp } = tempOrderRoutes({ db: ctx.db, dialect, now: Date.now } as AppDeps);
    const call = { caller: { user, perms: new Set<number>() }, body: {}, now: Date.now() } as unknown as SignedInContext;
    const count = async (remark: string) => (await ctx.db.selectFrom('temp_order').select('id').where('remark', '=', remark).execute()).length;

    const kept = await ctx.db.transaction().execute((trx) => createTemp(call, e.id, 1, [row(a, '10.00')], { remark: '调用方事务提交' }, trx));
    expect(kept).toMatchObject({ tempOrderNo: expect.stringMatching(/^TO/), rows: [{ rowNo: 1, errorType: 0 }] });
    expect(await count('调用方事务提交')).toBe(1);

    const rolledBack = ctx.db.transaction().execute(async (trx) => {
      await createTemp(call, e.id, 1, [row(a, '10.00')], { remark: '调用方事务回滚' }, trx);
      throw new Error('调用方拒绝');
    });
    await expect(rolledBack).rejects.toThrow('调用方拒绝');
    expect(await count('调用方事务回滚')).toBe(0);
  });
});
