import { type AccountType, formatFen } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { shanghaiDayStart, shanghaiMonthStart } from '../src/util/time';
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
  async function expected(type: AccountType, held: Set<number>) {
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
    const since = (start: number) => orders.filter((o) => o.createdAt >= start);
    const fen = (rows: Array<{ amountFen: number }>) => formatFen(rows.reduce((sum, o) => sum + o.amountFen, 0));
    const packages = mine(await db.selectFrom('work_package').selectAll().execute());
    const pending: Record<string, number> = { total: 0 };
    const area = (key: string, codes: number[], n: number) => {
      if (!codes.some((c) => held.has(c))) return;
      pending[key] = n;
      pending.total += n;
    };
    const byStatus = <T extends Scoped & { status: number }>(rows: T[], status: number) => mine(rows).filter((r) => r.status === status).length;
    area('tempOrders', [25010, 25060], byStatus(await db.selectFrom('temp_order').selectAll().execute(), 20));
    area('balanceApplies', [18610, 18630], byStatus(await db.selectFrom('balance_apply').selectAll().execute(), 0));
    area('invoiceApplies', [27110, 27210, 27250], byStatus(await db.selectFrom('invoice_apply').selectAll().execute(), 10));
    area('packages', [32302], packages.filter((p) => p.reviewStatus === 'INIT').length);
    const now = Date.now();
    return {
      pendingReviews: pending,
      todayOrderCount: since(shanghaiDayStart(now)).length,
      todayOrderAmount: fen(since(shanghaiDayStart(now))),
      monthOrderCount: since(shanghaiMonthStart(now)).length,
      monthOrderAmount: fen(since(shanghaiMonthStart(now))),
      ...(type === 'ENT'
        ? { balance: formatFen((await db.selectFrom('ent_account').selectAll().where('entId', '=', user.orgId ?? -1).execute()).reduce((s, b) => s + b.availableFen, 0)) }
        : {}),
      ...(type === 'SYS'
        ? { supplierCount: merchts.filter((m) => m.merchtType >= 100).length, merchtCount: merchts.filter((m) => m.merchtType === 0).length }
        : {}),
      entCount: ents.filter((e) => visibleEnt(e.id, e.supplierId)).length,
      // Talents by their cooperation rows: ENT its enterprise's, SPR its supplier's, SYS all, MER none.
      custCount:
        type === 'SYS'
          ? (await db.selectFrom('cust').select('id').execute()).length
          : type === 'ENT'
            ? new Set((await db.selectFrom('cust_coop_ent').select('custId').where('entId', '=', user.orgId ?? -1).execute()).map((r) => r.custId)).size
            : type === 'SPR'
              ? new Set((await db.selectFrom('cust_coop_sup').select('custId').where('supplierId', '=', user.orgId ?? -1).execute()).map((r) => r.custId)).size
              : 0,
      packageCount: packages.length,
    };
  }

  test.each(['SYS', 'SPR', 'MER', 'ENT'] as AccountType[])('%s sees the numbers of its own organisation', async (type) => {
    const client = ctx.client();
    const login = await client.login(DEMO_USERS[type], DEMO_PASSWORD);
    const answer = await client.post('dashboard/summary');
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual(await expected(type, new Set(login.data.permCodes)));
  });

  test('SYS and ENT scopes differ on the seeded data', async () => {
    const sys = ctx.client();
    const ent = ctx.client();
    const mer = ctx.client();
    await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD);
    await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD);
    await mer.login(DEMO_USERS.MER, DEMO_PASSWORD);
    const all = (await sys.post('dashboard/summary')).data;
    const own = (await ent.post('dashboard/summary')).data;
    // Seed: 15 orders, 5 of them today (ENT0001 has 2 of those), 3 temp orders awaiting review, 4 invoice applications and 4 packages awaiting review, 12 packages; 5 suppliers (3 of type 300, a virtual and a distributor); 3 merchants (one a sub-merchant), 5 enterprises (one a sub-enterprise).
    expect(all).toMatchObject({
      pendingReviews: { total: 13, tempOrders: 3, balanceApplies: 2, invoiceApplies: 4, packages: 4 },
      todayOrderCount: 5,
      todayOrderAmount: '61556.28',
      supplierCount: 5,
      merchtCount: 3,
      entCount: 5,
      // 22 demo talents per enterprise of the three with talents.
      custCount: 66,
      packageCount: 12,
    });
    expect(all).not.toHaveProperty('balance');
    expect(own).toMatchObject({
      pendingReviews: { total: 3, tempOrders: 1, balanceApplies: 1, invoiceApplies: 1 },
      todayOrderCount: 2,
      todayOrderAmount: '33456.78',
      // The demo's money plus a recharge last month and this month per account (对账单 demo data: 70 000.00 + 70 200.00).
      balance: '822703.30',
      entCount: 1,
      // Its own 22 and the person it shares with ENT0002.
      custCount: 23,
    });
    expect(own).not.toHaveProperty('supplierCount');
    expect(own.pendingReviews).not.toHaveProperty('packages');
    // A merchant reads its enterprises' invoice applications (27110): 3 of the 4 pending are theirs.
    expect((await mer.post('dashboard/summary')).data.pendingReviews).toMatchObject({ invoiceApplies: 3 });
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
