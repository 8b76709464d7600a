/**
 * resource/kept-while.ts on both databases: a reference's `where` counts only the referring rows with
 * the declared values (a list: any of them; null: none), for the refusal and for the rows removed with
 * the record; `refersTo` refuses a written record whose reference finds no row matching its declaration.
 */
import { Code } from '../src/http/codes';
import { ApiError } from '../src/http/envelope';
import { type KeptWhile, type RefersTo, refuseUnlessReferring, refuseWhileReferenced, removeReferring } from '../src/resource/kept-while';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('keptWhile where on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  const refusal = async (kept: KeptWhile[], row: Record<string, unknown>) => {
    try {
      await refuseWhileReferenced(ctx.db as never, kept, row, 'id');
      return null;
    } catch (error) {
      return error instanceof ApiError ? { code: error.code, message: error.message } : error;
    }
  };

  test('only the rows with the declared values keep the record', async () => {
    const taker = await ctx.db.selectFrom('work_package_taker').select(['packageId', 'custId', 'status']).executeTakeFirstOrThrow();
    const row = { id: taker.packageId, packageId: taker.packageId, custId: taker.custId };
    const ref = (where: Record<string, unknown>): KeptWhile[] => [{ table: 'work_package_taker', column: { packageId: 'packageId', custId: 'custId' }, where, message: '仍有接包人' }];
    expect(await refusal(ref({ status: [taker.status, 999] }), row)).toEqual({ code: Code.CONFLICT, message: '仍有接包人' });
    expect(await refusal(ref({ status: taker.status }), row)).toEqual({ code: Code.CONFLICT, message: '仍有接包人' });
    expect(await refusal(ref({ status: [998, 999] }), row)).toBeNull();
    expect(await refusal(ref({ status: 999 }), row)).toBeNull();
    // null: the column holds none (a taker's completedAt is null until it is completed).
    const open = await ctx.db.selectFrom('work_package_taker').select('completedAt').where('packageId', '=', taker.packageId).where('custId', '=', taker.custId).executeTakeFirstOrThrow();
    expect(await refusal(ref({ completedAt: null }), row)).toEqual(open.completedAt === null ? { code: Code.CONFLICT, message: '仍有接包人' } : null);
  });

  test('removedWith deletes only the rows with the declared values', async () => {
    const pkg = await ctx.db.selectFrom('work_package_taker').select('packageId').groupBy('packageId').executeTakeFirstOrThrow();
    const before = await ctx.db.selectFrom('work_package_taker').select(['id', 'status']).where('packageId', '=', pkg.packageId).execute();
    const status = before[0].status;
    await ctx.db.transaction().execute((trx) => removeReferring(trx as never, [{ table: 'work_package_taker', column: 'packageId', where: { status: [status] } }], { id: pkg.packageId }, 'id'));
    const after = await ctx.db.selectFrom('work_package_taker').select(['id', 'status']).where('packageId', '=', pkg.packageId).execute();
    expect(after).toEqual(before.filter((t) => t.status !== status));
  });

  test('refersTo: a named reference must find its row (same supplier, declared values); none named is not checked', async () => {
    const category = await ctx.db.selectFrom('task_category').select(['id', 'supplierId', 'parentId']).where('parentId', 'is', null).executeTakeFirstOrThrow();
    const refs: RefersTo[] = [{ table: 'task_category', column: 'parentId', where: { parentId: null }, match: { supplierId: 'supplierId' }, message: '上级分类不可用' }];
    const check = async (next: Record<string, unknown>) => {
      try {
        await refuseUnlessReferring(ctx.db as never, refs, next);
        return null;
      } catch (error) {
        return error instanceof ApiError ? { code: error.code, message: error.message } : error;
      }
    };
    expect(await check({ parentId: category.id, supplierId: category.supplierId })).toBeNull();
    expect(await check({ parentId: null, supplierId: -1 })).toBeNull();
    expect(await check({ parentId: category.id, supplierId: -1 })).toEqual({ code: Code.VALIDATION, message: '上级分类不可用' });
    expect(await check({ parentId: -5, supplierId: category.supplierId })).toEqual({ code: Code.VALIDATION, message: '上级分类不可用' });
    const child = await ctx.db.selectFrom('task_category').select(['id', 'supplierId']).where('parentId', 'is not', null).executeTakeFirst();
    if (child) expect(await check({ parentId: child.id, supplierId: child.supplierId })).toEqual({ code: Code.VALIDATION, message: '上级分类不可用' });
  });
});
