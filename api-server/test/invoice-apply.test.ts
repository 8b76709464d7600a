/**
 * Issue 11: 开票申请 — 申请记录 (ENT, SYS) and 开出记录 (SPR, SYS) on SQLite and PostgreSQL: every call
 * per account type with its refusals, every transition allowed and refused, the amounts against the
 * ledger, vouchers, invoice files with the simulated OCR, express, discard releasing the orders, free
 * applications, both exports, and two concurrent applications over one order.
 */
import crypto from 'node:crypto';
import { applicationAmounts, formatFen, invoiceApplyToMe, invoiceApply } from '@flexpay/shared-utility/src/pure';
import { demoPdf } from '../src/demo/seed-supplier';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { isUniqueViolation } from '../src/http/db-errors';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const PAGE = { limit: 100, pageNum: 1 };
const MY = 'invoice/act/mgr/my';
const TO_ME = 'invoice/act/mgr/toMe';

describe.each(DIALECTS)('开票申请 on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  let ent1: number;
  let ent3: number;
  let itemId: number;
  let free: string[];

  const upload = async (client: SignedClient, name: string, content: Buffer) => {
    const answer = await client.post('file/upload', { name, contentBase64: content.toString('base64'), fileMd5: crypto.createHash('md5').update(content).digest('hex') });
    expect(answer.code).toBe(0);
    return answer.data as { url: string; fileMd5: string; name: string };
  };
  const statusOf = async (id: number) => (await ctx.db.selectFrom('invoice_apply').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const liveOrders = async (id: number) =>
    (await ctx.db.selectFrom('invoice_apply_order').select('liveOrderNo').where('applyId', '=', id).orderBy('orderNo').execute()).map((r) => r.liveOrderNo);
  /** What the enterprise paid for an order, read from the ledger independently of the route. */
  const paid = async (orderNo: string) =>
    Number((await ctx.db.selectFrom('balance_log').select((eb) => eb.fn.sum<number>('amountFen').as('s')).where('bizNo', '=', orderNo).where('type', '=', 3).where('bizType', '=', 20).executeTakeFirstOrThrow()).s);

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const) expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    const idOf = async (code: string) => (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', code).executeTakeFirstOrThrow()).id;
    [ent1, ent3] = [await idOf('ENT0001'), await idOf('ENT0003')];
    const options = await ent.post('invoice/act/query/my/applyOptions', {});
    expect(options.code).toBe(0);
    free = options.data.orders.map((o: { orderNo: string }) => o.orderNo);
    itemId = options.data.items[0].value;
  }, 60_000);
  afterAll(() => ctx.close());

  test('the demo covers every state; the enterprise sees only its own, the supplier its enterprises’', async () => {
    const mine = (await ent.post('invoice/act/query/my/list', { cond: {}, page: PAGE })).data;
    expect(new Set(mine.records.map((r: { entId: number }) => r.entId))).toEqual(new Set([ent1]));
    expect(new Set(mine.records.map((r: { status: number }) => r.status))).toEqual(new Set([10, 20, 22, 30, 32, 40, 50]));
    expect(mine.summary.amount).toBeDefined();
    const toMe = (await spr.post('invoice/act/query/toMe/list', { cond: {}, page: PAGE })).data;
    expect(toMe.records.length).toBeGreaterThan(0);
    expect(toMe.records.some((r: { entId: number }) => r.entId === ent3)).toBe(false);
    expect((await sys.post('invoice/act/query/toMe/list', { cond: { entId: ent3 }, page: PAGE })).data.total).toBeGreaterThan(0);
    expect((await ent.post('invoice/act/query/toMe/list', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post('invoice/act/query/my/list', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
    const foreign = await ctx.db.selectFrom('invoice_apply').select('id').where('entId', '=', ent3).executeTakeFirstOrThrow();
    expect((await ent.post('invoice/act/query/my/get', { id: foreign.id })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await spr.post('invoice/act/query/toMe/get', { id: foreign.id })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await spr.post('invoice/act/query/toMe/inviVouchers', { applyId: foreign.id })).code).toBe(Code.OUT_OF_SCOPE);
  });

  test('the merchant reads the applications of its and its sub-merchants’ enterprises, refused others’, and writes nothing', async () => {
    const merchant = await ctx.db.selectFrom('admin_user').select('orgId').where('username', '=', DEMO_USERS.MER).executeTakeFirstOrThrow();
    const merchts = await ctx.db.selectFrom('mercht').select(['id', 'parentId']).execute();
    const mine = new Set(merchts.filter((m) => m.id === merchant.orgId || m.parentId === merchant.orgId).map((m) => m.id));
    const ents = await ctx.db.selectFrom('ent').select(['id', 'merchtId']).execute();
    const ours = new Set(ents.filter((e) => mine.has(e.merchtId)).map((e) => e.id));
    const all = await ctx.db.selectFrom('invoice_apply').select(['id', 'entId', 'status']).execute();
    const expected = all.filter((a) => ours.has(a.entId));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThanOrEqual(100);
    expect(new Set(expected.map((a) => a.entId)).size).toBeGreaterThan(1);

    const listed = await mer.post('invoice/act/query/my/list', { cond: {}, page: { limit: 100, pageNum: 1 } });
    expect(listed.code).toBe(0);
    expect(listed.data.total).toBe(expected.length);
    expect(new Set(listed.data.records.map((r: { id: number }) => r.id))).toEqual(new Set(expected.map((a) => a.id)));
    expect(listed.data.records.every((r: { entId: number; _actions: string[] }) => ours.has(r.entId) && r._actions.length === 0)).toBe(true);
    const own = expected.find((a) => a.status === 20)!;
    expect((await mer.post('invoice/act/query/my/get', { id: own.id })).data).toMatchObject({ id: own.id, _actions: [] });
    expect((await mer.post('invoice/act/query/my/inviVouchers', { applyId: own.id })).code).toBe(0);
    expect((await mer.post('invoice/act/query/my/inviFileList', { applyId: own.id })).code).toBe(0);

    // Another merchant's enterprise is out of scope, and so is its filter.
    const foreign = all.find((a) => !ours.has(a.entId))!;
    expect((await mer.post('invoice/act/query/my/get', { id: foreign.id })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await mer.post('invoice/act/query/my/inviVouchers', { applyId: foreign.id })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await mer.post('invoice/act/query/my/list', { cond: { entId: foreign.entId }, page: PAGE })).data.total).toBe(0);

    // Reading only: no application, preview, edit, cancel, voucher, and nothing of 开出记录.
    const before = await ctx.db.selectFrom('invoice_apply').select(['id', 'status', 'updatedAt']).orderBy('id').execute();
    const pending = expected.find((a) => a.status === 10)!;
    for (const [path, body] of [
      ['invoice/act/query/my/applyOptions', { entId: pending.entId }],
      ['invoice/act/query/my/preview', { entId: pending.entId, orderNos: free.slice(0, 1), itemId }],
      [`${MY}/create`, { entId: pending.entId, orderNos: free.slice(0, 1), itemId, invoiceKind: 2, medium: 1 }],
      [`${MY}/update`, { id: pending.id, remark: '改' }],
      [`${MY}/cancel`, { id: pending.id }],
      [`${MY}/inviVoucherCreate`, { applyId: pending.id, voucherType: 10, file: { url: 'x' } }],
      ['invoice/act/query/toMe/list', { cond: {}, page: PAGE }],
      [`${TO_ME}/review`, { id: pending.id, pass: true }],
    ] as const)
      expect([path, (await mer.post(path, body)).code]).toEqual([path, Code.NO_PERMISSION]);
    expect(await ctx.db.selectFrom('invoice_apply').select(['id', 'status', 'updatedAt']).orderBy('id').execute()).toEqual(before);

    // The merchant's 开票信息 rows offer the enterprise's applications; the supplier's and enterprise's do not.
    const infos = await mer.post('invoice/info/query/list', { cond: {}, page: PAGE });
    expect(infos.data.records.length).toBeGreaterThan(0);
    expect(infos.data.records.every((r: { _actions: string[] }) => r._actions.includes('applies'))).toBe(true);
    for (const client of [spr, ent]) expect((await client.post('invoice/info/query/list', { cond: {}, page: PAGE })).data.records.some((r: { _actions: string[] }) => r._actions.includes('applies'))).toBe(false);
  });

  test('an order is in at most one live application: the unique index refuses a second live link', async () => {
    const link = await ctx.db.selectFrom('invoice_apply_order').selectAll().where('liveOrderNo', 'is not', null).executeTakeFirstOrThrow();
    const second = ctx.db.insertInto('invoice_apply_order').values({ applyId: link.applyId, orderNo: link.orderNo, amountFen: 1, liveOrderNo: link.orderNo, createdAt: Date.now() }).execute();
    expect(isUniqueViolation(await second.then(() => null, (e: unknown) => e))).toBe(true);
  });

  test('two concurrent applications selecting the same order: one wins, the other answers 1009', async () => {
    expect(free.length).toBeGreaterThanOrEqual(2);
    const other = ctx.client();
    expect((await other.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
    const body = { orderNos: [free[0]], itemId, invoiceKind: 1, medium: 0 };
    const answers = await Promise.all([ent.post(`${MY}/create`, body), other.post(`${MY}/create`, { ...body, orderNos: [free[0], free[1]] })]);
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual([0, Code.CONFLICT]);
    expect(answers.find((a) => a.code !== 0)!.message).toBe('所选订单已在开票申请中');
    const won = answers.find((a) => a.code === 0)!.data.id as number;
    expect(await ctx.db.selectFrom('invoice_apply_order').select('id').where('liveOrderNo', '=', free[0]).execute()).toHaveLength(1);
    // Cancelling (ENT · 27120) releases the order; a second cancel is stale.
    expect((await ent.post(`${MY}/cancel`, { id: won })).data.status).toBe(50);
    expect(await liveOrders(won)).toEqual((await liveOrders(won)).map(() => null));
    expect(await ent.post(`${MY}/cancel`, { id: won })).toMatchObject({ code: Code.CONFLICT, message: '当前状态不允许此操作' });
  });

  test('the whole flow: apply over two orders with server amounts, edit, vouchers, review, files with OCR, express, issue, discard, re-apply', async () => {
    const orders = [free[0], free[1]];
    const expected = applicationAmounts([await paid(orders[0]), await paid(orders[1])], 60_000);
    const preview = await ent.post('invoice/act/query/my/preview', { orderNos: orders, itemId });
    expect(preview.data).toMatchObject({ amount: formatFen(expected.totalFen), tax: formatFen(expected.taxFen), exclAmount: formatFen(expected.exclFen), orderCount: 2 });
    // What the browser sends as amounts is not read: the server computes them.
    const created = await ent.post(`${MY}/create`, { orderNos: orders, itemId, invoiceKind: 1, medium: 0, amount: '1.00', remark: '11月服务费' });
    expect(created.code).toBe(0);
    const id = created.data.id as number;
    const got = (await ent.post('invoice/act/query/my/get', { id })).data;
    expect(got).toMatchObject({ amount: formatFen(expected.totalFen), tax: formatFen(expected.taxFen), exclAmount: formatFen(expected.exclFen), status: 10, applyType: 10, title: expect.any(String), orderCount: 2 });
    expect(got._actions).toEqual(expect.arrayContaining(['cancel', 'edit', 'inviVoucherCreate']));

    // Edit while pending: one order, then both again.
    expect((await ent.post(`${MY}/update`, { id, orderNos: [orders[0]] })).data.amount).toBe(formatFen(await paid(orders[0])));
    expect(await liveOrders(id)).toEqual([orders[0]]);
    expect((await ent.post(`${MY}/update`, { id, orderNos: orders, remark: '11月服务费（两笔）' })).data.amount).toBe(formatFen(expected.totalFen));
    // The edit's trail: the fields that moved (the amount by its field name), then the orders.
    const edits = await ctx.db.selectFrom('audit_log').select('changes').where('entity', '=', 'invoiceApply').where('entityId', '=', String(id)).where('action', '=', 'update').orderBy('id').execute();
    expect(JSON.parse(edits[edits.length - 1].changes)).toEqual({ amount: { from: await paid(orders[0]), to: expected.totalFen }, remark: { from: '11月服务费', to: '11月服务费（两笔）' }, orderNos: { from: orders[0], to: orders.join(',') } });
    expect((await spr.post(`${MY}/update`, { id, orderNos: orders })).code).toBe(Code.NO_PERMISSION);
    // The enterprise's information asks for 专票 or 普票 as it allows: ENT0001 keeps a complete 专票 record.
    expect((await ent.post(`${MY}/update`, { id, invoiceKind: 4 })).message).toBe('开票信息不支持该发票种类');

    // Review needs a work-completion voucher.
    expect(await spr.post(`${TO_ME}/review`, { id, pass: true })).toMatchObject({ code: Code.CONFLICT, message: '请先上传工作完成证明' });
    expect(await statusOf(id)).toBe(10);
    const proof = await upload(ent, '工作完成证明.pdf', demoPdf('Work completion'));
    expect((await ent.post(`${MY}/inviVoucherCreate`, { applyId: id, voucherType: 20, file: proof })).code).toBe(0);
    expect((await mer.post(`${MY}/inviVoucherCreate`, { applyId: id, voucherType: 20, file: proof })).code).toBe(Code.NO_PERMISSION);
    // A supplier cannot attach the enterprise's upload as its own.
    expect((await spr.post(`${TO_ME}/inviVoucherCreate`, { applyId: id, voucherType: 10, file: proof })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await ent.post(`${TO_ME}/review`, { id, pass: true })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post(`${TO_ME}/review`, { id, pass: true })).data.status).toBe(20);
    expect(await ent.post(`${MY}/cancel`, { id })).toMatchObject({ code: Code.CONFLICT });
    expect(await ent.post(`${MY}/update`, { id, remark: '改' })).toMatchObject({ code: Code.CONFLICT });
    expect(await ent.post(`${MY}/inviVoucherCreate`, { applyId: id, voucherType: 10, file: proof })).toMatchObject({ code: Code.CONFLICT, message: '当前状态不允许上传凭证' });
    const vouchers = (await spr.post('invoice/act/query/toMe/inviVouchers', { applyId: id })).data;
    expect(vouchers).toHaveLength(1);
    expect(vouchers[0]).toMatchObject({ voucherType: 20, file: { name: '工作完成证明.pdf' }, _actions: ['delete'] });
    const voucherFile = await spr.get('invoice/act/query/toMe/inviVoucherFile', { id: String(vouchers[0].id) });
    expect(voucherFile.statusCode).toBe(200);

    // Issue needs files adding up to the total; OCR reads the invoice's marks.
    expect(await spr.post(`${TO_ME}/issue`, { id })).toMatchObject({ code: Code.CONFLICT, message: '发票金额合计与申请金额不一致' });
    const half = Math.floor(expected.totalFen / 2);
    const pdf = (total: number, no: string) => demoPdf(`InvoiceNo: ${no} Date: 2026-11-20 Total: ${formatFen(total)} Tax: ${formatFen(applicationAmounts([total], 60_000).taxFen)}`);
    const first = await upload(spr, '发票1.pdf', pdf(half, '26112000000000000001'));
    const read = await spr.post(`${TO_ME}/ocrVatInvoice`, { file: first });
    expect(read.data).toMatchObject({ invoiceNo: '26112000000000000001', invoiceDate: '2026-11-20', total: formatFen(half) });
    const blank = await upload(spr, '照片.png', Buffer.from('not an invoice'));
    expect(await spr.post(`${TO_ME}/ocrVatInvoice`, { file: blank })).toMatchObject({ code: Code.VALIDATION, message: '未能识别发票信息，请手工填写' });
    expect((await ent.post(`${TO_ME}/ocrVatInvoice`, { file: first })).code).toBe(Code.NO_PERMISSION);
    const fileBody = { applyId: id, ...read.data, file: first };
    expect((await spr.post(`${TO_ME}/inviFileCreate`, { ...fileBody, tax: '99999999.00' })).message).toBe('税额格式错误');
    const fileId = (await spr.post(`${TO_ME}/inviFileCreate`, fileBody)).data.id as number;
    expect(await spr.post(`${TO_ME}/issue`, { id })).toMatchObject({ message: '发票金额合计与申请金额不一致' });
    const second = await upload(spr, '发票2.pdf', pdf(expected.totalFen - half, '26112000000000000002'));
    const read2 = (await spr.post(`${TO_ME}/ocrVatInvoice`, { file: second })).data;
    const secondId = (await spr.post(`${TO_ME}/inviFileCreate`, { applyId: id, ...read2, total: '1.00', tax: '0.06', file: second })).data.id as number;
    expect(await spr.post(`${TO_ME}/issue`, { id })).toMatchObject({ message: '发票金额合计与申请金额不一致' });
    expect((await spr.post(`${TO_ME}/inviFileUpdate`, { id: secondId, ...read2, file: second })).code).toBe(0);
    // Paper: the express comes first.
    expect(await spr.post(`${TO_ME}/issue`, { id })).toMatchObject({ message: '纸质发票请先填写快递信息' });
    expect((await spr.post(`${TO_ME}/inviUpdateExpress`, { id, expressCompany: 'XX', expressNo: 'SF1234567890' })).message).toBe('请选择快递公司');
    expect((await spr.post(`${TO_ME}/inviUpdateExpress`, { id, expressCompany: 'SF', expressNo: 'SF1234567890' })).data).toMatchObject({ expressCompany: 'SF', expressNo: 'SF1234567890' });
    expect((await spr.post(`${TO_ME}/issue`, { id })).data.status).toBe(30);
    expect((await spr.post(`${TO_ME}/inviFileDelete`, { id: fileId })).code).toBe(Code.CONFLICT);
    expect((await spr.post(`${TO_ME}/inviFileCreate`, fileBody)).code).toBe(Code.CONFLICT);

    // The enterprise sees the issued invoice and previews its file.
    const files = (await ent.post('invoice/act/query/my/inviFileList', { applyId: id })).data;
    expect(files.map((f: { status: number; _actions: string[] }) => [f.status, f._actions])).toEqual([[0, []], [0, []]]);
    const served = await ent.get('invoice/act/query/my/inviFile', { id: String(files[0].id) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.body).toContain('InvoiceNo: 26112000000000000001');
    // The enterprise's merchant reads it too (MER0001 brings ENT0001).
    expect((await mer.get('invoice/act/query/my/inviFile', { id: String(files[0].id) })).headers['content-type']).toBe('application/pdf');

    // Discard (reason required) releases the orders and discards the files; the enterprise applies again.
    expect((await spr.post(`${TO_ME}/discard`, { id })).message).toBe('请输入原因');
    expect((await spr.post(`${TO_ME}/discard`, { id, reason: '发票抬头有误' })).data).toMatchObject({ status: 40, reason: '发票抬头有误' });
    expect(await liveOrders(id)).toEqual([null, null]);
    expect((await ctx.db.selectFrom('invoice_file').select('status').where('applyId', '=', id).execute()).map((f) => f.status)).toEqual([10, 10]);
    const again = (await ent.post('invoice/act/query/my/applyOptions', {})).data.orders.map((o: { orderNo: string }) => o.orderNo);
    expect(again).toEqual(expect.arrayContaining(orders));
    const reapplied = await ent.post(`${MY}/create`, { orderNos: orders, itemId, invoiceKind: 1, medium: 0 });
    expect(reapplied.code).toBe(0);
    // Review fail (SPR · 27250) with a reason releases them once more.
    expect((await spr.post(`${TO_ME}/review`, { id: reapplied.data.id, pass: false, reason: '缺少验收材料' })).data).toMatchObject({ status: 22, reason: '缺少验收材料' });
    expect(await liveOrders(reapplied.data.id)).toEqual([null, null]);

    const trail = (await spr.post('invoice/act/query/toMe/get', { id })).data.trail.map((t: { label: string }) => t.label);
    expect(trail).toEqual(expect.arrayContaining(['作废', '开票', '审核通过']));
  });

  test('refusals of the enterprise’s application: foreign or unfinished orders, another supplier’s item, missing information', async () => {
    const unfinished = await ctx.db.selectFrom('pay_order').select('orderNo').where('entId', '=', ent1).where('status', 'not in', [62, 162]).executeTakeFirstOrThrow();
    expect((await ent.post(`${MY}/create`, { orderNos: [unfinished.orderNo], itemId })).message).toBe('请选择已完成的代发订单');
    const foreignOrder = await ctx.db.selectFrom('pay_order').select('orderNo').where('entId', '<>', ent1).where('status', 'in', [62, 162]).executeTakeFirstOrThrow();
    expect((await ent.post(`${MY}/create`, { orderNos: [foreignOrder.orderNo], itemId })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await ent.post(`${MY}/create`, { orderNos: [], itemId })).message).toBe('请选择已完成的代发订单');
    const otherItem = await ctx.db.selectFrom('invoice_item').select('id').where('supplierId', '<>', (await ctx.db.selectFrom('ent').select('supplierId').where('id', '=', ent1).executeTakeFirstOrThrow()).supplierId).executeTakeFirstOrThrow();
    expect((await ent.post(`${MY}/create`, { orderNos: [free[0]], itemId: otherItem.id })).message).toBe('请选择开票项目');
    expect((await spr.post(`${MY}/create`, { entId: ent1, orderNos: [free[0]], itemId })).code).toBe(Code.NO_PERMISSION);
    expect((await sys.post(`${MY}/create`, { entId: 999_999, orderNos: [free[0]], itemId })).code).toBe(Code.NOT_FOUND);
    await ctx.db.deleteFrom('invoice_info').where('entId', '=', ent1).execute();
    expect((await sys.post(`${MY}/create`, { entId: ent1, orderNos: [free[0]], itemId })).message).toBe('请先维护开票信息');
  });

  test('free applications (type 90) by the supplier: amount named, tax computed, no orders; the enterprise cannot make one', async () => {
    const created = await spr.post(`${TO_ME}/create`, { entId: ent1, itemId, invoiceKind: 2, medium: 1, amount: '1314.81', remark: '线下服务费' });
    expect(created.code).toBe(0);
    expect((await spr.post('invoice/act/query/toMe/get', { id: created.data.id })).data).toMatchObject({ applyType: 90, amount: '1314.81', tax: '74.42', exclAmount: '1240.39', orderCount: 0, status: 10 });
    expect((await spr.post(`${TO_ME}/create`, { entId: ent3, itemId, invoiceKind: 2, medium: 1, amount: '100.00' })).code).not.toBe(0);
    expect((await spr.post(`${TO_ME}/create`, { entId: ent1, itemId, invoiceKind: 2, medium: 1, amount: '0' })).message).toBe('开票金额必须大于0');
    expect((await ent.post(`${TO_ME}/create`, { entId: ent1, itemId, invoiceKind: 2, medium: 1, amount: '100.00' })).code).toBe(Code.NO_PERMISSION);
  });

  test('every transition refused from every state it does not start from, and by account types it is not for', async () => {
    const rows = await ctx.db.selectFrom('invoice_apply').select(['id', 'status']).where('entId', '=', ent1).where('applyType', '=', 90).execute();
    const byStatus = new Map(rows.map((r) => [r.status, r.id]));
    for (const [entity, client] of [[invoiceApply, ent], [invoiceApplyToMe, spr]] as const) {
      for (const [name, t] of Object.entries(entity.machine!.transitions)) {
        for (const [status, id] of byStatus) {
          if (t.from.includes(status)) continue;
          const answer = await client.post(`${entity.paths.mgr}/${name}`, { id, reason: '测试' });
          expect([name, status, answer.code, answer.message]).toEqual([name, status, Code.CONFLICT, '当前状态不允许此操作']);
          expect(await statusOf(id)).toBe(status);
        }
      }
    }
    const pending = byStatus.get(10)!;
    expect((await mer.post(`${MY}/cancel`, { id: pending })).code).toBe(Code.NO_PERMISSION);
    expect((await ent.post(`${TO_ME}/reviewFail`, { id: pending, reason: 'x' })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post(`${MY}/cancel`, { id: pending })).code).toBe(Code.NO_PERMISSION);
    // The allowed ones from the demo rows: 20 → 32 (issue failed) and 10 → 50 by the platform.
    expect((await spr.post(`${TO_ME}/issueFail`, { id: byStatus.get(20)!, reason: '税控盘故障' })).data.status).toBe(32);
    expect((await sys.post(`${MY}/cancel`, { id: pending })).data.status).toBe(50);
  });

  test('exports: the list (mode 10) and the application information (mode 20) download once', async () => {
    for (const [client, tokenPath, exportPath] of [
      [ent, 'invoice/act/query/my/genExportExcelToken', 'invoice/act/query/my/export'],
      [spr, 'invoice/act/query/toMe/genExportExcelToken', 'invoice/act/query/toMe/export'],
      [spr, `${TO_ME}/export2`, 'invoice/act/query/toMe/applyInfo/export'],
    ] as const) {
      const token = await client.post(tokenPath, { cond: {} });
      expect(token.code).toBe(0);
      const file = await client.get(exportPath, { token: token.data.token });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheet');
      expect((await client.get(exportPath, { token: token.data.token })).json().code).toBe(Code.VALIDATION);
    }
    expect((await ent.post(`${TO_ME}/export2`, { cond: {} })).code).toBe(Code.NO_PERMISSION);
  });
});
