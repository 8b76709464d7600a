/**
 * Issue 9 money core on both dialects: accounts per enterprise × channel, recharge and refund
 * machines with every transition allowed and refused, the ledger's invariants, and 200 concurrent
 * operations on one enterprise that must leave every balance equal to its ledger.
 */
import crypto from 'node:crypto';
import { MONEY_MESSAGES, refundApply } from '@flexpay/shared-utility/src/pure';
import { checkLedger } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { BizType, ledgerRows, moveBalance, moveBalances } from '../src/domain/ent/ledger';
import { Messages } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { Envelope, SignedClient } from './support/client';
import { createSubUser } from './support/users';

const PAGE = { limit: 100, pageNum: 1 };
const STALE = '当前状态不允许此操作';

describe.each(DIALECTS)('enterprise money on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  let bare: SignedClient;
  const ids = { ent1: 0, ent2: 0, ent3: 0 };
  let voucher: { url: string; fileMd5: string; name: string };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent, bare] = [ctx.client(), ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    await createSubUser(ctx.db, 'entNoMoney1', 'Sub@2026pass', DEMO_USERS.ENT);
    for (const [client, name, password] of [
      [sys, DEMO_USERS.SYS, DEMO_PASSWORD],
      [spr, DEMO_USERS.SPR, DEMO_PASSWORD],
      [mer, DEMO_USERS.MER, DEMO_PASSWORD],
      [ent, DEMO_USERS.ENT, DEMO_PASSWORD],
      [bare, 'entNoMoney1', 'Sub@2026pass'],
    ] as const)
      expect((await client.login(name, password)).code).toBe(0);
    const idOf = async (entCode: string) => (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', entCode).executeTakeFirstOrThrow()).id;
    Object.assign(ids, { ent1: await idOf('ENT0001'), ent2: await idOf('ENT0002'), ent3: await idOf('ENT0003') });
    const content = Buffer.from('%PDF-1.4 voucher');
    const upload = await ent.post('file/upload', { name: '付款凭证.pdf', contentBase64: content.toString('base64'), fileMd5: crypto.createHash('md5').update(content).digest('hex') });
    expect(upload.code).toBe(0);
    voucher = upload.data;
  });
  afterAll(() => ctx.close());

  const account = (entId: number, channel: number) =>
    ctx.db.selectFrom('ent_account').select(['availableFen', 'lockedFen']).where('entId', '=', entId).where('channel', '=', channel).executeTakeFirstOrThrow();
  const logCount = async () => Number((await ctx.db.selectFrom('balance_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const expectRefused = (answer: Envelope, code: number, message?: string) => {
    expect({ code: answer.code, ...(message ? { message: answer.message } : {}) }).toEqual({ code, ...(message ? { message } : {}) });
  };
  /** Runs a call and checks that no balance and no ledger row moved. */
  async function unmoved(call: () => Promise<Envelope>): Promise<Envelope> {
    const before = await ctx.db.selectFrom('ent_account').selectAll().orderBy('id').execute();
    const rows = await logCount();
    const answer = await call();
    expect(await ctx.db.selectFrom('ent_account').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await logCount()).toBe(rows);
    return answer;
  }
  const refusedWithoutMoving = async (call: () => Promise<Envelope>, code: number, message?: string) => expectRefused(await unmoved(call), code, message);
  const recharge = (client: SignedClient, body: Record<string, unknown>) => client.post('ent/mgr/balance/apply/addBalApply', { channel: 0, amount: '1000.00', voucher, ...body });
  const refund = (client: SignedClient, body: Record<string, unknown>) =>
    client.post('ent/mgr/balance/refund/apply', { channel: 0, balanceType: 10, payeeAcctName: '北京星辰物流有限公司', payeeAcct: '110060123456789012', payeeBank: '中国银行北京朝阳支行', ...body });

  test('the seeded accounts equal their ledgers', async () => {
    const accounts = await ctx.db.selectFrom('ent_account').selectAll().execute();
    expect(accounts.length).toBeGreaterThanOrEqual(6);
    for (const a of accounts) expect(checkLedger(await ledgerRows(ctx.db, a.entId, a.channel), { availableFen: a.availableFen, lockedFen: a.lockedFen })).toEqual([]);
  });

  describe('accounts per enterprise × channel', () => {
    test('list and balance follow the scope: SYS all, SPR its supplier, MER its enterprises, ENT itself', async () => {
      const entIds = async (client: SignedClient) => new Set(((await client.post('ent/query/payChannel/list', { cond: {}, page: PAGE })).data.records as Array<{ entId: number }>).map((r) => r.entId));
      expect(await entIds(sys)).toEqual(new Set([ids.ent1, ids.ent2, ids.ent3]));
      expect(await entIds(spr)).toEqual(new Set([ids.ent1, ids.ent2]));
      expect(await entIds(mer)).toEqual(new Set([ids.ent1, ids.ent2]));
      expect(await entIds(ent)).toEqual(new Set([ids.ent1]));
      expectRefused(await bare.post('ent/query/payChannel/list', { cond: {}, page: PAGE }), 3001);

      const mine = await ent.post('ent/query/payChannel/list', { cond: {}, page: PAGE });
      expect(mine.data.records[0]).toMatchObject({ entId: ids.ent1, entName: '北京星辰物流有限公司', allowOverdraft: 0, overdraftLimit: '0.00', status: 0 });
      expect(mine.data.records[0]._actions).toEqual([]);
      const a = await account(ids.ent1, 0);
      const balance = await ent.post('ent/query/payChannel/balance', { entId: ids.ent1, channel: 0 });
      expect(balance.data).toEqual({ available: (a.availableFen / 100).toFixed(2), locked: (a.lockedFen / 100).toFixed(2), allowOverdraft: 0, overdraftLimit: '0.00' });
      expect((await mer.post('ent/query/payChannel/payeeAcctAndBal', { entId: ids.ent1, channel: 0 })).data).toMatchObject({ payeeAcct: '46050100863600001234', payeeBank: '中国建设银行洋浦分行', available: balance.data.available });
      expectRefused(await ent.post('ent/query/payChannel/balance', { entId: ids.ent3, channel: 0 }), 3002, Messages.outOfScope);
      expectRefused(await spr.post('ent/query/payChannel/payeeAcct', { entId: ids.ent3, channel: 0 }), 3002);
      expectRefused(await ent.post('ent/query/payChannel/balance', { entId: ids.ent1, channel: 6 }), 1001, MONEY_MESSAGES.noAccount);
      const stats = await spr.post('ent/query/channelStats/balance', { cond: {} });
      expect(stats.data.records.map((r: { channel: number }) => r.channel)).toEqual([0, 1]);
    });

    test('SYS and SPR open accounts on enabled channels the supplier configured; MER and ENT cannot', async () => {
      await refusedWithoutMoving(() => sys.post('ent/mgr/payChannel/addOrUpdate', { entId: ids.ent2, channel: 2 }), 1001, MONEY_MESSAGES.channelOff);
      await refusedWithoutMoving(() => sys.post('ent/mgr/payChannel/addOrUpdate', { entId: ids.ent2, channel: 99 }), 1001, MONEY_MESSAGES.notConfigured);
      await refusedWithoutMoving(() => sys.post('ent/mgr/payChannel/addOrUpdate', { entId: ids.ent3, channel: 3 }), 1001, MONEY_MESSAGES.notConfigured);
      await refusedWithoutMoving(() => spr.post('ent/mgr/payChannel/addOrUpdate', { entId: ids.ent3, channel: 0 }), 3002);
      for (const client of [mer, ent]) await refusedWithoutMoving(() => client.post('ent/mgr/payChannel/addOrUpdate', { entId: ids.ent1, channel: 3 }), 3001);
      const opened = await spr.post('ent/mgr/payChannel/addOrUpdate', { entId: ids.ent2, channel: 3 });
      expect(opened.code).toBe(0);
      expect(await account(ids.ent2, 3)).toEqual({ availableFen: 0, lockedFen: 0 });
      // Opening again answers the same account.
      expect((await sys.post('ent/mgr/payChannel/addOrUpdate', { entId: ids.ent2, channel: 3 })).code).toBe(0);
      expect(await ctx.db.selectFrom('ent_account').select('id').where('entId', '=', ids.ent2).where('channel', '=', 3).execute()).toHaveLength(1);
    });

    test('overdraft is SYS only and needs a limit to be on', async () => {
      const row = await ctx.db.selectFrom('ent_account').select('id').where('entId', '=', ids.ent1).where('channel', '=', 1).executeTakeFirstOrThrow();
      for (const client of [spr, mer, ent]) await refusedWithoutMoving(() => client.post('ent/mgr/payChannel/toggleAllowOverdraft', { id: row.id, allowOverdraft: 1, overdraftLimit: '100.00' }), 3001);
      await refusedWithoutMoving(() => sys.post('ent/mgr/payChannel/toggleAllowOverdraft', { id: row.id, allowOverdraft: 1, overdraftLimit: '0' }), 1001, '请填写透支额度');
      // The server's own checks, whatever the dialog sent: a negative or missing limit, a value that is not 是/否.
      await refusedWithoutMoving(() => sys.post('ent/mgr/payChannel/toggleAllowOverdraft', { id: row.id, allowOverdraft: 1, overdraftLimit: '-100.00' }), 1001, '请填写透支额度');
      await refusedWithoutMoving(() => sys.post('ent/mgr/payChannel/toggleAllowOverdraft', { id: row.id, allowOverdraft: 1 }), 1001, '请填写透支额度');
      await refusedWithoutMoving(() => sys.post('ent/mgr/payChannel/toggleAllowOverdraft', { id: row.id, allowOverdraft: 2, overdraftLimit: '100.00' }), 1001, '请选择是否允许透支');
      const on = await sys.post('ent/mgr/payChannel/toggleAllowOverdraft', { id: row.id, allowOverdraft: 1, overdraftLimit: '5000.00' });
      expect(on.data).toMatchObject({ allowOverdraft: 1, overdraftLimit: '5000.00' });
      const off = await sys.post('ent/mgr/payChannel/toggleAllowOverdraft', { id: row.id, allowOverdraft: 0 });
      expect(off.data).toMatchObject({ allowOverdraft: 0, overdraftLimit: '0.00' });
      // A command (issue 23): offered to SYS only, its trail keeps both values' from → to.
      expect(on.data._actions).toContain('toggleAllowOverdraft');
      const seenBySupplier = await spr.post('ent/query/payChannel/get', { id: row.id });
      expect(seenBySupplier.code).toBe(0);
      expect(seenBySupplier.data._actions).not.toContain('toggleAllowOverdraft');
      const trail = await ctx.db.selectFrom('audit_log').select(['action', 'changes']).where('entity', '=', 'entAccount').where('entityId', '=', String(row.id)).orderBy('id').execute();
      expect(trail.map((t) => [t.action, JSON.parse(String(t.changes))])).toEqual([
        ['toggleAllowOverdraft', { allowOverdraft: { from: 0, to: 1 }, overdraftLimit: { from: 0, to: 500_000 } }],
        ['toggleAllowOverdraft', { allowOverdraft: { from: 1, to: 0 }, overdraftLimit: { from: 500_000, to: 0 } }],
      ]);
    });
  });

  describe('recharge applications', () => {
    test('ENT applies for its own enterprise with a voucher; bad input answers 1001 in Chinese; MER and SPR cannot apply', async () => {
      await refusedWithoutMoving(() => recharge(ent, { amount: '0' }), 1001, '充值金额必须大于0');
      await refusedWithoutMoving(() => recharge(ent, { amount: '1.234' }), 1001, '充值金额(元)须为不小于0且最多两位小数的金额');
      await refusedWithoutMoving(() => recharge(ent, { voucher: undefined }), 1001, '请选择付款凭证');
      await refusedWithoutMoving(() => recharge(ent, { channel: 6 }), 1001, MONEY_MESSAGES.noAccount);
      for (const client of [spr, mer, bare]) await refusedWithoutMoving(() => recharge(client, { entId: ids.ent1 }), 3001);
      // An enterprise names another's id: the application is still its own.
      const own = await recharge(ent, { entId: ids.ent3 });
      expect(own.code).toBe(0);
      const got = await ent.post('ent/query/balance/apply/get', { id: own.data.id });
      expect(got.data).toMatchObject({ entId: ids.ent1, channel: 0, channelName: '人工审核', amount: '1000.00', status: 0, voucher: { url: voucher.url }, _actions: ['cancel'] });
      expect(got.data.applyNo).toMatch(/^RA\d{8}$/);
      const file = await ent.get('ent/query/balance/apply/file', { id: String(own.data.id) });
      expect(file.statusCode).toBe(200);
      expectRefused(await ent.post('ent/query/balance/apply/get', { id: (await ctx.db.selectFrom('balance_apply').select('id').where('entId', '=', ids.ent3).executeTakeFirstOrThrow()).id }), 3002);
      const listed = await mer.post('ent/query/balance/apply/list', { cond: { status: 0 }, page: PAGE });
      expect(listed.data.records.every((r: { _actions: string[] }) => r._actions.length === 0)).toBe(true);
    });

    test('manual channel: review, process, credit adds once with SMS 100; every stale or foreign move is refused and moves nothing', async () => {
      const { data } = await recharge(ent, { amount: '2345.67' });
      const id = data.id;
      const before = await account(ids.ent1, 0);
      await refusedWithoutMoving(() => ent.post('ent/mgr/balance/apply/approve', { id }), 3001);
      await refusedWithoutMoving(() => mer.post('ent/mgr/balance/apply/approve', { id }), 3001);
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/credit', { id }), 1009, STALE);
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/process', { id }), 1009, STALE);
      expect((await spr.post('ent/mgr/balance/apply/approve', { id })).data).toMatchObject({ status: 10, _actions: ['process'] });
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/approve', { id }), 1009, STALE);
      await refusedWithoutMoving(() => ent.post('ent/mgr/balance/apply/cancel', { id }), 1009, STALE);
      expect((await spr.post('ent/mgr/balance/apply/process', { id })).data).toMatchObject({ status: 20, _actions: ['credit', 'notArrived'] });
      const credited = await spr.post('ent/mgr/balance/apply/updateStatus', { id, status: 50 });
      expect(credited.data.status).toBe(50);
      expect(await account(ids.ent1, 0)).toEqual({ availableFen: before.availableFen + 234_567, lockedFen: before.lockedFen });
      const log = await ent.post('ent/query/balance/log/list', { cond: { entId: ids.ent1, channel: 0, bizNo: credited.data.applyNo }, page: PAGE });
      expect(log.data.records).toEqual([
        expect.objectContaining({ type: 0, amount: '2345.67', bizType: 10, availBefore: (before.availableFen / 100).toFixed(2), availAfter: ((before.availableFen + 234_567) / 100).toFixed(2), operatorName: '陈晓东' }),
      ]);
      const sms = await ctx.db.selectFrom('sms_outbox').selectAll().where('smsType', '=', 100).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(sms).toMatchObject({ phone: '13601000005', content: expect.stringContaining('2345.67元已到账') });
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/credit', { id }), 1009, STALE);
      await refusedWithoutMoving(() => sys.post('ent/mgr/balance/apply/notArrived', { id }), 1009, STALE);
      await refusedWithoutMoving(() => ent.post('ent/mgr/balance/apply/cancel', { id }), 1009, STALE);
    });

    test('cancel, reject with a reason, revoke by SYS only, not arrived: none moves money', async () => {
      const fresh = async () => (await recharge(ent, { amount: '10.00' })).data.id as number;
      const cancelled = await fresh();
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/cancel', { id: cancelled }), 3001);
      expect((await ent.post('ent/mgr/balance/apply/cancel', { id: cancelled })).data.status).toBe(90);

      const rejected = await fresh();
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/reject', { id: rejected }), 1001, '请输入原因');
      expect((await spr.post('ent/mgr/balance/apply/reject', { id: rejected, reason: '凭证金额与申请金额不符' })).data).toMatchObject({ status: 11, reason: '凭证金额与申请金额不符' });

      const revoked = await fresh();
      await spr.post('ent/mgr/balance/apply/approve', { id: revoked });
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/revoke', { id: revoked, reason: '重复申请' }), 3001);
      await refusedWithoutMoving(() => ent.post('ent/mgr/balance/apply/cancel', { id: revoked }), 1009, STALE);
      expect((await sys.post('ent/mgr/balance/apply/updateStatus', { id: revoked, status: 90, reason: '重复申请' })).data.status).toBe(90);

      const missing = await fresh();
      await sys.post('ent/mgr/balance/apply/approve', { id: missing });
      await sys.post('ent/mgr/balance/apply/process', { id: missing });
      expect((await unmoved(() => sys.post('ent/mgr/balance/apply/notArrived', { id: missing }))).data).toMatchObject({ status: 51, reason: MONEY_MESSAGES.notArrived });
      const foreign = (await ctx.db.selectFrom('balance_apply').select('id').where('entId', '=', ids.ent3).where('status', '=', 0).executeTakeFirstOrThrow()).id;
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/approve', { id: foreign }), 3002);
    });

    test('bank channels: the adapter credits when processing starts (over 10 000 000.00 nothing arrives); manual credit is refused', async () => {
      const before = await account(ids.ent1, 1);
      const small = (await recharge(ent, { channel: 1, amount: '500.00' })).data.id;
      await spr.post('ent/mgr/balance/apply/approve', { id: small });
      expect((await spr.post('ent/mgr/balance/apply/process', { id: small })).data).toMatchObject({ status: 50, _actions: [] });
      expect(await account(ids.ent1, 1)).toEqual({ availableFen: before.availableFen + 50_000, lockedFen: before.lockedFen });

      const large = (await recharge(ent, { channel: 1, amount: '10000000.01' })).data.id;
      await spr.post('ent/mgr/balance/apply/approve', { id: large });
      expect((await unmoved(() => spr.post('ent/mgr/balance/apply/process', { id: large }))).data).toMatchObject({ status: 51, reason: MONEY_MESSAGES.notArrived });

      // A bank-channel application held in 20 (an adapter answer still pending) cannot be credited by hand.
      const held = (await recharge(ent, { channel: 1, amount: '1.00' })).data.id;
      await ctx.db.updateTable('balance_apply').set({ status: 20 }).where('id', '=', held).execute();
      expect((await spr.post('ent/query/balance/apply/get', { id: held })).data._actions).toEqual([]);
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/apply/credit', { id: held }), 1009, MONEY_MESSAGES.manualOnly);
    });
  });

  describe('refunds', () => {
    test('apply locks, reject unlocks; approve then success deducts with SMS 110, failure unlocks; stale moves are refused', async () => {
      const start = await account(ids.ent1, 0);
      await refusedWithoutMoving(() => refund(ent, { amount: ((start.availableFen + 1) / 100).toFixed(2) }), 1001, `${MONEY_MESSAGES.overRefundable}（可退${(start.availableFen / 100).toFixed(2)}元）`);
      await refusedWithoutMoving(() => refund(ent, { amount: '0.00' }), 1001, '退款金额必须大于0');
      await refusedWithoutMoving(() => refund(ent, { amount: '1.00', payeeAcct: '12ab' }), 1001);
      for (const client of [spr, mer, bare]) await refusedWithoutMoving(() => refund(client, { entId: ids.ent1, amount: '1.00' }), 3001);

      const applied = await refund(ent, { amount: '300.00' });
      expect(applied.code).toBe(0);
      expect(await account(ids.ent1, 0)).toEqual({ availableFen: start.availableFen - 30_000, lockedFen: start.lockedFen + 30_000 });
      const id = applied.data.id;
      expect((await ent.post('ent/query/refund/get', { id })).data).toMatchObject({ status: 0, handleStatus: 0, processStatus: 0, amount: '300.00', _actions: [] });
      await refusedWithoutMoving(() => ent.post('ent/mgr/balance/refund/reject', { id, reason: 'x' }), 3001);
      await refusedWithoutMoving(() => mer.post('ent/mgr/balance/refund/approve', { id }), 3001);
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/refund/succeed', { id }), 1009, STALE);
      expect((await spr.post('ent/mgr/balance/refund/reject', { id, reason: '请先结清在途订单' })).data).toMatchObject({ status: 20, handleStatus: 20 });
      expect(await account(ids.ent1, 0)).toEqual(start);
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/refund/reject', { id, reason: '再次驳回' }), 1009, STALE);
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/refund/approve', { id }), 1009, STALE);

      const paid = (await refund(ent, { amount: '120.50' })).data.id;
      expect((await spr.post('ent/mgr/balance/refund/approve', { id: paid })).data).toMatchObject({ status: 10, handleStatus: 10, processStatus: 10, _actions: ['succeed', 'fail'] });
      expect((await spr.post('ent/mgr/balance/refund/updateStatus', { id: paid, status: 30 })).data).toMatchObject({ status: 30, processStatus: 20 });
      expect(await account(ids.ent1, 0)).toEqual({ availableFen: start.availableFen - 12_050, lockedFen: start.lockedFen });
      expect(await ctx.db.selectFrom('sms_outbox').select('content').where('smsType', '=', 110).orderBy('id', 'desc').executeTakeFirstOrThrow()).toEqual({ content: expect.stringContaining('退款120.50元已处理成功') });
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/refund/fail', { id: paid, reason: '迟到的失败' }), 1009, STALE);

      const failed = (await refund(ent, { amount: '9.99' })).data.id;
      await sys.post('ent/mgr/balance/refund/approve', { id: failed });
      expect((await sys.post('ent/mgr/balance/refund/fail', { id: failed, reason: '收款账户已销户' })).data).toMatchObject({ status: 40, processStatus: 30, reason: '收款账户已销户' });
      expect(await account(ids.ent1, 0)).toEqual({ availableFen: start.availableFen - 12_050, lockedFen: start.lockedFen });
      const grouped = await ent.post('ent/query/balance/log/simpleList', { cond: { bizType: 30 }, page: PAGE });
      const lines = Object.fromEntries((grouped.data.records as Array<{ bizNo: string; outstanding: string; rowCount: number }>).map((r) => [r.bizNo, r]));
      expect(lines[(await ent.post('ent/query/refund/get', { id: failed })).data.refundNo]).toMatchObject({ locked: '9.99', unlocked: '9.99', outstanding: '0.00', rowCount: 2 });
    });

    test('balance type 20 refunds one successful recharge of the channel, never beyond its rest', async () => {
      const ra = await ctx.db.selectFrom('balance_apply').selectAll().where('applyNo', '=', 'RA00000001').executeTakeFirstOrThrow();
      const taken = await ctx.db.selectFrom('refund_apply').select('amountFen').where('applyId', '=', ra.id).where('status', 'in', [0, 10, 30]).execute();
      const rest = ra.amountFen - taken.reduce((s, r) => s + r.amountFen, 0);
      // More money on the channel than the recharge's rest, so the rest is what limits.
      const topUp = (await recharge(sys, { entId: ids.ent1, amount: '300000.00' })).data.id;
      for (const step of ['approve', 'process', 'credit']) expect((await sys.post(`ent/mgr/balance/apply/${step}`, { id: topUp })).code).toBe(0);
      expect((await account(ids.ent1, 0)).availableFen).toBeGreaterThan(rest);
      await refusedWithoutMoving(() => refund(ent, { balanceType: 20, amount: '1.00' }), 1001, MONEY_MESSAGES.rechargeRequired);
      await refusedWithoutMoving(() => refund(ent, { balanceType: 20, applyId: ra.id, amount: ((rest + 1) / 100).toFixed(2) }), 1001, `${MONEY_MESSAGES.overRefundable}（可退${(rest / 100).toFixed(2)}元）`);
      const pending = (await ctx.db.selectFrom('balance_apply').select('id').where('entId', '=', ids.ent1).where('status', '=', 0).executeTakeFirstOrThrow()).id;
      await refusedWithoutMoving(() => refund(ent, { balanceType: 20, applyId: pending, amount: '1.00' }), 1001, MONEY_MESSAGES.rechargeMismatch);
      const ok = await refund(ent, { balanceType: 20, applyId: ra.id, amount: (rest / 100).toFixed(2) });
      expect(ok.code).toBe(0);
      await refusedWithoutMoving(() => refund(ent, { balanceType: 20, applyId: ra.id, amount: '0.01' }), 1001, `${MONEY_MESSAGES.overRefundable}（可退0.00元）`);
      // Rejecting it gives the rest back.
      await spr.post('ent/mgr/balance/refund/reject', { id: ok.data.id, reason: '改为普通退款' });
      expect((await refund(ent, { balanceType: 20, applyId: ra.id, amount: '0.01' })).code).toBe(0);
    });

    test('a command and its effect are one transaction: a refused ledger move leaves the status, the ledger and the trail as they were (issue 23)', async () => {
      expect(Object.keys(refundApply.commands ?? {})).toEqual(['approve', 'reject', 'succeed', 'fail']);
      const id = (await refund(ent, { amount: '2.00' })).data.id;
      expect((await spr.post('ent/mgr/balance/refund/approve', { id })).code).toBe(0);
      const held = await account(ids.ent1, 0);
      const trail = async () => (await ctx.db.selectFrom('audit_log').select('action').where('entity', '=', 'refundApply').where('entityId', '=', String(id)).orderBy('id').execute()).map((r) => r.action);
      // The account's lock is short of the refund (as if changed behind the ledger): 退款成功's deduct refuses.
      await ctx.db.updateTable('ent_account').set({ lockedFen: 100 }).where('entId', '=', ids.ent1).where('channel', '=', 0).execute();
      await refusedWithoutMoving(() => spr.post('ent/mgr/balance/refund/succeed', { id }), 1001, '锁定余额不足');
      expect((await ctx.db.selectFrom('refund_apply').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(10);
      expect(await trail()).toEqual(['create', 'approve']);
      await ctx.db.updateTable('ent_account').set({ lockedFen: held.lockedFen }).where('entId', '=', ids.ent1).where('channel', '=', 0).execute();
      expect((await spr.post('ent/mgr/balance/refund/succeed', { id })).data).toMatchObject({ status: 30 });
      expect(await account(ids.ent1, 0)).toEqual({ availableFen: held.availableFen, lockedFen: held.lockedFen - 200 });
      expect(await trail()).toEqual(['create', 'approve', 'succeed']);
    });
  });

  test('ledger list, simple list and export follow the scope', async () => {
    const all = await sys.post('ent/query/balance/log/list', { cond: {}, page: PAGE });
    expect(all.data.total).toBeGreaterThan(20);
    const own = await ent.post('ent/query/balance/log/list', { cond: {}, page: PAGE });
    expect(new Set(own.data.records.map((r: { entId: number }) => r.entId))).toEqual(new Set([ids.ent1]));
    const mine = await ent.post('ent/query/balance/log/simpleList', { cond: { channel: 1, bizType: 20 }, page: PAGE });
    expect(mine.data.records.length).toBeGreaterThan(0);
    expect(mine.data.records[0]).toMatchObject({ entId: ids.ent1, channel: 1, channelName: '网银通道A', bizType: 20 });
    const token = await ent.post('ent/query/balance/log/genExportExcelToken', { cond: { channel: 0 } });
    expect(token.code).toBe(0);
    const file = await ent.get('ent/query/balance/log/export', { token: token.data.token });
    expect(String(file.headers['content-type'])).toContain('spreadsheet');
    expectRefused(await bare.post('ent/query/balance/log/list', { cond: {}, page: PAGE }), 3001);
  });

  test('moveBalances applies several moves of one account in turn under one lock: one version step each, a log row each; a refused one moves nothing', async () => {
    const { entId, channel } = await ctx.db.selectFrom('ent_account').select(['entId', 'channel']).where('entId', '=', ids.ent1).orderBy('channel').executeTakeFirstOrThrow();
    const before = await ctx.db.selectFrom('ent_account').select(['availableFen', 'lockedFen', 'version']).where('entId', '=', entId).where('channel', '=', channel).executeTakeFirstOrThrow();
    const head = { entId, channel, bizType: BizType.ORDER, bizNo: `MB${dialect}`, operatorName: '批量记账', now: Date.now() };
    const batch = (ops: Array<{ type: 0 | 1 | 2 | 3; amountFen: number }>) => ctx.db.transaction().execute((trx) => moveBalances(trx as unknown as Kysely<Database>, dialect, head, ops));
    const logs = await batch([{ type: 0, amountFen: 500 }, { type: 1, amountFen: 300 }, { type: 3, amountFen: 300 }]);
    expect(logs.map((l) => [l.type, l.availAfter - l.availBefore, l.lockedAfter - l.lockedBefore])).toEqual([[0, 500, 0], [1, -300, 300], [3, 0, -300]]);
    const after = await ctx.db.selectFrom('ent_account').select(['availableFen', 'lockedFen', 'version']).where('entId', '=', entId).where('channel', '=', channel).executeTakeFirstOrThrow();
    expect([Number(after.availableFen) - Number(before.availableFen), Number(after.lockedFen) - Number(before.lockedFen), after.version - before.version]).toEqual([200, 0, 3]);
    expect((await ledgerRows(ctx.db, entId, channel)).filter((r) => r.bizNo === head.bizNo)).toHaveLength(3);
    await expect(batch([{ type: 0, amountFen: 100 }, { type: 3, amountFen: 999_999_999_99 }])).rejects.toMatchObject({ code: 1001 });
    expect(await ctx.db.selectFrom('ent_account').select(['availableFen', 'lockedFen', 'version']).where('entId', '=', entId).where('channel', '=', channel).executeTakeFirstOrThrow()).toEqual(after);
    expect(await batch([])).toEqual([]);
  });

  test('200 concurrent operations on one enterprise keep every invariant and the exact sums', async () => {
    const entId = ids.ent2;
    const channel = 0;
    const db = ctx.db;
    const now = Date.now();
    // Fixtures: recharges waiting in 20 and pending refunds, created one by one beforehand.
    const credits: Array<{ id: number; fen: number }> = [];
    for (let i = 0; i < 40; i++) {
      const fen = 10_000 + i * 7;
      const row = await db
        .insertInto('balance_apply')
        .values({ applyNo: `RX${String(i).padStart(8, '0')}`, entId, supplierId: (await db.selectFrom('ent').select('supplierId').where('id', '=', entId).executeTakeFirstOrThrow()).supplierId, amountFen: fen, payChannel: channel, status: 20, reason: null, voucher: null, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      credits.push({ id: row.id, fen });
    }
    const pendingRefunds: Array<{ id: number; fen: number }> = [];
    for (let i = 0; i < 30; i++) {
      const fen = 501 + i;
      const answer = await refund(sys, { entId, amount: (fen / 100).toFixed(2) });
      expect(answer.code).toBe(0);
      pendingRefunds.push({ id: answer.data.id, fen });
    }
    const start = await account(entId, channel);
    const direct = (type: 1 | 3, fen: number, bizNo: string) =>
      db.transaction().execute((trx) => moveBalance(trx as unknown as Kysely<Database>, dialect, { entId, channel, type, amountFen: fen, bizType: BizType.ORDER, bizNo, operatorName: '并发测试', now: Date.now() }));

    const ops: Array<Promise<{ kind: string; fen: number; ok: boolean }>> = [];
    const api = (kind: string, fen: number, call: () => Promise<Envelope>) => ops.push(call().then((a) => ({ kind, fen, ok: a.code === 0 })));
    // 40 credits plus 10 duplicate credits of the same applications (exactly one of each pair may land).
    credits.forEach((c) => api('add', c.fen, () => spr.post('ent/mgr/balance/apply/credit', { id: c.id })));
    credits.slice(0, 10).forEach((c) => api('add', c.fen, () => sys.post('ent/mgr/balance/apply/credit', { id: c.id })));
    // 30 refund rejects plus 10 duplicates; 40 new refund applies, 2 of them beyond every balance.
    pendingRefunds.forEach((r) => api('unlock', r.fen, () => spr.post('ent/mgr/balance/refund/reject', { id: r.id, reason: '并发驳回' })));
    pendingRefunds.slice(0, 10).forEach((r) => api('unlock', r.fen, () => sys.post('ent/mgr/balance/refund/reject', { id: r.id, reason: '并发驳回' })));
    for (let i = 0; i < 40; i++) {
      const fen = i < 2 ? 999_999_999_99 : 301 + i;
      api('lock', fen, () => refund(sys, { entId, amount: (fen / 100).toFixed(2) }));
    }
    // 35 payout-style lock + deduct pairs straight through the ledger service (70 operations).
    for (let i = 0; i < 35; i++) {
      const fen = 1_001 + i * 3;
      ops.push(
        direct(1, fen, `PX${i}`).then(async () => {
          await direct(3, fen, `PX${i}`);
          return { kind: 'pair', fen, ok: true };
        }),
      );
    }
    expect(ops.length + 35).toBe(200);
    const results = await Promise.all(ops);

    const sum = (kind: string) => results.filter((r) => r.kind === kind && r.ok).reduce((s, r) => s + r.fen, 0);
    expect(results.filter((r) => r.kind === 'add' && r.ok)).toHaveLength(40);
    expect(results.filter((r) => r.kind === 'unlock' && r.ok)).toHaveLength(30);
    expect(results.filter((r) => r.kind === 'lock' && r.ok)).toHaveLength(38);
    const final = await account(entId, channel);
    expect(final).toEqual({
      availableFen: start.availableFen + sum('add') + sum('unlock') - sum('lock') - sum('pair'),
      lockedFen: start.lockedFen - sum('unlock') + sum('lock'),
    });
    expect(final.lockedFen).toBeGreaterThanOrEqual(0);
    const rows = await ledgerRows(db, entId, channel);
    expect(checkLedger(rows, final)).toEqual([]);
    const total = (type: number) => rows.filter((r) => r.type === type).reduce((s, r) => s + r.amount, 0);
    expect(final.availableFen).toBe(total(0) - total(1) + total(2));
    expect(final.lockedFen).toBe(total(1) - total(2) - total(3));
  });
});
