import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import { createSubUser } from './support/users';

describe.each(DIALECTS)('search/query (command palette) on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  async function search(username: string, q: string, password = DEMO_PASSWORD) {
    const client = ctx.client();
    await client.login(username, password);
    return client.post('search/query', { q });
  }

  test('finds an order by its number, linking to the filtered order list', async () => {
    const answer = await search(DEMO_USERS.SYS, 'po00000003');
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual([
      { kind: '代发订单', title: 'PO00000003', subtitle: '深圳蓝海电子商务有限公司', link: '/order/index?orderNo=PO00000003' },
    ]);
  });

  test('an enterprise sees only its own orders; another enterprise’s number finds nothing', async () => {
    const ent = await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const own = await ctx.db.selectFrom('pay_order').select('orderNo').where('entId', '=', ent.id).orderBy('id').executeTakeFirstOrThrow();
    const other = await ctx.db.selectFrom('pay_order').select('orderNo').where('entId', '!=', ent.id).orderBy('id').executeTakeFirstOrThrow();
    expect((await search(DEMO_USERS.ENT, own.orderNo)).data.map((h: { title: string }) => h.title)).toEqual([own.orderNo]);
    expect((await search(DEMO_USERS.ENT, other.orderNo)).data).toEqual([]);
  });

  test('enterprises by code or name for the platform, never for an enterprise account', async () => {
    const byName = await search(DEMO_USERS.SYS, '蓝海');
    expect(byName.data).toEqual([{ kind: '企业', title: '深圳蓝海电子商务有限公司', subtitle: 'ENT0002', link: '/ent/index?entCode=ENT0002' }]);
    expect((await search(DEMO_USERS.ENT, '蓝海')).data).toEqual([]);
  });

  test('an invoice application links to the screen each account type may open', async () => {
    const mercht = await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', 'MER0001').executeTakeFirstOrThrow();
    const apply = await ctx.db.selectFrom('invoice_apply').innerJoin('ent', 'ent.id', 'invoice_apply.entId').select('invoice_apply.applyNo').where('ent.merchtId', '=', mercht.id).orderBy('invoice_apply.id').executeTakeFirstOrThrow();
    const linkFor = async (username: string) => (await search(username, apply.applyNo)).data.find((h: { title: string }) => h.title === apply.applyNo)?.link;
    expect(await linkFor(DEMO_USERS.SYS)).toBe(`/invoice/myApply/0?applyNo=${apply.applyNo}`);
    // A merchant has no 申请记录 menu: it reads its enterprises' applications from 开票信息.
    expect(await linkFor(DEMO_USERS.MER)).toBe('/invoice/invoiceInfo');
  });

  test('LIKE wildcards are literal: % finds nothing rather than everything', async () => {
    expect((await search(DEMO_USERS.SYS, '%%')).data).toEqual([]);
    expect((await search(DEMO_USERS.SYS, 'PO_0')).data).toEqual([]);
  });

  test('a sub-account without the order code gets no orders', async () => {
    await createSubUser(ctx.db, 'searchsub1', 'Search@2026', DEMO_USERS.SYS, [18110]);
    const answer = await search('searchsub1', 'PO0000', 'Search@2026');
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual([]);
  });

  test('too short or too long a query answers 1001 in Chinese', async () => {
    expect(await search(DEMO_USERS.SYS, 'P')).toMatchObject({ code: 1001, message: '请至少输入2个字符' });
    expect(await search(DEMO_USERS.SYS, 'P'.repeat(41))).toMatchObject({ code: 1001, message: '搜索内容不能超过40个字符' });
  });
});
