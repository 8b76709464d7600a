/**
 * Issue 22 item 6 for payout orders: 制单明细, 代发订单明细 and 计费记录 show ID, card and phone numbers
 * masked to every account — lists, gets, exports (the 完工证明 too) — while the worker still pays the
 * whole numbers; 25020 (制单) reveals one value through common/reveal, in scope, audited; the row editor
 * sending a mask back leaves the stored number as it was, a changed mask is 1001. Item 13: the system's
 * moves of an order read as words in 操作日志.
 */
import { auditActionLabel, maskPersonal, transitionTables } from '@flexpay/shared-utility/src/pure';
import * as XLSX from 'xlsx';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { actionOf } from '../src/domain/order/settle';
import { OrderWorker } from '../src/domain/order/worker';
import { Code } from '../src/http/codes';
import { type PayoutLine, simPayoutAdapter } from '../src/providers/channel-adapter';
import { maskedFilterMessage } from '../src/resource/entity-resource';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { goodTalents, lastPayCode, row, type Talent } from './support/order';
import { createSubUser } from './support/users';

jest.setTimeout(180_000);
process.env.FLEXPAY_SIM_DELAY_MS = '0';

const PAGE = { limit: 100, pageNum: 1 };
const ID_MASK = /^.{4}\*{10}.{4}$/;
const CARD_MASK = /^\d{4}\*+\d{4}$/;
const PHONE_MASK = /^\d{3}\*{4}\d{4}$/;
const PHONE = '13800138000';
const ENT_PHONE = '13601000005';

test('操作日志: every move the system makes on a 代发订单 (and the seeded `status`) has a Chinese label', () => {
  const words = [...transitionTables.order.system.flatMap((s) => s.from.map((from) => actionOf(from, s.to))), 'status', 'addDetail', 'updateDetail', 'deleteDetail'];
  for (const action of words) expect(auditActionLabel('payOrder', action)).toMatch(/^[\u4e00-\u9fa5，]+$/);
  expect(auditActionLabel('payOrder', 'status')).toBe('系统更新状态');
});

describe.each(DIALECTS)('payout lines masked on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let ent: SignedClient;
  let mer: SignedClient;
  let viewer: SignedClient;
  let other: SignedClient;
  let talents: Talent[];
  let tempId: number;
  let orderNo: string;
  const paid: PayoutLine[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const e = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const e2 = await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0002').executeTakeFirstOrThrow();
    talents = await goodTalents(ctx.db, e.id, e.supplierId);
    // ENT0001: reads temp orders, orders and lines and exports them, without 25020. ENT0002: holds 25020.
    await createSubUser(ctx.db, 'linemask22', 'Mask@2026pass', DEMO_USERS.ENT, [25010, 24010, 24020, 25110, 25120]);
    const user2 = await createSubUser(ctx.db, 'linemask23', 'Mask@2026pass', DEMO_USERS.ENT, [25010, 25020, 24010, 25110]);
    await ctx.db.updateTable('admin_user').set({ orgId: e2.id }).where('userId', '=', user2).execute();
    [sys, spr, ent, mer, viewer, other] = [ctx.client(), ctx.client(), ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [c, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [ent, DEMO_USERS.ENT], [mer, DEMO_USERS.MER]] as const) expect((await c.login(name, DEMO_PASSWORD)).code).toBe(0);
    expect((await viewer.login('linemask22', 'Mask@2026pass')).code).toBe(0);
    expect((await other.login('linemask23', 'Mask@2026pass')).code).toBe(0);
    const created = await ent.post('order/mgr/temp/create', { entId: e.id, channel: 1, rows: [row(talents[0], '10.00', { phone: PHONE }), row(talents[1], '11.00'), row({ ...talents[2], name: '错名字' }, '12.00')] });
    expect(created.code).toBe(0);
    tempId = created.data.id;
  });
  afterAll(() => ctx.close());

  const records = async (client: SignedClient, path: string, cond: Record<string, unknown>) => {
    const answer = await client.post(path, { cond, page: PAGE });
    expect(answer.code).toBe(0);
    return answer.data.records as Array<Record<string, unknown>>;
  };
  const exported = async (client: SignedClient, query: string, cond: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const token = await client.post(`${query}/genExportExcelToken`, { cond, ...extra });
    expect(token.code).toBe(0);
    const file = await client.get(`${query}/export`, { token: token.data.token });
    const book = XLSX.read(file.rawPayload);
    return XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]]);
  };
  const stored = async (rowNo: number) => ctx.db.selectFrom('temp_order_detail').select(['id', 'name', 'idNumber', 'phone', 'account', 'errorType']).where('tempOrderId', '=', tempId).where('rowNo', '=', rowNo).executeTakeFirstOrThrow();

  test('制单明细: list, the temp order with its rows and the export are masked for SYS, SPR, ENT and a sub-account', async () => {
    for (const client of [sys, spr, ent, viewer]) {
      const lines = await records(client, 'order/query/detail/temp/list', { tempOrderId: tempId });
      expect(lines).toHaveLength(3);
      for (const l of lines) {
        expect(l.idNumber).toMatch(ID_MASK);
        expect(l.account).toMatch(CARD_MASK);
      }
      expect(lines.find((l) => l.rowNo === 1)!.phone).toBe(maskPersonal('phone', PHONE));
      const got = await client.post('order/query/temp/get', { id: tempId });
      expect(got.code).toBe(0);
      const json = JSON.stringify(got.data);
      for (const t of talents.slice(0, 3)) {
        expect(json).not.toContain(t.idNumber);
        expect(json).not.toContain(t.account);
      }
      expect(json).not.toContain(PHONE);
    }
    const sheet = await exported(viewer, 'order/query/detail/temp', { tempOrderId: tempId });
    expect(sheet).toHaveLength(3);
    for (const l of sheet) {
      expect(l['证件号码']).toMatch(ID_MASK);
      expect(l['收款账号']).toMatch(CARD_MASK);
    }
  });

  test('the row editor: the mask sent back keeps the stored numbers; a changed mask or a masked new row is 1001', async () => {
    const [line] = (await records(ent, 'order/query/detail/temp/list', { tempOrderId: tempId })).filter((l) => l.rowNo === 3);
    const before = await stored(3);
    const fixed = await ent.post('order/mgr/temp/updateDetail', { id: line.id, name: talents[2].name, idType: String(line.idType), idNumber: line.idNumber, phone: line.phone ?? '', account: line.account, bankName: line.bankName ?? '', amount: '12.00', remark: '' });
    expect(fixed).toMatchObject({ code: 0, data: { errorType: 0 } });
    expect(await stored(3)).toEqual({ ...before, name: talents[2].name, errorType: 0 });
    const first = await stored(1);
    const [one] = (await records(ent, 'order/query/detail/temp/list', { tempOrderId: tempId })).filter((l) => l.rowNo === 1);
    expect(one.phone).toMatch(PHONE_MASK);
    expect(await ent.post('order/mgr/temp/updateDetail', { id: one.id, phone: '139****8000' })).toMatchObject({ code: Code.VALIDATION, message: '请输入完整的手机号' });
    expect(await ent.post('order/mgr/temp/updateDetail', { id: one.id, account: `${String(one.account).slice(0, 6)}**1234` })).toMatchObject({ code: Code.VALIDATION, message: '请输入完整的收款账号' });
    expect(await stored(1)).toEqual(first);
    expect(await ent.post('order/mgr/temp/addDetail', { tempOrderId: tempId, ...row(talents[3], '1.00', { idNumber: maskPersonal('idNumber', talents[3].idNumber) }) })).toMatchObject({ code: Code.VALIDATION, message: '请输入完整的证件号码' });
    expect(await ctx.db.selectFrom('temp_order_detail').select('id').where('tempOrderId', '=', tempId).execute()).toHaveLength(3);
  });

  test('the worker pays the whole numbers; 代发订单明细, 计费记录 and the 完工证明 are masked for every account', async () => {
    const submitted = await ent.post('order/mgr/temp/submit', { id: tempId });
    expect(submitted.code).toBe(0);
    if (submitted.data.status === 20) expect((await spr.post('order/mgr/temp/review', { id: tempId, pass: true })).code).toBe(0);
    expect((await ent.post('order/mgr/temp/sendPayCode', { id: tempId })).code).toBe(0);
    const trans = await ent.post('order/mgr/temp/transOrder', { id: tempId, smsCode: await lastPayCode(ctx.db, ENT_PHONE) });
    expect(trans.code).toBe(0);
    orderNo = trans.data.orderNo;
    const recording = { ...simPayoutAdapter, submit: async (...args: Parameters<typeof simPayoutAdapter.submit>) => {
      paid.push(...args[1].lines);
      return simPayoutAdapter.submit(...args);
    } };
    const worker = new OrderWorker({ db: ctx.db, dialect, pollMs: 10, adapterFor: () => recording });
    await worker.drain();
    // The bank received each whole number.
    expect(paid.map((l) => [l.idNumber, l.account])).toEqual(talents.slice(0, 3).map((t) => [t.idNumber, t.account]));
    const order = await ent.post('order/query/get', { orderNo });
    expect(order.data.status).toBe(62);

    for (const client of [sys, spr, ent, mer, viewer]) {
      const answer = await client.post('order/query/detail/list', { cond: { orderNo }, page: PAGE });
      expect(answer.code).toBe(0);
      const lines = answer.data.records as Array<Record<string, unknown>>;
      expect(lines).toHaveLength(3);
      for (const l of lines) {
        expect(l.idNumber).toMatch(ID_MASK);
        expect(l.account).toMatch(CARD_MASK);
      }
      const one = await client.post('order/query/detail/get', { id: lines.find((l) => l.rowNo === 1)!.id });
      expect(one.data.idNumber).toMatch(ID_MASK);
      expect(one.data.phone).toBe(maskPersonal('phone', PHONE));
    }
    // The masked numbers are searched whole by a holder of 25020 only; the others are refused (1001), not answered.
    expect((await records(ent, 'order/query/detail/list', { orderNo, account: talents[1].account })).map((l) => l.rowNo)).toEqual([2]);
    expect(await records(ent, 'order/query/detail/list', { orderNo, account: talents[1].account.slice(0, 8) })).toEqual([]);
    expect(await viewer.post('order/query/detail/list', { cond: { orderNo, idNumber: talents[1].idNumber }, page: PAGE })).toMatchObject({ code: Code.VALIDATION, message: maskedFilterMessage('证件号码') });
    for (const client of [sys, spr, mer]) {
      const logs = await records(client, 'order/query/calcFeeLog/list', { orderNo });
      expect(logs.length).toBeGreaterThan(0);
      for (const l of logs) expect(l.idNumber).toMatch(ID_MASK);
    }
    const sheet = await exported(viewer, 'order/query/detail', { orderNo });
    expect(sheet).toHaveLength(3);
    for (const l of sheet) {
      expect(l['证件号码']).toMatch(ID_MASK);
      expect(l['收款账号']).toMatch(CARD_MASK);
    }
    // The kit's whole export: a holder of 25020 only, audited once; 3001 to the others.
    expect((await viewer.post('order/query/detail/genExportExcelToken', { cond: { orderNo }, whole: true })).code).toBe(Code.NO_PERMISSION);
    const wholeSheet = await exported(ent, 'order/query/detail', { orderNo }, { whole: true });
    expect(wholeSheet.map((l) => l['收款账号']).sort()).toEqual(talents.slice(0, 3).map((t) => t.account).sort());
    const wholeAudit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'exportWhole').where('entity', '=', 'orderDetail').where('operatorAccount', '=', DEMO_USERS.ENT).execute();
    expect(wholeAudit).toHaveLength(1);
    // 完工证明 (export mode 20) goes to the enterprise: masked too.
    const proof = await exported(ent, 'order/query', { orderNo }, { exportMode: 20 });
    expect(proof).toHaveLength(3);
    for (const l of proof) expect(l['证件号码']).toMatch(ID_MASK);
  });

  test('reveal: 25020 needed (3001), another enterprise 3002; audited; the tax sheet is whole and audited once', async () => {
    const [line] = await records(ent, 'order/query/detail/list', { orderNo });
    const whole = await ctx.db.selectFrom('order_detail').select(['idNumber', 'account', 'phone', 'name']).where('id', '=', line.id as number).executeTakeFirstOrThrow();
    expect((await ent.post('common/reveal', { entity: 'orderDetail', key: line.id, field: 'account' })).data).toEqual({ value: whole.account });
    expect((await sys.post('common/reveal', { entity: 'orderDetail', key: line.id, field: 'idNumber' })).data).toEqual({ value: whole.idNumber });
    expect(await viewer.post('common/reveal', { entity: 'orderDetail', key: line.id, field: 'idNumber' })).toMatchObject({ code: Code.NO_PERMISSION });
    expect(await other.post('common/reveal', { entity: 'orderDetail', key: line.id, field: 'idNumber' })).toMatchObject({ code: Code.OUT_OF_SCOPE });
    const temp = (await records(ent, 'order/query/detail/temp/list', { tempOrderId: tempId })).find((l) => l.rowNo === 1)!;
    expect((await ent.post('common/reveal', { entity: 'tempOrderDetail', key: temp.id, field: 'phone' })).data).toEqual({ value: PHONE });
    expect(await other.post('common/reveal', { entity: 'tempOrderDetail', key: temp.id, field: 'phone' })).toMatchObject({ code: Code.OUT_OF_SCOPE });
    const fee = (await records(sys, 'order/query/calcFeeLog/list', { orderNo }))[0];
    expect((await sys.post('common/reveal', { entity: 'calcFeeLog', key: fee.id, field: 'idNumber' })).data.value).toMatch(/^\d{17}[\dX]$/);

    const entry = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'reveal').where('entity', '=', 'orderDetail').where('operatorAccount', '=', DEMO_USERS.ENT).executeTakeFirstOrThrow();
    expect(entry.entityId).toBe(String(line.id));
    expect(JSON.parse(entry.changes)).toMatchObject({ revealedField: { to: '收款账号' }, owner: { to: expect.stringContaining(whole.name) } });
    expect(entry.changes).not.toContain(whole.account);
    expect(await ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'reveal').where('operatorAccount', 'in', ['linemask22', 'linemask23']).execute()).toEqual([]);

    // 税务申报 needs the whole ID numbers: written whole, audited once with its row count.
    const tax = await exported(spr, 'order/query', { orderNo }, { exportMode: 30 });
    expect(tax.map((t) => t['证件号码']).sort()).toEqual(talents.slice(0, 3).map((t) => t.idNumber).sort());
    const audits = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'exportWhole').where('entity', '=', 'orderDetail').where('operatorAccount', '=', DEMO_USERS.SPR).execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0].changes)).toEqual({ revealedField: { from: null, to: '税务申报：证件号码' }, exported: { from: null, to: 3 } });
  });
});
