import { type AccountType, formatFen, MANUAL_CREDIT_CHANNELS } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { shanghaiDayStart, shanghaiMonthStart } from '../src/util/time';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import { createSubUser } from './support/users';

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
    const todos: Record<string, number> = { total: 0 };
    // A to-do counts for the account types it is meant for, only when the caller holds the code that acts on it.
    const todo = (key: string, types: AccountType[], code: number, n: number) => {
      if (!types.includes(type) || !held.has(code)) return;
      todos[key] = n;
      todos.total += n;
    };
    const byStatus = <T extends Scoped & { status: number }>(rows: T[], status: number) => mine(rows).filter((r) => r.status === status).length;
    const temps = await db.selectFrom('temp_order').selectAll().execute();
    const recharges = await db.selectFrom('balance_apply').selectAll().execute();
    const invoices = await db.selectFrom('invoice_apply').selectAll().execute();
    // Refunds carry no supplier: scoped through their enterprise.
    const refunds = (await db.selectFrom('refund_apply').selectAll().execute()).map((r) => ({ ...r, supplierId: ents.find((e) => e.id === r.entId)!.supplierId }));
    todo('tempRejected', ['ENT'], 25020, byStatus(temps, 21));
    todo('tempToPay', ['ENT'], 25020, byStatus(temps, 10));
    todo('rechargeRefused', ['ENT'], 18620, byStatus(recharges, 11));
    todo('tempReview', ['SYS', 'SPR'], 25060, byStatus(temps, 20));
    todo('rechargeReview', ['SYS', 'SPR'], 18630, byStatus(recharges, 0));
    todo('rechargeProcess', ['SYS', 'SPR'], 18630, byStatus(recharges, 10));
    todo('rechargeCredit', ['SYS', 'SPR'], 18630, byStatus(recharges.filter((r) => MANUAL_CREDIT_CHANNELS.includes(r.payChannel)), 20));
    todo('refundReview', ['SYS', 'SPR'], 18730, byStatus(refunds, 0));
    todo('refundProcess', ['SYS', 'SPR'], 18730, byStatus(refunds, 10));
    todo('invoiceReview', ['SYS', 'SPR'], 27250, byStatus(invoices, 10));
    todo('invoiceIssue', ['SYS', 'SPR'], 27260, byStatus(invoices, 20));
    todo('packageReview', ['SYS', 'SPR'], 32302, packages.filter((p) => p.reviewStatus === 'INIT').length);
    const now = Date.now();
    // Failed orders' money did not move: left out of the trend and the month's paid amount and fees.
    const moving = orders.filter((o) => ![12, 24, 54, 64].includes(o.status));
    const DAY = 86_400_000;
    const shanghaiDate = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const trend = Array.from({ length: 30 }, (_, i) => {
      const start = shanghaiDayStart(now) - (29 - i) * DAY;
      const day = orders.filter((o) => o.createdAt >= start && o.createdAt < start + DAY);
      const paid = day.filter((o) => moving.includes(o));
      return { date: shanghaiDate(start), count: day.length, amount: fen(paid), fee: formatFen(paid.reduce((s, o) => s + o.feeFen, 0)) };
    });
    const monthMoving = moving.filter((o) => o.createdAt >= shanghaiMonthStart(now));
    const accounts = (await db.selectFrom('ent_account').selectAll().where('entId', '=', user.orgId ?? -1).execute()).sort((a, b) => a.channel - b.channel);
    const todayOrders = since(shanghaiDayStart(now));
    const channels = [...new Set(todayOrders.map((o) => o.payChannel))].sort((a, b) => a - b);
    const feeLog = (await db.selectFrom('calc_fee_log').selectAll().execute()).filter((l) => l.createdAt >= shanghaiMonthStart(now));
    const subs = merchts.filter((m) => m.parentId === user.orgId).sort((a, b) => a.id - b.id);
    const volumeOf = (merchtId: number) => monthMoving.filter((o) => o.merchtId === merchtId);
    return {
      todos,
      monthPaidAmount: fen(monthMoving),
      monthFee: formatFen(monthMoving.reduce((s, o) => s + o.feeFen, 0)),
      trend,
      ...(type === 'ENT'
        ? {
            accounts: accounts.map((a) => ({
              channel: a.channel,
              available: formatFen(a.availableFen),
              locked: formatFen(a.lockedFen),
              allowOverdraft: a.allowOverdraft,
              overdraftLimit: formatFen(a.overdraftLimitFen),
              status: a.status,
            })),
          }
        : {}),
      ...(type === 'SYS' || type === 'SPR'
        ? {
            channelHealth: channels.map((channel) => {
              const rows = todayOrders.filter((o) => o.payChannel === channel);
              const sum = (pick: (o: (typeof rows)[number]) => number) => rows.reduce((s, o) => s + pick(o), 0);
              return {
                channel,
                orderCount: rows.length,
                successCount: sum((o) => o.successCount),
                successAmount: formatFen(sum((o) => o.successFen)),
                failCount: sum((o) => o.failCount),
                failAmount: formatFen(sum((o) => o.failFen)),
              };
            }),
          }
        : {}),
      ...(type === 'MER'
        ? {
            merchant: {
              profit: formatFen(
                feeLog.filter((l) => l.merchtId === user.orgId).reduce((s, l) => s + l.merchtProfitFen, 0) +
                  feeLog.filter((l) => l.parentMerchtId === user.orgId).reduce((s, l) => s + (l.parentProfitFen ?? 0), 0),
              ),
              ownAmount: fen(volumeOf(user.orgId!)),
              ownCount: volumeOf(user.orgId!).length,
              subs: subs.map((m) => ({ id: m.id, name: m.name, amount: fen(volumeOf(m.id)), count: volumeOf(m.id).length })),
            },
          }
        : {}),
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
    const merchant = (await mer.post('dashboard/summary')).data;
    // Seed: 5 orders today (ENT0001 has 2 of those); 3 temp orders awaiting review; recharges: 2 awaiting review, 2 reviewed
    // awaiting processing, 1 processing on the manual channel; refunds: 2 awaiting review, 1 refunding; 4 invoice applications
    // awaiting review and 4 approved awaiting issue; 4 packages awaiting review; 12 packages; 5 suppliers, 3 merchants, 5 enterprises.
    expect(all).toMatchObject({
      todos: { total: 23, tempReview: 3, rechargeReview: 2, rechargeProcess: 2, rechargeCredit: 1, refundReview: 2, refundProcess: 1, invoiceReview: 4, invoiceIssue: 4, packageReview: 4 },
      todayOrderCount: 5,
      todayOrderAmount: '61556.28',
      supplierCount: 5,
      merchtCount: 3,
      entCount: 5,
      // 22 demo talents per enterprise of the three with talents.
      custCount: 66,
      packageCount: 12,
    });
    // The platform's queue holds no enterprise to-do; its dashboard has no balance or merchant figures.
    expect(all.todos).not.toHaveProperty('tempToPay');
    expect(all).not.toHaveProperty('balance');
    expect(all).not.toHaveProperty('accounts');
    expect(all).not.toHaveProperty('merchant');
    // Today's lines per channel: the manual channel's order not yet paid, 5 lines paid on 网银通道A.
    expect(all.channelHealth).toEqual([
      { channel: 0, orderCount: 1, successCount: 0, successAmount: '0.00', failCount: 0, failAmount: '0.00' },
      { channel: 1, orderCount: 4, successCount: 5, successAmount: '23456.78', failCount: 0, failAmount: '0.00' },
    ]);
    // 30 days, oldest first, ending today; today's point holds today's orders.
    expect(all.trend).toHaveLength(30);
    expect(all.trend[29]).toMatchObject({ count: 5, amount: '61556.28' });
    expect(own).toMatchObject({
      // Its own work only: a submitted sheet to confirm for payment and a refused recharge; no review queue.
      todos: { total: 2, tempRejected: 0, tempToPay: 1, rechargeRefused: 1 },
      todayOrderCount: 2,
      todayOrderAmount: '33456.78',
      // The demo's money plus a recharge last month and this month per account (对账单 demo data: 70 000.00 + 70 200.00).
      balance: '822703.30',
      accounts: [
        { channel: 0, available: '552000.00', locked: '13000.00', allowOverdraft: 0, overdraftLimit: '0.00' },
        { channel: 1, available: '270703.30', locked: '53866.91', allowOverdraft: 0, overdraftLimit: '0.00' },
      ],
      entCount: 1,
      // Its own 22 and the person it shares with ENT0002.
      custCount: 23,
    });
    expect(own.todos).not.toHaveProperty('tempReview');
    expect(own).not.toHaveProperty('channelHealth');
    expect(own).not.toHaveProperty('supplierCount');
    // A merchant acts on none of these; it reads its month.
    expect(merchant.todos).toEqual({ total: 0 });
    expect(merchant).not.toHaveProperty('channelHealth');
    expect(merchant.merchant).toMatchObject({ profit: '7111.24' });
  });

  test('a supplier counts only its own rows', async () => {
    const spr = ctx.client();
    const login = await spr.login(DEMO_USERS.SPR, DEMO_PASSWORD);
    const mine = (await spr.post('dashboard/summary')).data;
    const sys = ctx.client();
    await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD);
    const all = (await sys.post('dashboard/summary')).data;
    expect(mine).toEqual(await expected('SPR', new Set(login.data.permCodes)));
    expect(mine.todos.total).toBeLessThan(all.todos.total);
    expect(mine.channelHealth.reduce((s: number, c: { orderCount: number }) => s + c.orderCount, 0)).toBe(mine.todayOrderCount);
  });

  test('a to-do tile counts only what the account may act on: a reader of the lists has no queue', async () => {
    // A platform sub-account that may read temp orders and recharges but review nothing, and one that reviews recharges only.
    await createSubUser(ctx.db, 'dash_reader', 'Reader@2024', DEMO_USERS.SYS, [10010, 25010, 18610, 27210]);
    await createSubUser(ctx.db, 'dash_recharge', 'Recharge@2024', DEMO_USERS.SYS, [10010, 18610, 18630]);
    const reader = ctx.client();
    const recharge = ctx.client();
    await reader.login('dash_reader', 'Reader@2024');
    await recharge.login('dash_recharge', 'Recharge@2024');
    expect((await reader.post('dashboard/summary')).data.todos).toEqual({ total: 0 });
    expect((await recharge.post('dashboard/summary')).data.todos).toEqual({ total: 5, rechargeReview: 2, rechargeProcess: 2, rechargeCredit: 1 });
  });

  test('a failed order counts in the day\'s orders but not in its amount, fees or the month\'s paid amount', async () => {
    const sys = ctx.client();
    await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD);
    const before = (await sys.post('dashboard/summary')).data;
    const order = await ctx.db.selectFrom('pay_order').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const now = Date.now();
    await ctx.db
      .insertInto('pay_order')
      .values({ orderNo: `DASHFAIL${now}`, entId: order.entId, supplierId: order.supplierId, merchtId: order.merchtId, status: 64, amountFen: 15_000_000_00, feeFen: 900_000_00, detailCount: 1, payChannel: 1, createdAt: now, updatedAt: now, failFen: 15_000_000_00, failCount: 1 })
      .execute();
    const after = (await sys.post('dashboard/summary')).data;
    expect(after.trend[29].count).toBe(before.trend[29].count + 1);
    expect(after.trend[29].amount).toBe(before.trend[29].amount);
    expect(after.trend[29].fee).toBe(before.trend[29].fee);
    expect(after.monthPaidAmount).toBe(before.monthPaidAmount);
    expect(after.monthFee).toBe(before.monthFee);
    // Channel health shows the failure apart.
    const channel = (rows: Array<{ channel: number; failCount: number; failAmount: string }>) => rows.find((c) => c.channel === 1)!;
    expect(channel(after.channelHealth).failCount).toBe(channel(before.channelHealth).failCount + 1);
    expect(formatFen(Math.round(Number(channel(after.channelHealth).failAmount) * 100))).toBe(formatFen(Math.round(Number(channel(before.channelHealth).failAmount) * 100) + 15_000_000_00));
    await ctx.db.deleteFrom('pay_order').where('orderNo', '=', `DASHFAIL${now}`).execute();
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
