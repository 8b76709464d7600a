import { maskPersonal } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { NOTICE_MESSAGES as NoticeMessages } from '@flexpay/shared-utility/src/pure';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser } from './support/users';

const PAGE = { limit: 100, pageNum: 1 };

describe.each(DIALECTS)('系统公告, 签约协议, 操作日志 and 短信记录 on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  const list = (client: SignedClient, path: string, cond: Record<string, unknown> = {}) => client.post(path, { cond, page: PAGE });
  const titles = (answer: { data: Array<{ title: string }> }) => answer.data.map((n) => n.title);

  describe('notices', () => {
    test('SYS lists every notice; a supplier only those it published; MER and ENT have no access', async () => {
      const all = await list(sys, 'notice/query/list');
      expect(all.data.total).toBe(4);
      expect(all.data.records.find((n: { title: string }) => n.title === '月末结算时间调整')).toMatchObject({ publisherName: '海南云聚人力资源服务有限公司', target: 20, status: 0 });
      const own = await list(spr, 'notice/query/list');
      expect(own.data.records.map((n: { title: string }) => n.title).sort()).toEqual(['国庆假期代发安排', '月末结算时间调整']);
      expect(own.data.records[0]._actions).toEqual(['update']);
      for (const client of [mer, ent]) expect((await list(client, 'notice/query/list')).code).toBe(3001);
      const platformNotice = all.data.records.find((n: { title: string }) => n.title === '系统升级通知');
      expect((await spr.post('notice/query/get', { id: platformNotice.id })).code).toBe(3002);
      expect((await spr.post('notice/mgr/update', { id: platformNotice.id, title: '篡改' })).code).toBe(3002);
    });

    test('a supplier’s notice reaches only the organisations under it; the window is checked', async () => {
      const before = (await sys.post('notice/query/list', { cond: {}, page: PAGE })).data.total;
      const bad = await spr.post('notice/mgr/create', { title: '窗口错误', content: '内容', target: 0, publishAt: '2026-12-02 10:00:00', expireAt: '2026-12-01 10:00:00' });
      expect([bad.code, bad.message]).toEqual([1001, NoticeMessages.window]);
      expect((await spr.post('notice/mgr/create', { title: '', content: '内容', target: 0 })).message).toBe('请输入标题');
      expect((await sys.post('notice/query/list', { cond: {}, page: PAGE })).data.total).toBe(before);

      // The body cannot publish in the platform's name.
      const created = await spr.post('notice/mgr/create', { title: '供应商通知：结算账户变更', content: '本月起结算账户变更，请留意。', target: 20, publisherId: null });
      expect(created.code).toBe(0);
      expect((await spr.post('notice/query/get', { id: created.data.id })).data).toMatchObject({ publisherName: '海南云聚人力资源服务有限公司', status: 0 });

      // ENT0001 works under SPR0001 and sees it; ENT0003 (SPR0002) and the merchant (target 20) do not.
      expect(titles(await ent.post('notice/show'))).toContain('供应商通知：结算账户变更');
      expect(titles(await mer.post('notice/show'))).not.toContain('供应商通知：结算账户变更');
      const ent3 = await ctx.db.selectFrom('ent').select(['id', 'entCode']).where('entCode', '=', 'ENT0003').executeTakeFirstOrThrow();
      const foreignUser = await createSubUser(ctx.db, 'ent3Reader1', 'Reader@2026', DEMO_USERS.ENT);
      await ctx.db.updateTable('admin_user').set({ orgId: ent3.id, terCode: ent3.entCode }).where('userId', '=', foreignUser).execute();
      const foreign = ctx.client();
      expect((await foreign.login('ent3Reader1', 'Reader@2026')).code).toBe(0);
      const seenByForeign = titles(await foreign.post('notice/show'));
      expect(seenByForeign).toContain('系统升级通知');
      expect(seenByForeign).not.toContain('供应商通知：结算账户变更');

      // Taken down, it disappears from the bell.
      expect((await spr.post('notice/mgr/update', { id: created.data.id, status: 1 })).code).toBe(0);
      expect(titles(await ent.post('notice/show'))).not.toContain('供应商通知：结算账户变更');
    });
  });

  describe('operation log', () => {
    test('a change reads back in Chinese: who, what, from what to what', async () => {
      const notice = (await list(sys, 'notice/query/list', { title: '系统升级通知' })).data.records[0];
      expect((await sys.post('notice/mgr/update', { id: notice.id, target: 20, title: '系统升级通知' })).code).toBe(0);
      const log = await list(sys, 'auditLog/query/list', { entityId: String(notice.id), operatorAccount: DEMO_USERS.SYS });
      const entry = log.data.records.find((r: { entityTitle: string }) => r.entityTitle === '系统公告');
      expect(entry).toMatchObject({ operatorAccount: DEMO_USERS.SYS, actionLabel: '修改', changeText: '发送对象：全部 → 企业' });
      expect(entry.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    test('the platform reads every organisation’s trail, others only their own', async () => {
      const operatorsSeenBy = async (client: SignedClient) => new Set((await list(client, 'auditLog/query/list')).data.records.map((r: { operatorAccount: string }) => r.operatorAccount));
      // Sign-ins are audited too, so every demo account has entries by now.
      const everyone = await operatorsSeenBy(sys);
      for (const name of Object.values(DEMO_USERS)) expect(everyone.has(name)).toBe(true);
      expect([...(await operatorsSeenBy(ent))]).toEqual([DEMO_USERS.ENT]);
      expect([...(await operatorsSeenBy(spr))]).not.toContain(DEMO_USERS.ENT);
      expect((await sys.post('auditLog/mgr/create', {})).code).not.toBe(0);
    });

    test('exports the filtered trail', async () => {
      const token = await sys.post('auditLog/query/genExportExcelToken', { cond: { operatorAccount: DEMO_USERS.SYS } });
      expect(token.code).toBe(0);
      const response = await sys.get('auditLog/query/export', { token: token.data.token });
      expect(String(response.headers['content-type'])).toContain('spreadsheetml');
    });
  });

  describe('signing agreements', () => {
    const TEXT = '服务协议\n乙方：{{姓名}}（{{证件号码}}）\n签约日期：{{签约日期}}';

    test('a supplier sees and writes only its own; SYS all; MER and ENT none', async () => {
      const all = await list(sys, 'agreement/query/list');
      expect(all.data.records.map((a: { agreementCode: string }) => a.agreementCode).sort()).toEqual(['AG0001', 'AG0002', 'AG0003']);
      const own = await list(spr, 'agreement/query/list');
      expect(own.data.records.map((a: { agreementCode: string }) => a.agreementCode).sort()).toEqual(['AG0001', 'AG0002']);
      expect(own.data.records.find((a: { agreementCode: string }) => a.agreementCode === 'AG0001')).toMatchObject({ version: 2, status: 0, supplierName: '海南云聚人力资源服务有限公司', _actions: ['update', 'disable'] });
      const foreign = all.data.records.find((a: { agreementCode: string }) => a.agreementCode === 'AG0003');
      expect((await spr.post('agreement/query/get', { id: foreign.id })).code).toBe(3002);
      expect((await spr.post('agreement/mgr/update', { id: foreign.id, name: '改名' })).code).toBe(3002);
      for (const client of [mer, ent]) expect((await list(client, 'agreement/query/list')).code).toBe(3001);
    });

    test('saving a new text raises the version and keeps every earlier text unchanged', async () => {
      const created = await spr.post('agreement/mgr/create', { name: '兼职服务协议', content: TEXT, supplierId: 999 });
      expect(created.code).toBe(0);
      const id = created.data.id;
      expect((await spr.post('agreement/query/get', { id })).data).toMatchObject({ version: 1, supplierName: '海南云聚人力资源服务有限公司' });

      expect((await spr.post('agreement/mgr/update', { id, name: '兼职服务协议（2026版）' })).code).toBe(0);
      expect((await spr.post('agreement/query/get', { id })).data.version).toBe(1);
      expect((await spr.post('agreement/mgr/update', { id, content: `${TEXT}\n补充条款：按月结算。` })).code).toBe(0);
      expect((await spr.post('agreement/mgr/update', { id, content: `${TEXT}\n补充条款：按月结算。` })).code).toBe(0);
      expect((await spr.post('agreement/query/get', { id })).data.version).toBe(2);

      const versions = await list(spr, 'agreement/query/version/list', { agreementId: id });
      expect(versions.data.records.map((v: { version: number; content: string; operatorName: string }) => [v.version, v.content.endsWith('按月结算。'), v.operatorName])).toEqual([
        [2, true, '陈晓东'],
        [1, false, '陈晓东'],
      ]);
      expect((await list(ent, 'agreement/query/version/list', { agreementId: id })).code).toBe(3001);
    });

    test('a text with unknown placeholders or without the signer is refused and nothing is saved', async () => {
      const before = (await list(sys, 'agreement/query/list')).data.total;
      const unknown = await spr.post('agreement/mgr/create', { name: '错误协议', content: '{{姓名}}{{证件号码}}{{银行卡号}}' });
      expect(unknown.code).toBe(1001);
      expect(unknown.message).toContain('{{银行卡号}}');
      expect((await spr.post('agreement/mgr/create', { name: '错误协议', content: '没有签约人的协议' })).message).toBe('协议须包含签约人的{{姓名}}和{{证件号码}}');
      const merchant = await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', 'MER0001').executeTakeFirstOrThrow();
      expect((await sys.post('agreement/mgr/create', { name: '商户协议', content: TEXT, supplierId: merchant.id })).message).toBe('请选择有效的供应商');
      expect((await list(sys, 'agreement/query/list')).data.total).toBe(before);
    });

    test('禁用 and 启用 follow the machine; a stale second 禁用 answers 1009', async () => {
      const own = (await list(spr, 'agreement/query/list', { agreementCode: 'AG0001' })).data.records[0];
      expect((await spr.post('agreement/mgr/disable', { id: own.id })).code).toBe(0);
      expect((await spr.post('agreement/mgr/disable', { id: own.id })).code).toBe(1009);
      expect((await spr.post('agreement/mgr/enable', { id: own.id })).code).toBe(0);
    });
  });

  describe('SMS outbox', () => {
    test('SYS reads what was sent, newest first, filtered by type; no one else may', async () => {
      const all = await list(sys, 'smsOutbox/query/list');
      expect(all.data.total).toBeGreaterThanOrEqual(5);
      const recharge = await list(sys, 'smsOutbox/query/list', { smsType: 100 });
      expect(recharge.data.records.map((r: { content: string }) => r.content)).toEqual([expect.stringContaining('充值 200000.00 元已到账')]);
      for (const client of [spr, mer, ent]) expect((await list(client, 'smsOutbox/query/list')).code).toBe(3001);
    });

    test('recipients are masked; the whole number finds its messages and one reveal is audited', async () => {
      const all = await list(sys, 'smsOutbox/query/list');
      const phones = all.data.records.map((r: { phone: string }) => r.phone);
      for (const phone of phones) expect(phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
      const first = all.data.records[0] as { id: number; phone: string };
      const revealed = await sys.post('common/reveal', { entity: 'smsOutbox', key: first.id, field: 'phone' });
      expect(revealed.code).toBe(0);
      expect(revealed.data.value).toMatch(/^1\d{10}$/);
      expect(maskPersonal('phone', revealed.data.value)).toBe(first.phone);
      const found = await list(sys, 'smsOutbox/query/list', { phone: revealed.data.value });
      expect(found.data.records.length).toBeGreaterThan(0);
      for (const record of found.data.records) expect(record.phone).toBe(first.phone);
      const trail = await list(sys, 'auditLog/query/list', { operatorAccount: DEMO_USERS.SYS, entityId: String(first.id) });
      expect(trail.data.records).toEqual(
        expect.arrayContaining([expect.objectContaining({ entityTitle: '短信记录', actionLabel: '查看完整号码', changeText: expect.stringContaining('查看字段：手机号') })]),
      );
      expect(JSON.stringify(trail.data.records)).not.toContain(revealed.data.value);
    });
  });
});
