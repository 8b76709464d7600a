/**
 * Issue 10: payout orders end to end on SQLite and PostgreSQL — 制单 with row checks, review,
 * transOrder with the payment code, the worker with the simulated bank and the manual channel, the
 * people's transitions and refusals, the ledger and fee-log invariants.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { computeSign } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { OrderWorker } from '../src/domain/order/worker';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { checkInvariants, goodTalents, lastPayCode, readyTemp, row, type Talent } from './support/order';

process.env.FLEXPAY_SIM_DELAY_MS = '0';
const PAGE = { limit: 100, pageNum: 1 };

describe.each(DIALECTS)('payout orders on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let ent: SignedClient;
  let mer: SignedClient;
  let entId: number;
  let supplierId: number;
  let talents: Talent[];
  let worker: OrderWorker;
  const ENT_PHONE = '13601000005';

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, ent, mer] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [c, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [ent, DEMO_USERS.ENT], [mer, DEMO_USERS.MER]] as const) expect((await c.login(name, DEMO_PASSWORD)).code).toBe(0);
    const e = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    entId = e.id;
    supplierId = e.supplierId;
    talents = await goodTalents(ctx.db, entId, supplierId);
    expect(talents.length).toBeGreaterThanOrEqual(8);
    worker = new OrderWorker({ db: ctx.db, dialect, pollMs: 10 });
  }, 120_000);
  afterAll(() => ctx.close());

  async function transOrder(tempId: number): Promise<string> {
    expect((await ent.post('order/mgr/temp/sendPayCode', { id: tempId })).code).toBe(0);
    const answer = await ent.post('order/mgr/temp/transOrder', { id: tempId, smsCode: await lastPayCode(ctx.db, ENT_PHONE) });
    expect(answer).toMatchObject({ code: 0 });
    return answer.data.orderNo as string;
  }

  test('ENT uploads a sheet, fixes and deletes rows, SPR reviews, the bank pays all but one line (162) and every sum matches', async () => {
    const [a, b, c] = talents;
    const created = await ent.post('order/mgr/temp/create', {
      entId,
      channel: 1,
      remark: '11月劳务费',
      rows: [row(a, '1234.56'), row(b, '800.33'), row({ ...c, name: '错名字' }, '100.00'), row(talents[3], '50.5.5'), row({ ...talents[4], account: '6222020000000009999' }, '66.00')],
    });
    expect(created.code).toBe(0);
    expect(created.data.rows.map((r: { errorType: number }) => r.errorType)).toEqual([0, 0, 10, 10, 0]);
    expect(created.data.rows[2].errorMsg).toBe('姓名与人才档案不一致');
    const id = created.data.id as number;
    expect(await ent.post('order/mgr/temp/submit', { id })).toMatchObject({ code: Code.VALIDATION, message: '存在2条异常明细，请修改或删除后再提交' });
    const got = await ent.post('order/query/temp/get', { id });
    const detailOf = (rowNo: number) => got.data.rows.find((r: { rowNo: number }) => r.rowNo === rowNo).id as number;
    expect(await ent.post('order/mgr/temp/updateDetail', { id: detailOf(3), name: c.name })).toMatchObject({ code: 0, data: { errorType: 0 } });
    expect((await ent.post('order/mgr/temp/deleteDetail', { id: detailOf(4) })).code).toBe(0);
    const rowActions = async (client: SignedClient) => (await client.post('order/query/detail/temp/list', { cond: { tempOrderId: id }, page: PAGE })).data.records.map((r: { _actions: string[] }) => r._actions);
    expect(new Set((await rowActions(ent)).map(String))).toEqual(new Set(['updateDetail,deleteDetail']));
    expect(new Set((await rowActions(spr)).map(String))).toEqual(new Set(['']));
    const submitted = await ent.post('order/mgr/temp/submit', { id });
    expect(submitted).toMatchObject({ code: 0, data: { status: 20 } });
    // Submitted: its rows are no longer edited in place.
    expect(new Set((await rowActions(ent)).map(String))).toEqual(new Set(['']));
    expect((await ent.post('order/mgr/temp/review', { id, pass: true })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post('order/mgr/temp/review', { id, pass: true })).data.status).toBe(10);
    expect(await spr.post('order/mgr/temp/review', { id, pass: true })).toMatchObject({ code: Code.CONFLICT, message: '当前状态不允许此操作' });
    expect(await ent.post('order/mgr/temp/transOrder', { id })).toMatchObject({ code: Code.VALIDATION, message: '请输入支付验证码' });

    expect((await ent.post('order/mgr/temp/sendPayCode', { id })).code).toBe(0);
    const sms = await ctx.db.selectFrom('sms_outbox').select('content').where('phone', '=', ENT_PHONE).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms.content).toContain(`（制单${got.data.tempOrderNo}，金额2200.89元）`);
    const before = await ctx.db.selectFrom('ent_account').selectAll().where('entId', '=', entId).where('channel', '=', 1).executeTakeFirstOrThrow();
    const orderNo = await transOrder(id);
    const temp = await ent.post('order/query/temp/get', { id });
    expect(temp.data).toMatchObject({ status: 30, orderNo });
    await worker.drain();
    const order = await ent.post('order/query/get', { orderNo });
    expect(order.data).toMatchObject({ status: 162, lineCount: 4, successCount: 3, failCount: 1 });
    expect(order.data.tempOrderNo).toBe(temp.data.tempOrderNo);
    expect(order.data.trail.map((t: { action: string }) => t.action)).toEqual(expect.arrayContaining(['create', 'startPreprocess', 'locked', 'submitted', 'channelAck', 'partlyFailed']));
    const lines = await ent.post('order/query/detail/list', { cond: { orderNo }, page: PAGE });
    const failed = lines.data.records.find((r: { status: number }) => r.status === 30);
    expect(failed).toMatchObject({ rowNo: 5, reason: '收款账户不存在', receiptFile: null });
    const paidLine = lines.data.records.find((r: { rowNo: number }) => r.rowNo === 1);
    expect(paidLine.receiptFile).toBe(`回单_${orderNo}-1.pdf`);
    // Each line names the talent of its own row's check: row 4 was deleted, row 5's line is not given another row's.
    const named = await ctx.db.selectFrom('order_detail as d').innerJoin('cust as c', (j) => j.onRef('c.idNumber', '=', 'd.idNumber').onRef('c.idType', '=', 'd.idType')).select(['d.rowNo', 'd.custId', 'c.id as talentId']).where('d.orderNo', '=', orderNo).orderBy('d.rowNo').execute();
    expect(named.map((l) => [l.rowNo, l.custId])).toEqual(named.map((l) => [l.rowNo, l.talentId]));
    expect(named.map((l) => l.rowNo)).toEqual([1, 2, 3, 5]);
    const receipt = await ent.get('order/query/detail/bankReceiptFile', { id: String(paidLine.id) });
    expect(receipt.headers['content-type']).toContain('application/pdf');
    expect((await ent.get('order/query/detail/bankReceiptFile', { id: String(failed.id) })).json()).toMatchObject({ code: Code.NOT_FOUND, message: '暂无回单' });

    const paid = await checkInvariants(ctx.db, [orderNo]);
    const after = await ctx.db.selectFrom('ent_account').selectAll().where('entId', '=', entId).where('channel', '=', 1).executeTakeFirstOrThrow();
    expect(Number(before.availableFen) - Number(after.availableFen)).toBe(paid.get(orderNo));
    expect(Number(after.lockedFen)).toBe(Number(before.lockedFen));

    const fees = await mer.post('order/query/calcFeeLog/list', { cond: { orderNo }, page: PAGE });
    expect(fees.data.records).toHaveLength(5);
    expect(fees.data.records.filter((r: { kind: number }) => r.kind === 20)).toHaveLength(1);
    expect(fees.data.records[0].bands[0]).toMatchObject({ ratio: expect.stringMatching(/^\d+\.\d{4}$/) });
    expect((await ent.post('order/query/calcFeeLog/list', { cond: { orderNo }, page: PAGE })).code).toBe(Code.NO_PERMISSION);

    // 失败明细重新制单: the failed line becomes a new temp order.
    const again = await ent.post('order/mgr/temp/createFromFailed', { orderNo });
    expect(again.code).toBe(0);
    expect(again.data.rows).toHaveLength(1);
  });

  test('the manual channel: review claim and pass, then people enter each line; stale, foreign and unpermitted calls change nothing', async () => {
    const id = await readyTemp(ent, spr, { entId, channel: 0, rows: [row(talents[5], '300.00'), row(talents[6], '200.00')] });
    const orderNo = await transOrder(id);
    await worker.drain();
    expect((await spr.post('order/query/get', { orderNo })).data).toMatchObject({ status: 20, _actions: ['claim'] });
    expect((await ent.post('order/mgr/claim', { orderNo })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post('order/mgr/claim', { orderNo })).data.status).toBe(22);
    expect(await spr.post('order/mgr/claim', { orderNo })).toMatchObject({ code: Code.CONFLICT, message: '当前状态不允许此操作' });
    expect((await spr.post('order/mgr/pass', { orderNo })).data.status).toBe(50);
    await worker.drain();
    expect((await sys.post('order/query/get', { orderNo })).data.status).toBe(52);
    const lines = (await sys.post('order/query/detail/list', { cond: { orderNo }, page: PAGE })).data.records;
    expect(lines.every((l: { status: number }) => l.status === 10)).toBe(true);
    expect((await ent.post('order/mgr/detail/updateStatus', { id: lines[0].id, status: 20 })).code).toBe(Code.NO_PERMISSION);
    expect((await sys.post('order/mgr/detail/updateStatus', { id: lines[0].id, status: 20 })).data.status).toBe(20);
    expect((await sys.post('order/query/get', { orderNo })).data.status).toBe(60);
    expect(await sys.post('order/mgr/detail/updateStatus', { id: lines[0].id, status: 30, reason: '重复' })).toMatchObject({ code: Code.CONFLICT });
    expect((await sys.post('order/mgr/detail/updateStatus', { id: lines[1].id, status: 30, reason: '收款人信息有误' })).data.status).toBe(30);
    expect((await sys.post('order/query/get', { orderNo })).data.status).toBe(162);
    await checkInvariants(ctx.db, [orderNo]);

    // Another enterprise's order is out of the enterprise's scope.
    const foreign = await ctx.db.selectFrom('pay_order').select('orderNo').where('entId', '!=', entId).where('status', '=', 20).executeTakeFirst();
    if (foreign) expect((await ent.post('order/query/get', { orderNo: foreign.orderNo })).code).toBe(Code.OUT_OF_SCOPE);
  });

  test('a bank line on a non-manual channel cannot be marked by hand', async () => {
    const id = await readyTemp(ent, spr, { entId, channel: 1, rows: [row(talents[7], '10.00')] });
    const orderNo = await transOrder(id);
    await worker.drain();
    const line = (await sys.post('order/query/detail/list', { cond: { orderNo }, page: PAGE })).data.records[0];
    expect(await sys.post('order/mgr/detail/updateStatus', { id: line.id, status: 20 })).toMatchObject({ code: Code.VALIDATION, message: '仅人工通道可手工更新明细状态' });
  });

  test('review failure unlocks every line and reverses the fees (24); a failed preprocess is closed (64)', async () => {
    const id = await readyTemp(ent, spr, { entId, channel: 0, rows: [row(talents[0], '100.00'), row(talents[1], '120.00')] });
    const orderNo = await transOrder(id);
    await worker.drain();
    expect((await spr.post('order/mgr/claim', { orderNo })).code).toBe(0);
    expect(await spr.post('order/mgr/fail', { orderNo })).toMatchObject({ code: Code.VALIDATION, message: '请输入原因' });
    expect((await spr.post('order/mgr/fail', { orderNo, reason: '金额有误' })).data).toMatchObject({ status: 24, reason: '金额有误' });
    await checkInvariants(ctx.db, [orderNo]);

    // The enterprise's cooperation with a talent is suspended after transOrder: preprocess fails, nothing is locked.
    const id2 = await readyTemp(ent, spr, { entId, channel: 1, rows: [row(talents[2], '100.00')] });
    const orderNo2 = await transOrder(id2);
    const cust = await ctx.db.selectFrom('cust').select('id').where('idNumber', '=', talents[2].idNumber).executeTakeFirstOrThrow();
    await ctx.db.updateTable('cust_coop_ent').set({ status: 1 }).where('custId', '=', cust.id).where('entId', '=', entId).execute();
    await worker.drain();
    expect((await ent.post('order/query/get', { orderNo: orderNo2 })).data).toMatchObject({ status: 12, reason: '存在1条异常明细，请修改或删除后再提交', _actions: expect.arrayContaining(['reprocess', 'closeFailed']) });
    expect((await ctx.db.selectFrom('balance_log').select('id').where('bizNo', '=', orderNo2).execute()).length).toBe(0);
    expect((await ent.post('order/mgr/closeFailed', { orderNo: orderNo2 })).data.status).toBe(64);
    await ctx.db.updateTable('cust_coop_ent').set({ status: 0 }).where('custId', '=', cust.id).where('entId', '=', entId).execute();
    await checkInvariants(ctx.db, [orderNo2]);
  });

  test('the progress stream reports an order of the ticket owner as the worker moves it, and a used ticket is refused', async () => {
    const ticket = (await ent.post('order/query/progress/ticket', {})).data.ticket as string;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const url = (t: string) => {
      const timestamp = Date.now();
      return `http://127.0.0.1:${port}/api/admin/order/query/progress?ticket=${t}&timestamp=${timestamp}&sign=${computeSign(undefined, '', timestamp)}`;
    };
    const events: Array<Record<string, unknown>> = [];
    let buffer = '';
    const request = http.get(url(ticket), (res) => {
      expect(res.headers['content-type']).toContain('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (const m of buffer.matchAll(/^data: (.*)$/gm)) events.push(JSON.parse(m[1]));
        buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
      });
    });
    try {
      await new Promise((r) => setTimeout(r, 200));
      const id = await readyTemp(ent, spr, { entId, channel: 1, rows: [row(talents[3], '12.34')] });
      const orderNo = await transOrder(id);
      await worker.drain();
      for (let i = 0; i < 50 && !events.some((e) => e.orderNo === orderNo && e.status === 62); i++) await new Promise((r) => setTimeout(r, 100));
      expect(events.find((e) => e.orderNo === orderNo && e.status === 62)).toMatchObject({ lineCount: 1, successCount: 1, successAmount: expect.any(String) });
      expect(events.every((e) => typeof e.seq === 'number')).toBe(true);
    } finally {
      request.destroy();
    }
    const again = await new Promise<string>((resolve) => http.get(url(ticket), (res) => { let body = ''; res.on('data', (c) => (body += c)); res.on('end', () => resolve(body)); }));
    expect(JSON.parse(again)).toMatchObject({ code: Code.NOT_LOGGED_IN });
  });

  test('lists: status filter, summary over the filtered result, per-row actions; the export token', async () => {
    const listed = await spr.post('order/query/list', { cond: { status: [62, 162] }, page: PAGE, orderBy: [{ field: 'createdAt', dir: 'desc' }] });
    expect(listed.code).toBe(0);
    expect(listed.data.summary).toMatchObject({ amount: expect.any(String), fee: expect.any(String), successAmount: expect.any(String) });
    expect(listed.data.records.every((r: { status: number }) => [62, 162].includes(r.status))).toBe(true);
    const token = await ent.post('order/query/genExportExcelToken', { cond: {} });
    expect(token.code).toBe(0);
    const file = await ent.get('order/query/export', { token: token.data.token });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    // Export modes: 20 work certificate (ENT too), 30 tax declaration and 40 manual sheet (SPR, SYS).
    expect((await ent.post('order/query/genModeExportToken', { cond: {}, exportMode: 30 })).code).toBe(Code.NO_PERMISSION);
    for (const [client, mode] of [[ent, 20], [spr, 30], [spr, 40]] as const) {
      const modeToken = await client.post('order/query/genModeExportToken', { cond: {}, exportMode: mode });
      expect(modeToken.code).toBe(0);
      const sheet = await client.get('order/query/exportMode', { token: modeToken.data.token });
      expect(sheet.headers['content-type']).toContain('spreadsheetml');
      expect(decodeURIComponent(String(sheet.headers['content-disposition']))).toContain(({ 20: '完工证明', 30: '税务申报', 40: '人工代发' } as Record<number, string>)[mode]);
      expect((await client.get('order/query/exportMode', { token: modeToken.data.token })).json()).toMatchObject({ code: Code.VALIDATION });
    }
    // The kit's own export calls carry the mode as well.
    const kitToken = await ent.post('order/query/genExportExcelToken', { cond: {}, exportMode: 20 });
    const certificate = await ent.get('order/query/export', { token: kitToken.data.token });
    expect(decodeURIComponent(String(certificate.headers['content-disposition']))).toContain('完工证明');
  });
});
