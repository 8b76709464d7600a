import { type AccountType, formatFen } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { shanghaiDayStart } from '../src/util/time';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

interface Scoped {
  entId: number;
  supplierId: number;
}

describe.each(DIALECTS)('dashboard/summary on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  /** The expected numbers, computed in JS from every row rather than by the server's SQL. */
  async function expected(type: AccountType) {
    const { db } = ctx;
    const user = await db.selectFrom('admin_user').selectAll().where('username', '=', DEMO_USERS[type]).executeTakeFirstOrThrow();
    const ents = await db.selectFrom('ent').selectAll().execute();
    const merchts = await db.selectFrom('mercht').selectAll().execute();
    const visibleEnt = (entId: number, supplierId: number) => {
      const ent = ents.find((e) => e.id === entId)!;
      if (type === 'SYS') return true;
      if (type === 'SPR') return supplierId === user.orgId;
      if (type === 'ENT') return entId === user.orgId;
      const owner = merchts.find((m) => m.id === ent.merchtId)!;
      return owner.id === user.orgId || owner.parentId === user.orgId;
    };
    const mine = <T extends Scoped>(rows: T[]) => rows.filter((r) => visibleEnt(r.entId, r.supplierId));
    const orders = mine(await db.selectFrom('pay_order').selectAll().execute());
    const today = orders.filter((o) => o.createdAt >= shanghaiDayStart(Date.now()));
    const count = <T extends Scoped & { status: number }>(rows: T[], status: number) => mine(rows).filter((r) => r.status === status).length;
    return {
      pendingTempOrders: count(await db.selectFrom('temp_order').selectAll().execute(), 20),
      pendingBalanceApplies: count(await db.selectFrom('balance_apply').selectAll().execute(), 0),
      pendingInvoiceApplies: count(await db.selectFrom('invoice_apply').selectAll().execute(), 10),
      todayOrderCount: today.length,
      todayOrderAmount: formatFen(today.reduce((sum, o) => sum + o.amountFen, 0)),
      entBalance:
        type === 'ENT'
          ? formatFen(mine(await db.selectFrom('ent_balance').selectAll().execute()).reduce((s, b) => s + b.balanceFen, 0))
          : null,
      entCount: ents.filter((e) => visibleEnt(e.id, e.supplierId)).length,
      custCount: mine(await db.selectFrom('cust').selectAll().execute()).length,
    };
  }

  test.each(['SYS', 'SPR', 'MER', 'ENT'] as AccountType[])('%s sees the numbers of its own organisation', async (type) => {
    const client = ctx.client();
    await client.login(DEMO_USERS[type], DEMO_PASSWORD);
    const answer = await client.post('dashboard/summary');
    expect(answer.code).toBe(0);
    const want = await expected(type);
    if (type === 'MER') {
      // Merchants hold no invoice-application code, so that count is hidden from them.
      want.pendingInvoiceApplies = null as unknown as number;
    }
    expect(answer.data).toEqual(want);
  });

  test('SYS and ENT scopes differ on the seeded data', async () => {
    const sys = ctx.client();
    const ent = ctx.client();
    await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD);
    await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD);
    const all = (await sys.post('dashboard/summary')).data;
    const own = (await ent.post('dashboard/summary')).data;
    // Seed: 15 orders, 5 of them today (ENT0001 has 2 of those), 3 temp orders awaiting review.
    expect(all).toMatchObject({ todayOrderCount: 5, todayOrderAmount: '61556.28', pendingTempOrders: 3, entCount: 3, custCount: 20, entBalance: null });
    expect(own).toMatchObject({ todayOrderCount: 2, todayOrderAmount: '33456.78', pendingTempOrders: 1, entCount: 1, custCount: 7, entBalance: '567890.12' });
  });

  test('needs a session', async () => {
    expect((await ctx.client().post('dashboard/summary')).code).toBe(2021);
  });

  test('notice/show filters by account type', async () => {
    const spr = ctx.client();
    const ent = ctx.client();
    await spr.login(DEMO_USERS.SPR, DEMO_PASSWORD);
    await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD);
    const sprNotices = (await spr.post('notice/show')).data;
    const entNotices = (await ent.post('notice/show')).data;
    expect(sprNotices.map((n: { title: string }) => n.title)).toEqual(['系统升级通知']);
    expect(entNotices.map((n: { title: string }) => n.title)).toEqual(['开票资料核对提醒', '系统升级通知']);
    expect(entNotices[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
