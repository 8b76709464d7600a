/**
 * resource/kept-while.ts on both databases: a reference's `where` counts only the referring rows with
 * the declared values (a list: any of them; null: none), for the refusal and for the rows removed with
 * the record; `refersTo` refuses a written record whose reference finds no row matching its declaration;
 * a command's `commandRefs` (resource/commands.ts) refuses it while rows refer to its record and deletes
 * the rows that go with it and the record (the task package's 删除).
 */
import { PACKAGE_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { ApiError } from '../src/http/envelope';
import { type KeptWhile, moveReferring, type RefersTo, refuseUnlessReferring, refuseWhileReferenced, removeReferring } from '../src/resource/kept-while';
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

  test('commandRefs: 删除 is refused while a taker refers to the package (nothing written), then deletes its named talents and the package and answers true', async () => {
    const ent = ctx.client();
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
    const made = await ent.post('package/mgr/create', { name: '引用测试包', packageType: 10, packagePriceType: 10, startDate: '2030-01-01', endDate: '2030-02-01' });
    expect(made.code).toBe(0);
    const id = made.data.id as number;
    const custId = (await ctx.db.selectFrom('cust').select('id').executeTakeFirstOrThrow()).id;
    await ctx.db.insertInto('work_package_talent').values({ packageId: id, custId, createdAt: Date.now() }).execute();
    const taker = await ctx.db.insertInto('work_package_taker').values({ packageId: id, custId, status: 90, completedAt: null, remark: null, createdAt: Date.now(), updatedAt: Date.now() }).returning('id').executeTakeFirstOrThrow();
    expect(await ent.post('package/mgr/delete', { id })).toMatchObject({ code: Code.CONFLICT, message: PACKAGE_MESSAGES.hasTakers });
    expect(await ctx.db.selectFrom('work_package_talent').select('id').where('packageId', '=', id).execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'workPackage').where('entityId', '=', String(id)).where('action', '=', 'delete').execute()).toEqual([]);
    await ctx.db.deleteFrom('work_package_taker').where('id', '=', taker.id).execute();
    expect(await ent.post('package/mgr/delete', { id })).toMatchObject({ code: 0, data: true });
    expect(await ctx.db.selectFrom('work_package_talent').select('id').where('packageId', '=', id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('work_package').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'workPackage').where('entityId', '=', String(id)).where('action', '=', 'delete').execute()).toHaveLength(1);
  });

  test('movedWith: only the referring rows with the declared values take the set values and the time', async () => {
    const pkg = await ctx.db.selectFrom('work_package_taker').select('packageId').where('status', '=', 10).executeTakeFirstOrThrow();
    const before = await ctx.db.selectFrom('work_package_taker').select(['id', 'status', 'remark', 'updatedAt']).where('packageId', '=', pkg.packageId).orderBy('id').execute();
    await ctx.db.transaction().execute((trx) =>
      moveReferring(trx as never, [{ table: 'work_package_taker', column: 'packageId', where: { status: 10 }, set: { remark: '随包移动' }, stamp: 'updatedAt' }], { id: pkg.packageId }, 'id', 4_102_444_800_000),
    );
    const after = await ctx.db.selectFrom('work_package_taker').select(['id', 'status', 'remark', 'updatedAt']).where('packageId', '=', pkg.packageId).orderBy('id').execute();
    expect(after.map((t) => ({ ...t, updatedAt: Number(t.updatedAt) }))).toEqual(before.map((t) => (t.status === 10 ? { ...t, remark: '随包移动', updatedAt: 4_102_444_800_000 } : { ...t, updatedAt: Number(t.updatedAt) })));
  });
});
