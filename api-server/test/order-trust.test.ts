/**
 * Issue 21 (items 2, 3, 5, 6, 13, 15) on SQLite and PostgreSQL: open-API temp orders are read-only to
 * people; the SMS payment code is bound to its temp order and total; 失败明细重新制单 has temp/create's
 * writers and takes a failed line once while its new temp order lives; the order-progress stream
 * ends when its session, account or organisation fails; review is decided when a temp order is
 * submitted; fee-log records name their merchants by code.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { computeSign } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { TEMP_MESSAGES } from '../src/domain/order/temp-writes';
import { OrderWorker } from '../src/domain/order/worker';
import { type Fields, rsaSign } from '../src/open/protocol';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { goodTalents, lastPayCode, readyTemp, row, type Talent } from './support/order';

process.env.FLEXPAY_SIM_DELAY_MS = '0';
const PAGE = { limit: 100, pageNum: 1 };
const DEMO_PRIVATE_KEY = fs.readFileSync(path.join(__dirname, '..', '..', 'tests', 'open-api', 'demo-client-private.pem'), 'utf8');
const ENT_PHONE = '13601000005';

describe.each(DIALECTS)('payout trust rules on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let ent: SignedClient;
  let mer: SignedClient;
  let entId: number;
  let talents: Talent[];
  let worker: OrderWorker;
  let reqSeq = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, ent, mer] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [c, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [ent, DEMO_USERS.ENT], [mer, DEMO_USERS.MER]] as const) expect((await c.login(name, DEMO_PASSWORD)).code).toBe(0);
    const e = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    entId = e.id;
    talents = await goodTalents(ctx.db, entId, e.supplierId);
    expect(talents.length).toBeGreaterThanOrEqual(8);
    worker = new OrderWorker({ db: ctx.db, dialect, pollMs: 10 });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(() => ctx.close());

  const setReview = (tempOrderReview: number) => ctx.db.updateTable('ent_config').set({ tempOrderReview }).where('entId', '=', entId).execute();

  /** A call of the demo API client CLI00000001 (RSA, authorised for ENT0001); its business data read back. */
  const openCall = async (apiCode: number, biz: unknown, reqNo = `TRUST-${dialect}-${Date.now()}-${++reqSeq}`) => {
    const fields: Fields = { clientCode: 'CLI00000001', apiCode: String(apiCode), reqNo, timestamp: String(Date.now()), bizData: JSON.stringify(biz) };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/open/gateway', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...fields, sign: rsaSign(fields, DEMO_PRIVATE_KEY) }), remoteAddress: '127.0.0.1' });
    const answer = response.json() as { code: number; message: string; bizData?: string };
    return { code: answer.code, message: answer.message, data: answer.bizData ? JSON.parse(answer.bizData) : undefined };
  };
  const tempIdOf = async (tempNo: string) => (await ctx.db.selectFrom('temp_order').select('id').where('tempNo', '=', tempNo).executeTakeFirstOrThrow()).id;
  const storedRows = async (tempId: number) => (await ctx.db.selectFrom('temp_order_detail').select(['rowNo', 'name', 'amountFen']).where('tempOrderId', '=', tempId).orderBy('rowNo').execute()).map((r) => [r.rowNo, r.name, Number(r.amountFen)]);

  test('item 2: an open-API temp order is read-only to people — rows are not added, edited or deleted, a rejected one is not resubmitted, only closed — and the client reads what it sent', async () => {
    await setReview(1);
    const reqNo = `RO-${dialect}-1`;
    const sent = await openCall(1004002, { entCode: 'ENT0001', channel: 1, rows: [row(talents[0], '120.00'), row(talents[1], '80.50')] }, reqNo);
    expect(sent).toMatchObject({ code: 0, data: { tempOrderStatus: 20, amount: '200.50', lineCount: 2 } });
    const id = await tempIdOf(sent.data.tempOrderNo);
    expect((await spr.post('order/mgr/temp/review', { id, pass: false, reason: '金额待确认' })).data.status).toBe(21);
    const before = await storedRows(id);
    const got = await ent.post('order/query/temp/get', { id });
    const detailId = got.data.rows[0].id as number;

    const refused = { code: Code.CONFLICT, message: TEMP_MESSAGES.openReadOnly };
    expect(await ent.post('order/mgr/temp/updateDetail', { id: detailId, amount: '99999.00' })).toMatchObject(refused);
    expect(await ent.post('order/mgr/temp/addDetail', { tempOrderId: id, ...row(talents[2], '1.00') })).toMatchObject(refused);
    expect(await ent.post('order/mgr/temp/deleteDetail', { id: detailId })).toMatchObject(refused);
    expect(await ent.post('order/mgr/temp/submitReview', { id })).toMatchObject(refused);
    expect(await ent.post('order/mgr/temp/submit', { id })).toMatchObject(refused);
    expect(await ent.post('order/mgr/temp/delete', { id })).toMatchObject(refused);
    expect(await sys.post('order/mgr/temp/updateDetail', { id: detailId, name: '改名' })).toMatchObject(refused);
    expect(await storedRows(id)).toEqual(before);

    // The screen offers 关闭 alone, and no row action.
    const listed = await ent.post('order/query/temp/list', { cond: { tempOrderNo: sent.data.tempOrderNo }, page: PAGE });
    expect(listed.data.records[0]._actions).toEqual(['close']);
    const rowActions = await ent.post('order/query/detail/temp/list', { cond: { tempOrderId: id }, page: PAGE });
    expect(rowActions.data.records.map((r: { _actions: string[] }) => r._actions)).toEqual([[], []]);

    expect((await spr.post('order/mgr/temp/close', { id })).code).toBe(Code.NO_PERMISSION);
    expect(await ent.post('order/mgr/temp/close', { id })).toMatchObject({ code: 0 });
    expect((await ent.post('order/query/temp/get', { id })).data.status).toBe(40);
    expect((await ent.post('order/mgr/temp/close', { id })).code).toBe(Code.CONFLICT);
    const status = await openCall(1004050, { entCode: 'ENT0001', payoutReqNo: reqNo });
    expect(status).toMatchObject({ code: 0, data: { payoutReqNo: reqNo, tempOrderStatus: 40, tempOrderStatusName: '已关闭', amount: '200.50', lineCount: 2, orderNo: null } });

    // A people's temp order is deleted, not closed.
    await setReview(0);
    const own = await ent.post('order/mgr/temp/create', { entId, channel: 1, rows: [row(talents[0], '5.00')] });
    expect(await ent.post('order/mgr/temp/close', { id: own.data.id })).toMatchObject({ code: Code.CONFLICT });
    expect((await ent.post('order/mgr/temp/delete', { id: own.data.id })).code).toBe(0);
  });

  test('item 3: the payment code confirms the temp order and total it was sent for; another one or another amount is refused and the code is not used up', async () => {
    await setReview(0);
    const a = await readyTemp(ent, null, { entId, channel: 1, rows: [row(talents[2], '10.00')] });
    const b = await readyTemp(ent, null, { entId, channel: 1, rows: [row(talents[3], '20.00')] });
    expect((await ent.post('order/mgr/temp/sendPayCode', { id: a })).code).toBe(0);
    const codeA = await lastPayCode(ctx.db, ENT_PHONE);
    expect(await ent.post('order/mgr/temp/transOrder', { id: b, smsCode: codeA })).toMatchObject({ code: Code.VALIDATION, message: TEMP_MESSAGES.payCodeMismatch });
    expect((await ent.post('order/query/temp/get', { id: b })).data.status).toBe(10);
    // Still good for its own temp order.
    expect(await ent.post('order/mgr/temp/transOrder', { id: a, smsCode: codeA })).toMatchObject({ code: 0, data: { orderNo: expect.stringMatching(/^PO/) } });
    expect((await ent.post('order/mgr/temp/transOrder', { id: a, smsCode: codeA })).code).toBe(Code.CONFLICT);

    // The amount changed after the code was sent: refused; a code for the new total passes.
    const c = await ent.post('order/mgr/temp/create', { entId, channel: 1, rows: [row(talents[4], '30.00')] });
    expect((await ent.post('order/mgr/temp/sendPayCode', { id: c.data.id })).code).toBe(0);
    const codeC = await lastPayCode(ctx.db, ENT_PHONE);
    const detail = (await ent.post('order/query/temp/get', { id: c.data.id })).data.rows[0].id;
    expect((await ent.post('order/mgr/temp/updateDetail', { id: detail, amount: '3000.00' })).code).toBe(0);
    expect((await ent.post('order/mgr/temp/submit', { id: c.data.id })).data.status).toBe(10);
    expect(await ent.post('order/mgr/temp/transOrder', { id: c.data.id, smsCode: codeC })).toMatchObject({ code: Code.VALIDATION, message: TEMP_MESSAGES.payCodeMismatch });
    expect((await ent.post('order/mgr/temp/sendPayCode', { id: c.data.id })).code).toBe(0);
    const sms = await ctx.db.selectFrom('sms_outbox').select('content').where('phone', '=', ENT_PHONE).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms.content).toContain('金额3000.00元');
    expect((await ent.post('order/mgr/temp/transOrder', { id: c.data.id, smsCode: await lastPayCode(ctx.db, ENT_PHONE) })).code).toBe(0);
    // B's own code passes (A's attempt on it consumed nothing of B's either).
    expect((await ent.post('order/mgr/temp/sendPayCode', { id: b })).code).toBe(0);
    expect((await ent.post('order/mgr/temp/transOrder', { id: b, smsCode: await lastPayCode(ctx.db, ENT_PHONE) })).code).toBe(0);
  });

  test('item 5: 失败明细重新制单 is for temp/create writers only; a failed line goes into one live temp order at a time and is shown linked to it', async () => {
    await setReview(0);
    const id = await readyTemp(ent, null, { entId, channel: 1, rows: [row(talents[5], '12.00'), row({ ...talents[6], account: '6222020000000009999' }, '13.00')] });
    const orderNo = (await sys.post('order/mgr/temp/transOrder', { id })).data.orderNo as string;
    await worker.drain();
    expect((await ent.post('order/query/get', { orderNo })).data.status).toBe(162);

    expect((await spr.post('order/mgr/temp/createFromFailed', { orderNo })).code).toBe(Code.NO_PERMISSION);
    expect((await mer.post('order/mgr/temp/createFromFailed', { orderNo })).code).toBe(Code.NO_PERMISSION);
    expect(await ctx.db.selectFrom('temp_order').select('id').where('remark', '=', `订单${orderNo}失败明细重新制单`).execute()).toEqual([]);

    // Two copies of the call at once: one temp order.
    const [first, second] = await Promise.all([ent.post('order/mgr/temp/createFromFailed', { orderNo }), ent.post('order/mgr/temp/createFromFailed', { orderNo })]);
    const made = [first, second].filter((a) => a.code === 0);
    expect(made).toHaveLength(1);
    const lost = [first, second].find((a) => a.code !== 0)!;
    expect(lost).toMatchObject({ code: Code.CONFLICT, message: TEMP_MESSAGES.remadeLive(made[0].data.tempOrderNo) });
    expect(made[0].data.rows).toHaveLength(1);
    const lines = await ent.post('order/query/detail/list', { cond: { orderNo }, page: PAGE });
    const failed = lines.data.records.find((r: { status: number }) => r.status === 30);
    expect(failed.remadeTempOrderNo).toBe(made[0].data.tempOrderNo);
    expect(lines.data.records.find((r: { status: number }) => r.status === 20).remadeTempOrderNo).toBeNull();
    expect((await ent.post('order/query/detail/get', { id: failed.id })).data.remadeTempOrderNo).toBe(made[0].data.tempOrderNo);

    // Refused again while that temp order lives (submitted too); deleting it frees the line.
    expect(await ent.post('order/mgr/temp/createFromFailed', { orderNo })).toMatchObject({ code: Code.CONFLICT, message: TEMP_MESSAGES.remadeLive(made[0].data.tempOrderNo) });
    expect((await ent.post('order/mgr/temp/submit', { id: made[0].data.id })).data.status).toBe(10);
    expect((await sys.post('order/mgr/temp/createFromFailed', { orderNo })).code).toBe(Code.CONFLICT);
    expect((await ent.post('order/mgr/temp/delete', { id: made[0].data.id })).code).toBe(0);
    const again = await sys.post('order/mgr/temp/createFromFailed', { orderNo });
    expect(again).toMatchObject({ code: 0, data: { rows: [expect.objectContaining({ rowNo: 1 })] } });
    expect((await ent.post('order/query/detail/get', { id: failed.id })).data.remadeTempOrderNo).toBe(again.data.tempOrderNo);
  });

  test('item 13: whether 提交 goes to review is the enterprise’s setting when it is submitted, not at upload', async () => {
    await setReview(0);
    const early = await ent.post('order/mgr/temp/create', { entId, channel: 1, rows: [row(talents[0], '7.00')] });
    await setReview(1);
    const listed = await ent.post('order/query/temp/list', { cond: { tempOrderNo: early.data.tempOrderNo }, page: PAGE });
    expect(listed.data.records[0]._actions).toEqual(expect.arrayContaining(['submitReview']));
    expect(listed.data.records[0]._actions).not.toContain('submit');
    expect((await ent.post('order/mgr/temp/submit', { id: early.data.id })).data).toMatchObject({ status: 20, needReview: 1 });

    const late = await ent.post('order/mgr/temp/create', { entId, channel: 1, rows: [row(talents[1], '8.00')] });
    await setReview(0);
    expect((await ent.post('order/query/temp/list', { cond: { tempOrderNo: late.data.tempOrderNo }, page: PAGE })).data.records[0]._actions).toContain('submit');
    expect((await ent.post('order/mgr/temp/submitReview', { id: late.data.id })).data).toMatchObject({ status: 10, needReview: 0 });

    // A rejected one goes back to review even when review is off by now.
    expect((await spr.post('order/mgr/temp/review', { id: early.data.id, pass: false, reason: '请核对' })).data.status).toBe(21);
    expect((await ent.post('order/mgr/temp/submit', { id: early.data.id })).data.status).toBe(20);
  });

  test('item 15: fee-log records name the merchant and the parent merchant by code (list and detail)', async () => {
    const [mer1, mer3] = await Promise.all(['MER0001', 'MER0003'].map((c) => ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', c).executeTakeFirstOrThrow()));
    // A line of an enterprise under the sub-merchant MER0003 (ENT0002 moved there; the demo's own one is suspended).
    const ent2 = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0002').executeTakeFirstOrThrow();
    await ctx.db.updateTable('ent').set({ merchtId: mer3.id }).where('id', '=', ent2.id).execute();
    const temp = await readyTemp(sys, spr, { entId: ent2.id, channel: 1, rows: [row((await goodTalents(ctx.db, ent2.id, ent2.supplierId))[0], '9.00')] });
    expect((await sys.post('order/mgr/temp/transOrder', { id: temp })).code).toBe(0);
    const subLog = await ctx.db.selectFrom('calc_fee_log').select(['id', 'orderNo']).where('merchtId', '=', mer3.id).where('parentMerchtId', '=', mer1.id).orderBy('id').executeTakeFirstOrThrow();
    const topLog = await ctx.db.selectFrom('calc_fee_log').select(['id', 'orderNo']).where('merchtId', '=', mer1.id).where('parentMerchtId', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    for (const [log, merchtCode, parentMerchtCode] of [[subLog, 'MER0003', 'MER0001'], [topLog, 'MER0001', null]] as const) {
      const list = await sys.post('order/query/calcFeeLog/list', { cond: { orderNo: log.orderNo }, page: PAGE });
      const record = list.data.records.find((r: { id: number }) => r.id === log.id);
      expect(record).toMatchObject({ merchtCode, parentMerchtCode });
      expect((await sys.post('order/query/calcFeeLog/detail', { id: log.id })).data).toMatchObject({ merchtCode, parentMerchtCode });
    }
    // The parent merchant sees its sub's lines with both codes.
    expect((await mer.post('order/query/calcFeeLog/detail', { id: subLog.id })).data).toMatchObject({ merchtCode: 'MER0003', parentMerchtCode: 'MER0001' });
  });

  describe('item 6: the order-progress stream re-checks its caller', () => {
    /** Opens the stream of a signed-in client; resolves what it received once the server ended it. */
    async function openStream(client: SignedClient) {
      const ticket = (await client.post('order/query/progress/ticket')).data.ticket as string;
      const timestamp = Date.now();
      const { port } = ctx.app.server.address() as AddressInfo;
      const query = new URLSearchParams({ ticket, timestamp: String(timestamp), sign: computeSign(undefined, '', timestamp) });
      const request = http.get(`http://127.0.0.1:${port}/api/admin/order/query/progress?${query}`, { agent: false });
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => request.once('response', resolve).once('error', reject));
      expect(response.headers['content-type']).toContain('text/event-stream');
      let received = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (received += chunk));
      const ended = new Promise<number>((resolve) => response.once('end', () => resolve(Date.now())));
      for (let waited = 0; !received.includes(': connected') && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      return { request, ended, text: () => received };
    }
    const within = async <T>(p: Promise<T>, ms: number) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        return await Promise.race([p, new Promise<null>((r) => (timer = setTimeout(() => r(null), ms)))]);
      } finally {
        clearTimeout(timer);
      }
    };

    test('a disabled account: the stream ends within 5 s with a closing event', async () => {
      const merUser = await ctx.db.selectFrom('admin_user').select(['userId', 'status']).where('username', '=', DEMO_USERS.MER).executeTakeFirstOrThrow();
      const stream = await openStream(mer);
      try {
        await new Promise((r) => setTimeout(r, 1_200));
        expect(stream.text()).not.toContain('event: closed');
        const disabledAt = Date.now();
        await ctx.db.updateTable('admin_user').set({ status: 1 }).where('userId', '=', merUser.userId).execute();
        const endedAt = await within(stream.ended, 6_000);
        expect(endedAt).not.toBeNull();
        expect(endedAt! - disabledAt).toBeLessThanOrEqual(5_000);
        expect(stream.text()).toContain(`event: closed\ndata: {"code":${Code.ACCOUNT_DISABLED},"message":"账号已被禁用，请联系管理员"}`);
      } finally {
        stream.request.destroy();
        await ctx.db.updateTable('admin_user').set({ status: merUser.status }).where('userId', '=', merUser.userId).execute();
      }
    });

    test('sign-out and a disabled organisation end the stream too', async () => {
      const stream = await openStream(spr);
      try {
        expect((await spr.post('user/logout')).code).toBe(0);
        expect(await within(stream.ended, 6_000)).not.toBeNull();
        expect(stream.text()).toContain(`event: closed\ndata: {"code":${Code.NOT_LOGGED_IN}`);
      } finally {
        stream.request.destroy();
      }
      const org = await ctx.db.selectFrom('ent').select(['id', 'status']).where('id', '=', entId).executeTakeFirstOrThrow();
      const entStream = await openStream(ent);
      try {
        await ctx.db.updateTable('ent').set({ status: 1 }).where('id', '=', org.id).execute();
        expect(await within(entStream.ended, 6_000)).not.toBeNull();
        expect(entStream.text()).toContain(`"code":${Code.ACCOUNT_DISABLED}`);
      } finally {
        entStream.request.destroy();
        await ctx.db.updateTable('ent').set({ status: org.status }).where('id', '=', org.id).execute();
      }
    });
  });
});
