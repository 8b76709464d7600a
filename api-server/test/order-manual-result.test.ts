/**
 * Issue 10, DOMAIN.md §4: manual line results (订单明细 updateStatus, 代发成功 / 代发失败) are for SPR and
 * SYS. The supplier marks the lines of its own enterprises' manual-channel orders; another supplier's
 * line is out of its scope (3002) and stays as it was. SQLite and PostgreSQL.
 */
import { checkManualDetailUpdate } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { OrderWorker } from '../src/domain/order/worker';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { checkInvariants, goodTalents, lastPayCode, readyTemp, row } from './support/order';

process.env.FLEXPAY_SIM_DELAY_MS = '0';
const PAGE = { limit: 100, pageNum: 1 };

describe.each(DIALECTS)('manual line results by the supplier on %s', (dialect) => {
  let ctx: TestContext;
  let spr: SignedClient;
  let ent: SignedClient;
  let mer: SignedClient;
  let worker: OrderWorker;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [spr, ent, mer] = [ctx.client(), ctx.client(), ctx.client()];
    for (const [c, name] of [[spr, DEMO_USERS.SPR], [ent, DEMO_USERS.ENT], [mer, DEMO_USERS.MER]] as const) expect((await c.login(name, DEMO_PASSWORD)).code).toBe(0);
    worker = new OrderWorker({ db: ctx.db, dialect, pollMs: 10 });
  }, 120_000);
  afterAll(() => ctx.close());

  test('SPR marks the lines of its own enterprise’s manual-channel order: one paid, one failed → 162, the sums match', async () => {
    const e = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const talents = await goodTalents(ctx.db, e.id, e.supplierId);
    const id = await readyTemp(ent, spr, { entId: e.id, channel: 0, rows: [row(talents[0], '300.00'), row(talents[1], '200.00')] });
    expect((await ent.post('order/mgr/temp/sendPayCode', { id })).code).toBe(0);
    const trans = await ent.post('order/mgr/temp/transOrder', { id, smsCode: await lastPayCode(ctx.db, '13601000005') });
    expect(trans.code).toBe(0);
    const orderNo = trans.data.orderNo as string;
    await worker.drain();
    expect((await spr.post('order/mgr/claim', { orderNo })).data.status).toBe(22);
    expect((await spr.post('order/mgr/pass', { orderNo })).data.status).toBe(50);
    await worker.drain();
    expect((await spr.post('order/query/get', { orderNo })).data.status).toBe(52);

    const lines = (await spr.post('order/query/detail/list', { cond: { orderNo }, page: PAGE })).data.records as Array<{ id: number; status: number; _actions: string[] }>;
    expect(lines.map((l) => [l.status, l._actions])).toEqual([
      [10, expect.arrayContaining(['markSuccess', 'markFailed'])],
      [10, expect.arrayContaining(['markSuccess', 'markFailed'])],
    ]);
    // The enterprise and the merchant read the lines but enter no results.
    expect((await ent.post('order/mgr/detail/updateStatus', { id: lines[0].id, status: 20 })).code).toBe(Code.NO_PERMISSION);
    expect((await mer.post('order/mgr/detail/updateStatus', { id: lines[0].id, status: 20 })).code).toBe(Code.NO_PERMISSION);
    expect(await spr.post('order/mgr/detail/updateStatus', { id: lines[1].id, status: 30 })).toMatchObject({ code: Code.VALIDATION, message: '请输入原因' });

    expect((await spr.post('order/mgr/detail/updateStatus', { id: lines[0].id, status: 20 })).data.status).toBe(20);
    expect((await spr.post('order/query/get', { orderNo })).data.status).toBe(60);
    expect(await spr.post('order/mgr/detail/updateStatus', { id: lines[0].id, status: 30, reason: '重复' })).toMatchObject({ code: Code.CONFLICT });
    expect((await spr.post('order/mgr/detail/markFailed', { id: lines[1].id, reason: '收款人信息有误' })).data.status).toBe(30);
    expect((await spr.post('order/query/get', { orderNo })).data).toMatchObject({ status: 162, successCount: 1, failCount: 1 });
    const trail = await ctx.db.selectFrom('audit_log').select(['action', 'operatorAccount']).where('entity', '=', 'orderDetail').where('entityId', 'in', lines.map((l) => String(l.id))).orderBy('id').execute();
    expect(trail).toEqual([
      { action: 'markSuccess', operatorAccount: DEMO_USERS.SPR },
      { action: 'markFailed', operatorAccount: DEMO_USERS.SPR },
    ]);
    await checkInvariants(ctx.db, [orderNo]);
  });

  test('a bank-channel line offers no manual result and refuses one', async () => {
    const own = await ctx.db.selectFrom('admin_user').select('orgId').where('username', '=', DEMO_USERS.SPR).executeTakeFirstOrThrow();
    const order = await ctx.db.selectFrom('pay_order').select(['orderNo', 'payChannel']).where('supplierId', '=', own.orgId!).where('status', 'in', [52, 60]).where('payChannel', 'not in', [0, 99]).orderBy('id').executeTakeFirstOrThrow();
    const lines = (await spr.post('order/query/detail/list', { cond: { orderNo: order.orderNo }, page: PAGE })).data.records as Array<{ id: number; status: number; _actions: string[] }>;
    const open = lines.filter((l) => l.status === 10);
    expect(open.length).toBeGreaterThan(0);
    for (const line of open) expect(line._actions).not.toEqual(expect.arrayContaining(['markSuccess']));
    expect(open.some((l) => l._actions.includes('markFailed'))).toBe(false);
    expect(await spr.post('order/mgr/detail/updateStatus', { id: open[0].id, status: 20 })).toMatchObject({ code: Code.VALIDATION, message: '仅人工通道可手工更新明细状态' });
  });

  test('another supplier’s manual-channel line is refused 3002 and nothing moves', async () => {
    const own = await ctx.db.selectFrom('admin_user').select('orgId').where('username', '=', DEMO_USERS.SPR).executeTakeFirstOrThrow();
    // A demo order of another supplier, put where a result could be entered: manual channel, 60, a line in 10.
    const order = await ctx.db
      .selectFrom('pay_order')
      .select(['id', 'orderNo'])
      .where('supplierId', '!=', own.orgId!)
      .where((eb) => eb.exists(eb.selectFrom('order_detail').select('order_detail.id').whereRef('order_detail.orderId', '=', 'pay_order.id')))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('pay_order').set({ status: 60, payChannel: 0 }).where('id', '=', order.id).execute();
    const line = await ctx.db.selectFrom('order_detail').select('id').where('orderId', '=', order.id).orderBy('rowNo').executeTakeFirstOrThrow();
    await ctx.db.updateTable('order_detail').set({ status: 10 }).where('id', '=', line.id).execute();
    expect(checkManualDetailUpdate(0, 60, 10)).toBeNull();

    const snapshot = async () => ({
      order: await ctx.db.selectFrom('pay_order').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow(),
      lines: await ctx.db.selectFrom('order_detail').selectAll().where('orderId', '=', order.id).orderBy('id').execute(),
      ledger: (await ctx.db.selectFrom('balance_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    });
    const before = await snapshot();
    for (const [path, body] of [
      ['order/mgr/detail/updateStatus', { id: line.id, status: 20 }],
      ['order/mgr/detail/updateStatus', { id: line.id, status: 30, reason: '测试' }],
      ['order/mgr/detail/markSuccess', { id: line.id }],
      ['order/mgr/detail/markFailed', { id: line.id, reason: '测试' }],
    ] as const)
      expect([path, (await spr.post(path, body)).code]).toEqual([path, Code.OUT_OF_SCOPE]);
    expect(await snapshot()).toEqual(before);
  });
});
