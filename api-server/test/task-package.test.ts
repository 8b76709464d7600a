/**
 * Issue 15: task packages — create/update/delete/cancel per account type, review (pass/fail with reason),
 * 上架/下架, takers (assigned only on a private package), completion and finish, the overdue job;
 * 从业者结算 (a temp order for the completed takers, the lines listed, settledFen after the bank paid);
 * the refusals 1009 (state), 3001 (account type or code) and 3002 (scope).
 */
import { PACKAGE_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { OrderWorker } from '../src/domain/order/worker';
import { markOverduePackages, startOverdueJob } from '../src/domain/task/overdue';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { checkInvariants, goodTalents, row } from './support/order';

process.env.FLEXPAY_SIM_DELAY_MS = '0';

const PAGE = { limit: 100, pageNum: 1 };
const DAY_MS = 24 * 3600_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS + 8 * 3600_000).toISOString().slice(0, 10);
const STALE = { code: Code.CONFLICT, message: '当前状态不允许此操作' };

type Rec = Record<string, unknown>;

describe.each(DIALECTS)('任务包 on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  const pkg = async (code: string) => (await ctx.db.selectFrom('work_package').selectAll().where('packageCode', '=', code).executeTakeFirstOrThrow()) as Rec & { id: number };
  const entId = async (code: string) => (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', code).executeTakeFirstOrThrow()).id;
  const talentsOf = async (code: string) =>
    (await ctx.db.selectFrom('cust_coop_ent').select('custId').where('entId', '=', await entId(code)).orderBy('custId').execute()).map((r) => r.custId);
  const state = async (id: number) => ctx.db.selectFrom('work_package').select(['reviewStatus', 'pkgStatus', 'status', 'reviewRemark']).where('id', '=', id).executeTakeFirstOrThrow();
  const create = (client: SignedClient, extra: Rec = {}) =>
    client.post('package/mgr/create', { name: '冷链仓储搬运', packageType: 20, packagePriceType: 30, packagePriceLower: '150.00', packagePriceUpper: '300.00', startDate: day(1), endDate: day(30), description: '冷库装卸', ...extra });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [c, u] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const) expect((await c.login(u, DEMO_PASSWORD)).code).toBe(0);
    // Seeding the demo and four sign-ins take a few seconds on a cold transform cache.
  }, 30_000);
  afterAll(() => ctx.close());

  test('each caller lists the packages of its scope with the spec §3 price and the actions its state allows', async () => {
    const listed = async (client: SignedClient, cond: Rec = {}) => (await client.post('package/query/list', { cond, page: PAGE })).data.records as Rec[];
    const byCode = Object.fromEntries((await listed(spr)).map((r) => [r.packageCode, r]));
    expect(byCode.PKG00001).toMatchObject({ priceText: '3000.00 ~ 8000.00', packagePriceType: 30, entName: '北京星辰物流有限公司', reviewStatus: 'REVIEWED', pkgStatus: 'SHOWED', status: 10 });
    expect(byCode.PKG00002.priceText).toBe('2000.00');
    expect(byCode.PKG00009.priceText).toBe('-');
    expect(byCode.PKG00004).toBeUndefined(); // ENT0003 belongs to SPR0002
    expect(byCode.PKG00001._actions).toEqual(expect.arrayContaining(['hide', 'finish', 'cancel']));
    expect(byCode.PKG00003._actions).toEqual(expect.arrayContaining(['update', 'delete', 'review', 'cancel']));
    expect(byCode.PKG00007._actions).toEqual(expect.arrayContaining(['show', 'cancel']));
    expect(byCode.PKG00002._actions).toEqual([]);
    const own = await listed(ent);
    expect(new Set(own.map((r) => r.entName))).toEqual(new Set(['北京星辰物流有限公司']));
    const init = own.find((r) => r.packageCode === 'PKG00012')!;
    expect(init._actions).toEqual(expect.arrayContaining(['update', 'delete', 'cancel']));
    expect(init._actions).not.toContain('review');
    expect(own.find((r) => r.packageCode === 'PKG00001')!._actions).toEqual(['finish']);
    // The route filters of spec §4: 平台分包 = REVIEWED + SHOWED.
    expect((await listed(spr, { reviewStatus: 'REVIEWED', pkgStatus: 'SHOWED' })).map((r) => r.packageCode).sort()).toEqual(['PKG00001', 'PKG00006']);
    const merRows = await listed(mer);
    expect(merRows.length).toBeGreaterThan(0);
    expect(merRows.every((r) => (r._actions as string[]).length === 0)).toBe(true);
    expect((await sys.post('package/query/get', { id: (await pkg('PKG00004')).id })).data.priceText).toBe('-');
    expect((await spr.post('package/query/get', { id: (await pkg('PKG00004')).id })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await ent.post('package/query/get', { id: (await pkg('PKG00003')).id })).code).toBe(Code.OUT_OF_SCOPE);
  });

  test('creation: INIT·HIDDEN·0 with a code; price and date checks; own scope; MER may not write', async () => {
    const made = await create(ent);
    expect(made.code).toBe(0);
    const row = await ctx.db.selectFrom('work_package').selectAll().where('id', '=', made.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 0, entId: await entId('ENT0001'), priceLowerFen: 15000, priceUpperFen: 30000, packageType: 20 });
    expect(row.packageCode).toMatch(/^PKG\d{5}$/);
    expect(await create(ent, { packagePriceType: 20, packagePriceLower: '0' })).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.lowerPositive });
    expect(await create(ent, { packagePriceLower: '300.00', packagePriceUpper: '300.00' })).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.rangeOrder });
    expect(await create(ent, { startDate: day(10), endDate: day(5) })).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.dates });
    expect(await create(ent, { name: '' })).toMatchObject({ code: Code.VALIDATION, message: '请输入任务包名称' });
    // A negotiable package keeps no prices; a fixed one only the lower.
    const fixed = await create(ent, { packagePriceType: 20, packagePriceLower: '88.00', packagePriceUpper: '99.00' });
    expect((await ent.post('package/query/get', { id: fixed.data.id })).data).toMatchObject({ priceText: '88.00', packagePriceUpper: null });
    expect((await create(ent, { entId: await entId('ENT0002') })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await create(spr, { entId: await entId('ENT0003') })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await create(mer, { entId: await entId('ENT0001') })).code).toBe(Code.NO_PERMISSION);
    const forEnt = await create(spr, { entId: await entId('ENT0002'), packageType: 10 });
    expect(forEnt.code).toBe(0);
    expect((await create(sys, { entId: await entId('ENT0003'), packageType: 10 })).code).toBe(0);
    await ent.post('package/mgr/delete', { id: fixed.data.id });
  });

  test('review: SPR/SYS only; fail needs a reason and closes; pass once; edits, delete and ENT cancel end with INIT', async () => {
    const a = (await create(ent, { name: '审核通过的包' })).data.id as number;
    const b = (await create(ent, { name: '审核驳回的包' })).data.id as number;
    expect((await ent.post('package/mgr/update', { id: a, name: '改名后的包' })).code).toBe(0);
    expect((await ent.post('package/mgr/review', { id: a, pass: true })).code).toBe(Code.NO_PERMISSION);
    expect((await mer.post('package/mgr/review', { id: a, pass: true })).code).toBe(Code.NO_PERMISSION);
    expect(await spr.post('package/mgr/review', { id: b, pass: false, reason: ' ' })).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.reviewReason });
    expect((await spr.post('package/mgr/review', { id: b, pass: false, reason: '缺少工作地点' })).code).toBe(0);
    expect(await state(b)).toEqual({ reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 50, reviewRemark: '缺少工作地点' });
    const trail = (await ent.post('package/query/get', { id: b })).data.trail as Rec[];
    expect(trail[0]).toMatchObject({ action: 'review', label: '审核', reason: '缺少工作地点' });
    expect((await spr.post('package/mgr/review', { id: a, pass: true })).data).toMatchObject({ reviewStatus: 'REVIEWED', pkgStatus: 'HIDDEN', status: 0, name: '改名后的包' });
    expect(await sys.post('package/mgr/review', { id: a, pass: true })).toMatchObject(STALE);
    expect(await ent.post('package/mgr/update', { id: a, name: '审核后再改' })).toMatchObject(STALE);
    expect(await ent.post('package/mgr/delete', { id: a })).toMatchObject(STALE);
    expect(await ent.post('package/mgr/cancel', { id: a })).toMatchObject(STALE);
    expect(await spr.post('package/mgr/cancel', { id: b })).toMatchObject(STALE);
    // ENT cancels its own INIT package; deletes another.
    const c = (await create(ent, { name: '企业自行取消' })).data.id as number;
    expect((await ent.post('package/mgr/cancel', { id: c })).data.status).toBe(50);
    const d = (await create(ent, { name: '企业自行删除' })).data.id as number;
    expect((await ent.post('package/mgr/delete', { id: d })).code).toBe(0);
    expect(await ctx.db.selectFrom('work_package').select('id').where('id', '=', d).executeTakeFirst()).toBeUndefined();
  });

  test('上架/下架 by SPR/SYS only, by route or updateStatus; a stale move answers 1009', async () => {
    const { id } = await pkg('PKG00007');
    expect((await ent.post('package/mgr/show', { id: (await pkg('PKG00001')).id })).code).toBe(Code.NO_PERMISSION);
    expect((await mer.post('package/mgr/show', { id })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post('package/mgr/show', { id })).data).toMatchObject({ pkgStatus: 'SHOWED', status: 10 });
    expect(await spr.post('package/mgr/show', { id })).toMatchObject(STALE);
    expect((await spr.post('package/mgr/hide', { id })).data).toMatchObject({ pkgStatus: 'HIDDEN', status: 30 });
    expect((await sys.post('package/mgr/updateStatus', { id, status: 10 })).data).toMatchObject({ pkgStatus: 'SHOWED', status: 10 });
    expect(await spr.post('package/mgr/show', { id: (await pkg('PKG00003')).id })).toMatchObject(STALE); // INIT
    expect((await spr.post('package/mgr/show', { id: (await pkg('PKG00004')).id })).code).toBe(Code.OUT_OF_SCOPE);
  });

  test('takers: a listed package only; the enterprise’s talents; a private package’s assigned talents only; complete, cancel, finish', async () => {
    const made = (await create(ent, { name: '私有包接包流程' })).data.id as number;
    const [t0, t1, t2] = await talentsOf('ENT0001');
    const foreignTalent = (await talentsOf('ENT0003'))[0];
    const assign = (client: SignedClient, custId: number) => client.post('package/assignee/mgr/create', { packageId: made, custId });
    expect((await assign(ent, t0)).code).toBe(0);
    expect((await assign(ent, t1)).code).toBe(0);
    expect(await assign(ent, foreignTalent)).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.notLinked });
    expect(await assign(ent, t0)).toMatchObject({ code: Code.CONFLICT, message: '该人才已被指定' });
    const take = (client: SignedClient, custId: number, packageId = made) => client.post('package/taker/mgr/create', { packageId, custId });
    expect(await take(ent, t0)).toMatchObject({ code: Code.CONFLICT, message: PACKAGE_MESSAGES.notShowed });
    await spr.post('package/mgr/review', { id: made, pass: true });
    await spr.post('package/mgr/show', { id: made });
    // The pickers: the enterprise's talents for assigning, the assigned not yet taking for taking.
    const options = async (cond: Rec) => ((await ent.post('package/talent/query/querySimple', { cond })).data as Rec[]).map((o) => Number(o.value)).sort((x, y) => x - y);
    expect(await options({ takeFor: made })).toEqual([t0, t1].sort((x, y) => x - y));
    expect(await options({ assignFor: made })).toEqual(expect.arrayContaining([t0, t1, t2]));
    expect(await take(ent, t2)).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.notAssigned });
    expect(await take(spr, foreignTalent)).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.notLinked });
    expect((await take(mer, t0)).code).toBe(Code.NO_PERMISSION);
    const k0 = await take(ent, t0);
    expect(k0.code).toBe(0);
    expect(await take(spr, t0)).toMatchObject({ code: Code.CONFLICT, message: PACKAGE_MESSAGES.taken });
    const k1 = await take(spr, t1);
    expect(await options({ takeFor: made })).toEqual([]);
    // An assigned talent who took the package stays assigned.
    const assignment = await ctx.db.selectFrom('work_package_talent').select('id').where('packageId', '=', made).where('custId', '=', t0).executeTakeFirstOrThrow();
    expect(await ent.post('package/assignee/mgr/delete', { id: assignment.id })).toMatchObject({ code: Code.CONFLICT, message: PACKAGE_MESSAGES.assignedTaker });
    expect(await ent.post('package/mgr/finish', { id: made })).toMatchObject({ code: Code.CONFLICT, message: PACKAGE_MESSAGES.pendingTakers });
    const done = await ent.post('package/taker/mgr/complete', { id: k0.data.id });
    expect(done.data).toMatchObject({ status: 20 });
    expect(done.data.completedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await ent.post('package/taker/mgr/cancel', { id: k0.data.id })).toMatchObject(STALE);
    expect((await mer.post('package/taker/mgr/cancel', { id: k1.data.id })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post('package/taker/mgr/cancel', { id: k1.data.id })).data.status).toBe(90);
    const takers = (await ent.post('package/taker/query/list', { cond: { packageId: made }, page: PAGE })).data.records as Rec[];
    expect(takers.map((r) => [r.custId, r.status]).sort()).toEqual([[t0, 20], [t1, 90]].sort());
    expect((await ent.post('package/mgr/finish', { id: made })).data).toMatchObject({ reviewStatus: 'REVIEWED', pkgStatus: 'FINISHED', status: 20 });
    expect(await take(spr, t2)).toMatchObject({ code: Code.CONFLICT, message: PACKAGE_MESSAGES.notShowed });
    expect(await spr.post('package/mgr/cancel', { id: made })).toMatchObject(STALE);
    expect(await ent.post('package/mgr/delete', { id: made })).toMatchObject(STALE);
    // A public package takes any linked talent, not another enterprise's.
    const open = (await pkg('PKG00006')).id;
    const ent2Talents = await talentsOf('ENT0002');
    expect((await take(spr, ent2Talents[ent2Talents.length - 1], open)).code).toBe(0);
    expect((await take(ent, ent2Talents[0], open)).code).toBe(Code.OUT_OF_SCOPE);
    expect((await take(spr, foreignTalent, (await pkg('PKG00010')).id)).code).toBe(Code.OUT_OF_SCOPE);
  });

  test('SPR cancels a listed package: its open takers are cancelled with it', async () => {
    const { id } = await pkg('PKG00001');
    const open = await ctx.db.selectFrom('work_package_taker').select('id').where('packageId', '=', id).where('status', '=', 10).execute();
    expect(open.length).toBeGreaterThan(0);
    expect((await spr.post('package/mgr/cancel', { id })).data).toMatchObject({ pkgStatus: 'HIDDEN', status: 50 });
    const after = await ctx.db.selectFrom('work_package_taker').select('status').where('id', 'in', open.map((o) => o.id)).execute();
    expect(after.every((t) => t.status === 90)).toBe(true);
    expect((await ctx.db.selectFrom('work_package_taker').select('status').where('packageId', '=', id).where('status', '=', 20).execute()).length).toBe(1);
  });

  test('从业者结算: 发起结算 makes a temp order for the completed takers only; the lines list; settledFen grows once the bank paid them', async () => {
    const entPk = await entId('ENT0001');
    const { supplierId } = await ctx.db.selectFrom('ent').select('supplierId').where('id', '=', entPk).executeTakeFirstOrThrow();
    const good = await goodTalents(ctx.db, entPk, supplierId);
    const people = await ctx.db.selectFrom('cust').select(['id', 'name', 'idNumber', 'bankCard']).where('idNumber', 'in', good.slice(0, 4).map((t) => t.idNumber)).execute();
    const [p0, p1, p2] = good.slice(0, 3).map((t) => people.find((p) => p.idNumber === t.idNumber)!);
    const made = (await create(ent, { name: '结算测试包', packageType: 10 })).data.id as number;
    const code = String((await ctx.db.selectFrom('work_package').select('packageCode').where('id', '=', made).executeTakeFirstOrThrow()).packageCode);
    const settle = (client: SignedClient, body: Rec) => client.post('package/settlement/mgr/settle', { id: made, channel: 1, rows: [{ custId: p0.id, amount: '120.00' }, { custId: p1.id, amount: '80.50' }], ...body });
    expect(await settle(spr, {})).toMatchObject({ code: Code.CONFLICT, message: PACKAGE_MESSAGES.notReviewed });
    await spr.post('package/mgr/review', { id: made, pass: true });
    expect(await settle(spr, {})).toMatchObject({ code: Code.CONFLICT, message: PACKAGE_MESSAGES.noCompletedTakers });
    await spr.post('package/mgr/show', { id: made });
    const takers: Record<number, number> = {};
    for (const p of [p0, p1, p2]) takers[p.id] = (await spr.post('package/taker/mgr/create', { packageId: made, custId: p.id })).data.id as number;
    for (const p of [p0, p1]) expect((await spr.post('package/taker/mgr/complete', { id: takers[p.id] })).code).toBe(0);

    // Who may settle, and what a settlement may name.
    expect((await ent.post('package/settlement/mgr/settle', { id: made, channel: 1, rows: [] })).code).toBe(Code.NO_PERMISSION);
    expect((await mer.post('package/settlement/mgr/settle', { id: made, channel: 1, rows: [] })).code).toBe(Code.NO_PERMISSION);
    expect((await ent.post('package/settlement/query/list', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post('package/settlement/mgr/settle', { id: (await pkg('PKG00004')).id, channel: 1, rows: [] })).code).toBe(Code.OUT_OF_SCOPE);
    expect(await settle(spr, { rows: [] })).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.settleRows });
    expect(await settle(spr, { rows: [{ custId: p2.id, amount: '10.00' }] })).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.notCompleted });
    expect(await settle(spr, { rows: [{ custId: p0.id, amount: '1.00' }, { custId: p0.id, amount: '2.00' }] })).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.settleTwice });
    expect(await settle(spr, { rows: [{ custId: p1.id, amount: '0' }] })).toMatchObject({ code: Code.VALIDATION, message: PACKAGE_MESSAGES.settleAmount(p1.name) });
    expect(await settle(spr, { channel: '' })).toMatchObject({ code: Code.VALIDATION, message: '请选择支付通道' });
    expect(await ctx.db.selectFrom('temp_order').select('id').where('packageCode', '=', code).execute()).toEqual([]);

    const before = await spr.post('package/settlement/query/summary', { id: made });
    expect(before.data).toMatchObject({ settledAmount: '0.00', takerCount: 3, completedCount: 2, orderLineCount: 0, tempLineCount: 0 });
    expect(before.data.completedTakers.map((t: Rec) => t.custId)).toEqual([p0.id, p1.id]);
    expect(before.data.completedTakers[0].account).not.toBe(p0.bankCard);
    expect(before.data.channels).toEqual(expect.arrayContaining([expect.objectContaining({ value: 1 })]));

    const settled = await settle(spr, {});
    expect(settled.code).toBe(0);
    expect(settled.data.rows.map((r: Rec) => r.errorType)).toEqual([0, 0]);
    const temp = await ctx.db.selectFrom('temp_order').selectAll().where('id', '=', settled.data.id).executeTakeFirstOrThrow();
    expect(temp).toMatchObject({ packageCode: code, entId: entPk, payChannel: 1, status: 0, amountFen: 20050, remark: `任务包${code}结算` });
    const rows = await ctx.db.selectFrom('temp_order_detail').select(['name', 'idNumber', 'account', 'amountFen']).where('tempOrderId', '=', temp.id).orderBy('rowNo').execute();
    expect(rows).toEqual([
      { name: p0.name, idNumber: p0.idNumber, account: p0.bankCard, amountFen: 12000 },
      { name: p1.name, idNumber: p1.idNumber, account: p1.bankCard, amountFen: 8050 },
    ]);
    const listed = async () => (await spr.post('package/settlement/query/list', { cond: { packageId: made }, page: PAGE })).data;
    const waiting = await listed();
    expect(waiting.records.map((r: Rec) => [r.kind, r.billNo, r.name, r.amount, r.statusText, r.packageCode])).toEqual([
      [20, temp.tempNo, p1.name, '80.50', '制单·待提交', code],
      [20, temp.tempNo, p0.name, '120.00', '制单·待提交', code],
    ]);
    expect(waiting.records[0].idNumber).toMatch(/^.{4}\*+.{4}$/);
    expect(waiting.summary).toMatchObject({ amount: '200.50' });
    const one = await spr.post('package/settlement/query/get', { lineId: waiting.records[0].lineId });
    expect(one.data).toMatchObject({ name: p1.name, packageId: made, packageName: '结算测试包', entName: '北京星辰物流有限公司', tempStatus: 0, status: null });
    expect(one.data.account).not.toBe(p1.bankCard);
    // A talent who did not take the package may not be paid with its code (DOMAIN.md §4 type 10).
    const stranger = await ent.post('order/mgr/temp/create', { channel: 1, packageCode: code, rows: [row(good[3], '10.00')] });
    expect(stranger.data.rows[0]).toMatchObject({ errorType: 10, errorMsg: '该人才未承接该任务包' });

    // The temp order goes the usual way (submit, the supplier's review, transOrder); the bank pays both lines.
    const submitted = await sys.post('order/mgr/temp/submit', { id: temp.id });
    expect(submitted.code).toBe(0);
    if (submitted.data.status === 20) expect((await spr.post('order/mgr/temp/review', { id: temp.id, pass: true })).code).toBe(0);
    const order = await sys.post('order/mgr/temp/transOrder', { id: temp.id });
    expect(order.code).toBe(0);
    const worker = new OrderWorker({ db: ctx.db, dialect, pollMs: 10 });
    await worker.drain();
    expect((await sys.post('order/query/get', { orderNo: order.data.orderNo })).data.status).toBe(62);
    await checkInvariants(ctx.db, [order.data.orderNo]);
    expect(Number((await pkg(code)).settledFen)).toBe(20050);
    const after = await spr.post('package/settlement/query/summary', { id: made });
    // The stranger's temp order still waits with its refused row.
    expect(after.data).toMatchObject({ settledAmount: '200.50', orderLineCount: 2, successLineCount: 2, tempLineCount: 1 });
    const paidLines = (await listed()).records.map((r: Rec) => [r.kind, r.billNo, r.statusText, r.reason]);
    expect(paidLines).toHaveLength(3);
    expect(paidLines).toEqual(
      expect.arrayContaining([
        [20, stranger.data.tempOrderNo, '制单·待提交', '该人才未承接该任务包'],
        [10, order.data.orderNo, '代发成功', null],
      ]),
    );
    expect((await sys.post('package/query/get', { id: made })).data.settledAmount).toBe('200.50');
  }, 60_000);

  test('the overdue job moves running packages past their end date to 40 once, audited as the system', async () => {
    const running = (await create(sys, { entId: await entId('ENT0002'), name: '即将逾期的包', startDate: day(-5), endDate: day(2) })).data.id as number;
    const listed = (await pkg('PKG00006')).id;
    const finished = (await pkg('PKG00002')).id;
    expect(await markOverduePackages(ctx.db, Date.now())).toBe(0);
    const later = Date.now() + 3 * DAY_MS;
    const moved = await markOverduePackages(ctx.db, later);
    expect(moved).toBeGreaterThanOrEqual(1);
    expect(await state(running)).toMatchObject({ reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 40 });
    expect((await state(listed)).status).toBe(10); // ends in 45 days
    expect((await state(finished)).status).toBe(20);
    expect(await markOverduePackages(ctx.db, later)).toBe(0);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'workPackage').where('entityId', '=', String(running)).where('action', '=', 'overdue').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorName: '系统', operatorId: null });
    expect(JSON.parse(String(audit[0].changes))).toEqual({ status: { from: 0, to: 40 }, pkgStatus: { from: 'HIDDEN', to: 'HIDDEN' } });
    // An overdue package may still be finished or cancelled by the supplier.
    await spr.post('package/mgr/review', { id: running, pass: true }).then((r) => expect(r).toMatchObject(STALE));
    expect((await spr.post('package/mgr/cancel', { id: running })).data.status).toBe(50);
    // The job runs at once and then on its clock.
    const soon = (await create(sys, { entId: await entId('ENT0002'), name: '定时逾期的包', startDate: day(-5), endDate: day(1) })).data.id as number;
    const clock = Date.now() + 2 * DAY_MS;
    const stop = startOverdueJob(ctx.db, { now: () => clock, everyMs: 20 });
    await stop();
    expect((await state(soon)).status).toBe(40);
  });
});
