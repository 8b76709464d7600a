/** Issue 15 (first part): 任务分类 — two levels, the supplier's own invoice items, deletion refused while used. */
import { TASK_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const PAGE = { limit: 100, pageNum: 1 };

describe.each(DIALECTS)('任务分类 on %s', (dialect) => {
  let ctx: TestContext;
  let spr: SignedClient;
  let ent: SignedClient;
  const idOf = async (name: string) => (await ctx.db.selectFrom('task_category').select('id').where('categoryName', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [spr, ent] = [ctx.client(), ctx.client()];
    expect((await spr.login(DEMO_USERS.SPR, DEMO_PASSWORD)).code).toBe(0);
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  test('the supplier lists its own two levels with their invoice items; an enterprise has no access', async () => {
    const listed = await spr.post('package/cat/query/list', { cond: {}, page: PAGE });
    const byName = Object.fromEntries(listed.data.records.map((r: Record<string, unknown>) => [r.categoryName, r]));
    expect(Object.keys(byName).sort()).toEqual(['企业服务', '仓储分拣', '同城配送', '市场推广', '数据标注', '物流配送'].sort());
    expect(byName['同城配送']).toMatchObject({ parentName: '物流配送', itemName: '*物流辅助服务*装卸搬运服务' });
    expect((await ent.post('package/cat/query/list', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
  });

  test('a third level, another supplier’s item and a used or parent category are refused, nothing changes', async () => {
    const second = await idOf('同城配送');
    expect(await spr.post('package/cat/mgr/create', { categoryName: '夜间配送', parentId: second })).toMatchObject({ code: Code.VALIDATION, message: TASK_MESSAGES.parentLevel });
    const foreignItem = await ctx.db.selectFrom('invoice_item').innerJoin('mercht', 'mercht.id', 'invoice_item.supplierId').select('invoice_item.id').where('mercht.merchtCode', '=', 'SPR0002').executeTakeFirstOrThrow();
    expect((await spr.post('package/cat/mgr/create', { categoryName: '夜间配送', parentId: await idOf('物流配送'), invoiceItemId: foreignItem.id })).code).toBe(Code.OUT_OF_SCOPE);
    const before = await ctx.db.selectFrom('task_category').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(await spr.post('package/cat/mgr/delete', { id: await idOf('物流配送') })).toMatchObject({ code: Code.VALIDATION, message: TASK_MESSAGES.hasChildren });
    const used = await ctx.db
      .selectFrom('work_package')
      .innerJoin('mercht', 'mercht.id', 'work_package.supplierId')
      .select('work_package.categoryId')
      .where('mercht.merchtCode', '=', 'SPR0001')
      .where('work_package.categoryId', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(await spr.post('package/cat/mgr/delete', { id: used.categoryId })).toMatchObject({ code: Code.VALIDATION, message: TASK_MESSAGES.inUse });
    expect((await ctx.db.selectFrom('task_category').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toEqual(before.n);
  });

  test('a new second-level category under its own first level can be created and, unused, deleted', async () => {
    const created = await spr.post('package/cat/mgr/create', { categoryName: '夜间配送', parentId: await idOf('物流配送') });
    expect(created.code).toBe(0);
    expect(await spr.post('package/cat/mgr/create', { categoryName: '夜间配送' })).toMatchObject({ code: Code.CONFLICT, message: '分类名称已存在' });
    expect((await spr.post('package/cat/mgr/delete', { id: await idOf('夜间配送') })).code).toBe(0);
  });
});
