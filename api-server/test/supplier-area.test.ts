import crypto from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { MONEY_MESSAGES, SUPPLIER_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { SupplierMessages } from '../src/domain/supplier/index';
import { Messages } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser } from './support/users';

const PAGE = { limit: 100, pageNum: 1 };

describe.each(DIALECTS)('供应商管理 area on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  let sub: SignedClient;
  const ids = { spr1: 0, spr2: 0, virtual: 0, distributor: 0 };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent, sub] = [ctx.client(), ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    await createSubUser(ctx.db, 'sprNoCodes1', 'Sub@2026pass', DEMO_USERS.SPR);
    for (const [client, name, password] of [
      [sys, DEMO_USERS.SYS, DEMO_PASSWORD],
      [spr, DEMO_USERS.SPR, DEMO_PASSWORD],
      [mer, DEMO_USERS.MER, DEMO_PASSWORD],
      [ent, DEMO_USERS.ENT, DEMO_PASSWORD],
      [sub, 'sprNoCodes1', 'Sub@2026pass'],
    ] as const)
      expect((await client.login(name, password)).code).toBe(0);
    const code = async (merchtCode: string) => (await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', merchtCode).executeTakeFirstOrThrow()).id;
    Object.assign(ids, { spr1: await code('SPR0001'), spr2: await code('SPR0002'), virtual: await code('SPR0003'), distributor: await code('SPR0004') });
  });
  afterAll(() => ctx.close());

  const list = async (client: SignedClient, path: string, cond: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    client.post(path, { cond, page: PAGE, ...extra });
  const auditRows = (entity: string, entityId: number) =>
    ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).where('entityId', '=', String(entityId)).orderBy('id').execute();

  describe('tax sources (SYS)', () => {
    test('list presents money, ratios and dates; SPR/MER/ENT are refused 3001', async () => {
      const answer = await list(sys, 'taxSource/query/list', {}, { orderBy: [{ field: 'tsCode', dir: 'asc' }] });
      expect(answer.code).toBe(0);
      expect(answer.data.total).toBe(4);
      expect(answer.data.records[0]).toMatchObject({ tsCode: 'TS0001', name: '海南洋浦经济开发区', singleLimit: '50000.00', monthlyLimit: '100000.00', vatRate: '6.0000', status: 0 });
      expect(answer.data.records[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(answer.data.records[0]._actions).toEqual(['update', 'disable']);
      expect(answer.data.records[3]._actions).toEqual(['update', 'enable']);
      for (const client of [spr, mer, ent]) expect((await list(client, 'taxSource/query/list')).code).toBe(3001);
      expect((await sys.post('taxSource/query/querySimple', {})).data.map((o: { label: string }) => o.label)).toContain('江西赣州高新区');
    });

    test('money range compares fen with fen; like treats % literally; unknown sort is refused', async () => {
      const hits = await list(sys, 'taxSource/query/list', { monthlyLimit: ['80000.00', '99999.99'] });
      expect(hits.data.records.map((r: { tsCode: string }) => r.tsCode)).toEqual(['TS0003']);
      const exact = await list(sys, 'taxSource/query/list', { monthlyLimit: ['100000', '100000.00'] });
      expect(exact.data.total).toBe(2);
      expect((await list(sys, 'taxSource/query/list', { name: '%' })).data.total).toBe(0);
      expect((await list(sys, 'taxSource/query/list', { name: '赣州' })).data.total).toBe(1);
      expect((await list(sys, 'taxSource/query/list', { monthlyLimit: 'abc' })).code).toBe(1001);
      expect((await list(sys, 'taxSource/query/list', {}, { orderBy: [{ field: 'remark', dir: 'asc' }] })).code).toBe(1001);
    });

    test('derived validation: required, max length, wrong types answer 1001 in Chinese and write nothing', async () => {
      const valid = { name: '广西钦州保税港区', province: '广西', city: '钦州', singleLimit: '50000.00', monthlyLimit: '100000.00', vatRate: '6.0000' };
      const before = await ctx.db.selectFrom('tax_source').select('id').execute();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...valid, name: '' }, '请输入税源地名称'],
        [{ ...valid, name: null }, '请输入税源地名称'],
        [{ ...valid, name: '长'.repeat(51) }, '税源地名称不能超过50个字符'],
        [{ ...valid, name: { x: 1 } }, '税源地名称格式错误'],
        [{ ...valid, singleLimit: 'abc' }, '单笔限额(元)须为不小于0且最多两位小数的金额'],
        [{ ...valid, singleLimit: [1] }, '单笔限额(元)格式错误'],
        [{ ...valid, vatRate: '6.12345' }, '增值税率(%)须为0到100之间、最多四位小数的百分比'],
        [{ ...valid, monthlyLimit: undefined }, '请输入个人月限额(元)'],
      ];
      for (const [body, message] of cases) {
        const answer = await sys.post('taxSource/mgr/create', body);
        expect([answer.code, answer.message]).toEqual([1001, message]);
      }
      expect(await ctx.db.selectFrom('tax_source').select('id').execute()).toEqual(before);
      const created = await sys.post('taxSource/mgr/create', { ...valid, taxAuthority: '' });
      expect(created.code).toBe(0);
      const row = await ctx.db.selectFrom('tax_source').selectAll().where('id', '=', created.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ tsCode: 'TS0005', singleLimitFen: 5_000_000, vatRate: 60_000, taxAuthority: null, status: 0 });
      expect(Number(row.monthlyLimitFen)).toBe(10_000_000);
      const updated = await sys.post('taxSource/mgr/update', { id: created.data.id, singleLimit: '40000.5' });
      expect(updated.data).toMatchObject({ singleLimit: '40000.50', name: '广西钦州保税港区' });
      expect((await auditRows('taxSource', created.data.id)).map((a) => a.action)).toEqual(['create', 'update']);
      expect((await spr.post('taxSource/mgr/create', valid)).code).toBe(3001);
    });

    test('transitions: allowed once, the stale second attempt 1009 changes nothing; audit has from/to/reason', async () => {
      const id = (await ctx.db.selectFrom('tax_source').select('id').where('tsCode', '=', 'TS0002').executeTakeFirstOrThrow()).id;
      expect((await sys.post('taxSource/mgr/disable', { id })).message).toBe('请输入禁用原因');
      const done = await sys.post('taxSource/mgr/disable', { id, reason: '园区政策到期' });
      expect(done.code).toBe(0);
      expect(done.data).toMatchObject({ status: 1, _actions: ['update', 'enable'] });
      const stale = await sys.post('taxSource/mgr/disable', { id, reason: '再次禁用' });
      expect([stale.code, stale.message]).toEqual([1009, '当前状态不允许此操作']);
      const trail = await auditRows('taxSource', id);
      expect(trail).toHaveLength(1);
      expect(JSON.parse(trail[0].changes)).toEqual({ status: { from: 0, to: 1 }, reason: { from: null, to: '园区政策到期' } });
      expect(trail[0]).toMatchObject({ action: 'disable', operatorAccount: DEMO_USERS.SYS });
      const got = await sys.post('taxSource/query/get', { id });
      expect(got.data.trail[0]).toMatchObject({ action: 'disable', label: '禁用', reason: '园区政策到期', operatorAccount: DEMO_USERS.SYS });
      // updateStatus resolves to the machine's transition; a status without one is 1009.
      expect((await sys.post('taxSource/mgr/updateStatus', { id, status: 0 })).data.status).toBe(0);
      expect((await sys.post('taxSource/mgr/updateStatus', { id, status: 0 })).code).toBe(1009);
      expect((await sys.post('taxSource/mgr/updateStatus', { id, status: 30 })).code).toBe(1009);
      expect((await spr.post('taxSource/mgr/disable', { id, reason: 'x' })).code).toBe(3001);
      expect(await auditRows('taxSource', id)).toHaveLength(2);
    });

    test('statistics per month and tax source', async () => {
      const cust = await sys.post('taxSource/query/custStats/list', { cond: {} });
      expect(cust.code).toBe(0);
      expect(cust.data.records.length).toBeGreaterThan(0);
      expect(cust.data.records[0]).toEqual(expect.objectContaining({ month: expect.stringMatching(/^\d{4}-\d{2}$/), taxSourceName: expect.any(String), custCount: expect.any(Number) }));
      const ts = await sys.post('taxSource/query/tsStats/list', { cond: {} });
      expect(ts.code).toBe(0);
      expect(ts.data.records[0]).toEqual(expect.objectContaining({ amount: expect.stringMatching(/^\d+\.\d{2}$/), orderCount: expect.any(Number), entCount: expect.any(Number) }));
      expect((await sys.post('taxSource/query/tsStats/list', { cond: { month: ['2026/01', null] } })).code).toBe(1001);
      expect((await spr.post('taxSource/query/tsStats/list', { cond: {} })).code).toBe(3001);
    });
  });

  describe('suppliers', () => {
    test('scope: SYS all; SPR itself and its virtual child; MER and ENT their supplier only', async () => {
      const codes = async (client: SignedClient) => (await list(client, 'supplier/query/list')).data.records.map((r: { merchtCode: string }) => r.merchtCode).sort();
      expect(await codes(sys)).toEqual(['SPR0001', 'SPR0002', 'SPR0003', 'SPR0004', 'SPR0005']);
      expect(await codes(spr)).toEqual(['SPR0001', 'SPR0003']);
      expect(await codes(mer)).toEqual(['SPR0001']);
      expect(await codes(ent)).toEqual(['SPR0001']);
      const records = (await list(sys, 'supplier/query/list', { merchtCode: 'SPR0003' })).data.records;
      expect(records[0]).toMatchObject({ parentId: ids.spr1, parentName: '海南云聚人力资源服务有限公司', merchtType: 200 });
      const own = (await list(sys, 'supplier/query/list', { merchtCode: 'SPR0001' })).data.records[0];
      expect(own).toMatchObject({ taxSourceName: '海南洋浦经济开发区' });
      expect((await spr.post('supplier/query/get', { id: ids.spr2 })).code).toBe(3002);
      expect((await ent.post('supplier/query/get', { id: ids.spr1 })).code).toBe(0);
      expect((await sys.post('supplier/query/get', { id: 999_999 })).code).toBe(1004);
      expect((await list(sub, 'supplier/query/list')).code).toBe(3001);
      // Only the platform writes suppliers; others see no actions.
      expect((await list(spr, 'supplier/query/list')).data.records[0]._actions).toEqual([]);
      expect((await spr.post('supplier/mgr/update', { id: ids.spr1, name: '改名' })).code).toBe(3001);
    });

    test('type rules: a 200 needs a 300 parent, a 300 a tax source', async () => {
      const base = { name: '测试供应商', contactName: '张三', contactPhone: '13900001111' };
      const ts = (await ctx.db.selectFrom('tax_source').select('id').where('tsCode', '=', 'TS0001').executeTakeFirstOrThrow()).id;
      expect((await sys.post('supplier/mgr/create', { ...base, merchtType: 200 })).message).toBe(SUPPLIER_MESSAGES.virtualParent);
      expect((await sys.post('supplier/mgr/create', { ...base, merchtType: 200, parentId: ids.distributor })).message).toBe(SupplierMessages.parentType);
      expect((await sys.post('supplier/mgr/create', { ...base, merchtType: 300 })).message).toBe(SUPPLIER_MESSAGES.taxSource);
      expect((await sys.post('supplier/mgr/create', { ...base, merchtType: 7 })).message).toBe('请选择有效的供应商类型');
      expect((await sys.post('supplier/mgr/create', { ...base, merchtType: 300, taxSourceId: 'x' })).message).toBe('税源地格式错误');
      const created = await sys.post('supplier/mgr/create', { ...base, merchtType: 300, taxSourceId: ts });
      expect(created.code).toBe(0);
      const row = await ctx.db.selectFrom('mercht').selectAll().where('id', '=', created.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ merchtCode: 'SPR0006', merchtType: 300, taxSourceId: ts, status: 0 });
      const virtual = await sys.post('supplier/mgr/create', { ...base, name: '测试虚拟供应商', merchtType: 200, parentId: created.data.id });
      expect(virtual.code).toBe(0);
    });

    test('pay-channel config: own supplier only for SPR, one per channel, enabled channels only', async () => {
      const mine = await list(spr, 'supplier/query/config/list');
      expect(mine.data.records.every((r: { supplierId: number }) => r.supplierId === ids.spr1)).toBe(true);
      expect(mine.data.records[0]).toEqual(expect.objectContaining({ supplierName: '海南云聚人力资源服务有限公司', channelName: expect.any(String), _actions: ['update'] }));
      const body = { supplierId: ids.spr1, channel: 6, configType: 210, payeeAcctName: '海南云聚', payeeAcct: '6222020200112233445', payeeBank: '工商银行', status: 0 };
      expect([(await spr.post('supplier/mgr/config/create', body)).code, (await spr.post('supplier/mgr/config/create', body)).message]).toEqual([1009, SupplierMessages.channelTaken]);
      expect((await spr.post('supplier/mgr/config/create', { ...body, channel: 2 })).message).toBe(MONEY_MESSAGES.channelOff);
      expect((await spr.post('supplier/mgr/config/create', { ...body, supplierId: ids.spr2, channel: 3 })).code).toBe(3002);
      const other = (await ctx.db.selectFrom('supplier_config').select('id').where('supplierId', '=', ids.spr2).executeTakeFirstOrThrow()).id;
      expect((await spr.post('supplier/mgr/config/update', { id: other, payeeBank: '改' })).code).toBe(3002);
      expect((await spr.post('supplier/query/config/get', { id: other })).code).toBe(3002);
      expect((await mer.post('supplier/query/config/list', { cond: {}, page: PAGE })).code).toBe(3001);
      const created = await sys.post('supplier/mgr/config/create', { ...body, supplierId: ids.spr2, channel: 3, configType: 102 });
      expect(created.code).toBe(0);
    });

    test('SMS config addOrUpdate and delete; tax proofs with their file; distributor config', async () => {
      const sms = { supplierId: ids.spr1, smsType: 10, signName: '云聚', templateCode: 'SMS_1', templateText: '验证码${code}' };
      const before = (await list(spr, 'supplier/query/sms/config/list')).data.total;
      expect((await spr.post('supplier/mgr/sms/config/addOrUpdate', sms)).code).toBe(0);
      expect((await list(spr, 'supplier/query/sms/config/list')).data.total).toBe(before);
      const row = await ctx.db.selectFrom('supplier_sms_config').selectAll().where('supplierId', '=', ids.spr1).where('smsType', '=', 10).executeTakeFirstOrThrow();
      expect(row.signName).toBe('云聚');
      expect((await spr.post('supplier/mgr/sms/config/delete', { id: row.id })).code).toBe(0);
      expect((await spr.post('supplier/mgr/sms/config/addOrUpdate', { ...sms, supplierId: ids.spr2 })).code).toBe(3002);

      const proofs = await list(spr, 'supplier/query/taxProof/invoice/list', { amount: ['12864.50', '15320.78'] });
      expect(proofs.data.total).toBe(2);
      expect(proofs.data.summary).toEqual({ amount: '28185.28' });
      const id = proofs.data.records[0].id;
      const file = await spr.get('supplier/query/taxProof/invoice/file', { id: String(id) });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const foreign = (await ctx.db.selectFrom('supplier_tax_proof').select('id').where('supplierId', '=', ids.spr2).executeTakeFirstOrThrow()).id;
      expect((await spr.get('supplier/query/taxProof/invoice/file', { id: String(foreign) })).json().code).toBe(3002);

      const content = Buffer.from('%PDF-1.4 test');
      const upload = await spr.post('file/upload', { name: '凭证.pdf', contentBase64: content.toString('base64'), fileMd5: crypto.createHash('md5').update(content).digest('hex') });
      expect(upload.code).toBe(0);
      expect((await spr.post('file/upload', { name: '凭证.pdf', contentBase64: content.toString('base64'), fileMd5: '0'.repeat(32) })).code).toBe(1001);
      const created = await spr.post('supplier/mgr/taxProof/invoice/create', { supplierId: ids.spr1, month: '2026-11', invoiceNo: '3346012611000001', amount: '100.00', file: upload.data });
      expect(created.code).toBe(0);
      expect((await spr.post('supplier/mgr/taxProof/invoice/create', { supplierId: ids.spr1, month: '2026-11', invoiceNo: '1', amount: '1', file: { url: 'http://evil' } })).message).toBe('请上传凭证文件');
      expect((await spr.post('supplier/mgr/taxProof/invoice/delete', { id: created.data.id })).code).toBe(0);
      expect((await spr.post('supplier/mgr/taxProof/invoice/delete', { id: foreign })).code).toBe(3002);

      const distor = await sys.post('supplier/distor/config/get', { id: (await ctx.db.selectFrom('distributor_config').select('id').executeTakeFirstOrThrow()).id });
      expect(distor.data).toMatchObject({ supplierName: '杭州聚才分销服务有限公司', upstreamName: '江西赣通企业服务有限公司', ratio: '1.5000' });
      expect((await sys.post('supplier/distor/config/add', { supplierId: ids.spr1, upstreamId: ids.spr2, ratio: '1.0000' })).message).toBe(SupplierMessages.distributor);
      expect((await spr.post('supplier/distor/config/update', { id: distor.data.id, ratio: '2.0000' })).code).toBe(3002);
    });
  });

  describe('pay channels and platforms', () => {
    test('nine channels, 0/1/3/6/99 enabled; bank config read by SPR, written by SYS', async () => {
      const all = await list(sys, 'payChannel/query/list', {}, { orderBy: [{ field: 'channel', dir: 'asc' }] });
      expect(all.data.records.map((r: { channel: number; status: number }) => `${r.channel}:${r.status}`)).toEqual(['0:0', '1:0', '2:1', '3:0', '4:1', '5:1', '6:0', '7:1', '99:0']);
      expect((await ent.post('payChannel/query/listAll', {})).data).toHaveLength(9);
      expect((await mer.post('payChannel/querySimple', {})).code).toBe(0);
      const banks = await list(spr, 'payChannel/config/bank/query/list', { channel: 1 });
      expect(banks.data.records[0]).toMatchObject({ channelName: '网银通道A', _actions: [] });
      expect((await spr.post('payChannel/config/bank/mgr/update', { id: banks.data.records[0].id, bankName: 'x' })).code).toBe(3001);
      expect((await sys.post('payChannel/config/bank/mgr/add', { channel: 1, bankCode: 'ICBC', bankName: '工行', singleLimit: '1.00', dayLimit: '2.00', status: 0 })).code).toBe(1009);
      expect((await sys.post('payChannel/mgr/disable', { channel: 6, reason: '通道维护' })).data.status).toBe(1);
      expect((await sys.post('payChannel/mgr/enable', { channel: 6 })).data.status).toBe(0);
    });

    test('xkj platforms (SYS) and a supplier tax channel per platform (SYS, own SPR)', async () => {
      expect((await list(sys, 'xkj/platform/query/list')).data.total).toBe(3);
      expect((await sys.post('xkj/platform/query/listSimple', {})).data[0]).toEqual(expect.objectContaining({ value: expect.any(Number), label: expect.any(String) }));
      expect((await list(spr, 'xkj/platform/query/list')).code).toBe(3001);
      const mine = await list(spr, 'xkj/supplier/tsChannel/query/list');
      expect(mine.data.records.every((r: { supplierId: number }) => r.supplierId === ids.spr1)).toBe(true);
      const platform = mine.data.records[0].platformId;
      expect((await spr.post('xkj/supplier/tsChannel/mgr/create', { supplierId: ids.spr1, platformId: platform, account: 'dup', status: 0 })).code).toBe(1009);
      expect((await spr.post('xkj/supplier/tsChannel/mgr/create', { supplierId: ids.spr2, platformId: platform, account: 'x', status: 0 })).code).toBe(3002);
      const other = (await ctx.db.selectFrom('supplier_ts_channel').select('id').where('supplierId', '=', ids.spr2).executeTakeFirstOrThrow()).id;
      expect((await spr.post('xkj/supplier/tsChannel/query/get', { id: other })).code).toBe(3002);
      expect((await mer.post('xkj/supplier/tsChannel/query/get', { id: other })).code).toBe(3001);
      expect(Messages.outOfScope).toBe('无权查看相关数据');
    });
  });
});
