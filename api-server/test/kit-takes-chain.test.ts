/**
 * resource/kept-while.ts takeReferred on both databases: a later reference's `match` reads what an earlier one
 * took — an enterprise gives its supplier, then the invoice item must be that supplier's and gives its rate
 * (开出记录's free application: 新增 names an enterprise and an item).
 */
import { DEMO_USERS } from '../src/demo/demo-users';
import { Code } from '../src/http/codes';
import { ApiError } from '../src/http/envelope';
import type { Caller } from '../src/http/guard';
import { type RefersTo, takeReferred } from '../src/resource/kept-while';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

const REFS: RefersTo[] = [
  { table: 'ent', column: 'entId', takes: { supplierId: 'supplierId' }, code: Code.NOT_FOUND, message: '数据不存在' },
  { table: 'invoice_item', column: 'itemId', match: { supplierId: 'supplierId' }, takes: { taxRate: 'taxRate' }, message: '请选择开票项目' },
];

describe.each(DIALECTS)('takeReferred chained on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('the item is the enterprise’s supplier’s (its rate taken), another supplier’s is refused, a missing enterprise 1004', async () => {
    const caller = { user: await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', DEMO_USERS.SYS).executeTakeFirstOrThrow() } as unknown as Caller;
    const ent = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const own = await ctx.db.selectFrom('invoice_item').select(['id', 'taxRate']).where('supplierId', '=', ent.supplierId).executeTakeFirstOrThrow();
    const other = await ctx.db.selectFrom('invoice_item').select('id').where('supplierId', '<>', ent.supplierId).executeTakeFirstOrThrow();
    const take = (next: Record<string, unknown>) =>
      ctx.db.transaction().execute((trx) => takeReferred(trx as never, caller, REFS, next)).catch((e: unknown) => (e instanceof ApiError ? { code: e.code, message: e.message } : Promise.reject(e)));
    expect(await take({ entId: ent.id, itemId: own.id })).toEqual({ supplierId: ent.supplierId, taxRate: own.taxRate });
    expect(await take({ entId: ent.id, itemId: other.id })).toEqual({ code: Code.VALIDATION, message: '请选择开票项目' });
    expect(await take({ entId: 999_999, itemId: own.id })).toEqual({ code: Code.NOT_FOUND, message: '数据不存在' });
  });
});
