/** Issue 11 (first part): 开票信息 and 开票项目 per account type on SQLite and PostgreSQL. */
import { invoiceInfoError } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const PAGE = { limit: 100, pageNum: 1 };

describe('invoiceInfoError (DOMAIN.md §5)', () => {
  test('a 专票 needs address, phone, bank and account; other kinds do not', () => {
    const full = { invoiceKind: 1, address: '北京市朝阳区建国路88号', phone: '010-85801234', bankName: '中国银行', bankAccount: '110060123456789012' };
    expect(invoiceInfoError(full)).toBeNull();
    expect(invoiceInfoError({ ...full, bankAccount: ' ' })).toBe('专票需完整开票信息');
    expect(invoiceInfoError({ invoiceKind: 2 })).toBeNull();
  });
});

describe.each(DIALECTS)('开票信息 and 开票项目 on %s', (dialect) => {
  let ctx: TestContext;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  let ent1: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [[spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const) expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    ent1 = (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => ctx.close());

  test('the enterprise keeps its own information; a 专票 without the bank account is refused and nothing changes', async () => {
    const before = await ctx.db.selectFrom('invoice_info').selectAll().where('entId', '=', ent1).executeTakeFirstOrThrow();
    const refused = await ent.post('invoice/info/mgr/update', { entId: ent1, invoiceKind: 1, bankAccount: '' });
    expect(refused).toMatchObject({ code: Code.VALIDATION, message: '专票需完整开票信息' });
    expect(await ctx.db.selectFrom('invoice_info').selectAll().where('entId', '=', ent1).executeTakeFirstOrThrow()).toEqual(before);
    expect((await ent.post('invoice/info/mgr/update', { entId: ent1, title: '北京星辰物流有限公司（开票）', medium: 1 })).code).toBe(0);
    expect((await ent.post('invoice/info/query/get', { entId: ent1 })).data).toMatchObject({ title: '北京星辰物流有限公司（开票）', medium: 1, invoiceKind: 1 });
  });

  test('supplier and merchant read their enterprises’ information but cannot change it', async () => {
    const listed = await spr.post('invoice/info/query/list', { cond: {}, page: PAGE });
    expect(listed.data.records.map((r: { entId: number }) => r.entId)).toContain(ent1);
    expect((await mer.post('invoice/info/query/get', { entId: ent1 })).code).toBe(0);
    expect((await spr.post('invoice/info/mgr/update', { entId: ent1, title: '改抬头' })).code).toBe(Code.NO_PERMISSION);
  });

  test('a supplier keeps its own invoice items: the 19-digit code is checked, names are unique, the enterprise sees none', async () => {
    const item = { itemName: '*现代服务*劳务派遣服务', taxCode: '3040802020000000000', taxRate: '6.0000' };
    expect(await spr.post('invoice/item/mgr/create', { ...item, taxCode: '30408' })).toMatchObject({ code: Code.VALIDATION, message: '税收分类编码应为19位数字' });
    const created = await spr.post('invoice/item/mgr/create', item);
    expect(created.code).toBe(0);
    expect(await spr.post('invoice/item/mgr/create', item)).toMatchObject({ code: Code.CONFLICT, message: '该开票项目已存在' });
    const simple = await spr.post('invoice/item/query/listSimple', {});
    expect(simple.data.map((o: { label: string }) => o.label)).toContain('*现代服务*劳务派遣服务');
    expect((await ent.post('invoice/item/query/list', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
  });
});
