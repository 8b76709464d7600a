import crypto from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { EntMessages } from '../src/domain/ent/index';
import { ADMIN_MESSAGES as SubuserMessages, newOrderRefusal, OrderGateMessages } from '@flexpay/shared-utility/src/pure/rules/server';
import { CONTRACT_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { assertEntMayOrder } from '../src/domain/ent/order-gate';
import { MerchantMessages } from '../src/domain/merchant/index';
import * as orgAdmin from '../src/domain/org-admin';
import { Messages } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const PAGE = { limit: 100, pageNum: 1 };
const NEW_PASSWORD = 'Fresh#2026pass';

describe.each(DIALECTS)('商户与企业 area on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  const ids = { spr1: 0, spr2: 0, mer1: 0, mer2: 0, mer3: 0, ent1: 0, ent2: 0, ent3: 0, ent4: 0, ent5: 0 };
  let year = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [
      [sys, DEMO_USERS.SYS],
      [spr, DEMO_USERS.SPR],
      [mer, DEMO_USERS.MER],
      [ent, DEMO_USERS.ENT],
    ] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    for (const code of ['SPR0001', 'SPR0002', 'MER0001', 'MER0002', 'MER0003'])
      (ids as Record<string, number>)[code.startsWith('SPR') ? `spr${Number(code.slice(3))}` : `mer${Number(code.slice(3))}`] = (
        await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', code).executeTakeFirstOrThrow()
      ).id;
    for (let i = 1; i <= 5; i += 1)
      (ids as Record<string, number>)[`ent${i}`] = (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', `ENT000${i}`).executeTakeFirstOrThrow()).id;
    year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
  });
  afterAll(() => ctx.close());

  const list = async (client: SignedClient, path: string, cond: Record<string, unknown> = {}) => client.post(path, { cond, page: PAGE });
  const codes = async (client: SignedClient, path: string, field: string, cond: Record<string, unknown> = {}) => {
    const answer = await list(client, path, cond);
    expect(answer.code).toBe(0);
    return answer.data.records.map((r: Record<string, unknown>) => r[field]).sort();
  };
  const admins = (adminType: number, orgId: number) => ctx.db.selectFrom('admin_user').selectAll().where('adminType', '=', adminType).where('orgId', '=', orgId).execute();
  let seq = 0;
  const username = (prefix: string) => `${prefix}${dialect === 'sqlite' ? 's' : 'p'}${String((seq += 1)).padStart(3, '0')}`;

  /** Signs a new top administrator in: refused 3001 until the initial password is changed, then works. */
  async function firstSignIn(name: string, initial: string, probe: string): Promise<SignedClient> {
    const client = ctx.client();
    expect((await client.login(name, initial)).code).toBe(0);
    expect((await client.post('user/get')).data.mustChangePassword).toBe(true);
    expect(await client.post(probe, { cond: {}, page: PAGE })).toEqual({ code: 3001, message: Messages.mustChangePassword, data: null });
    expect((await client.post('user/changePassword', { password: initial, newPassword: NEW_PASSWORD }, { encrypt: true })).code).toBe(0);
    expect((await client.post('user/get')).data.mustChangePassword).toBe(false);
    return client;
  }

  describe('scope per account type', () => {
    test('merchants: SYS all; SPR its supplier’s; MER itself and its sub; ENT refused, its parent through listSup', async () => {
      expect(await codes(sys, 'mercht/query/list', 'merchtCode')).toEqual(['MER0001', 'MER0002', 'MER0003']);
      expect(await codes(spr, 'mercht/query/list', 'merchtCode')).toEqual(['MER0001', 'MER0003']);
      expect(await codes(mer, 'mercht/query/list', 'merchtCode')).toEqual(['MER0001', 'MER0003']);
      expect((await list(ent, 'mercht/query/list')).code).toBe(3001);
      const row = (await list(sys, 'mercht/query/list', { merchtCode: 'MER0003' })).data.records[0];
      expect(row).toMatchObject({ parentId: ids.mer1, parentName: '上海启航商务咨询有限公司', supplierId: ids.spr1, supplierName: '海南云聚人力资源服务有限公司', merchtType: 0, status: 0 });
      expect(row).not.toHaveProperty('adminUsername');
      expect((await spr.post('mercht/query/get', { id: ids.mer2 })).code).toBe(3002);
      expect((await mer.post('mercht/query/get', { id: ids.mer2 })).code).toBe(3002);
      expect((await mer.post('mercht/query/get', { id: ids.mer3 })).code).toBe(0);
      expect((await sys.post('mercht/query/get', { id: 999_999 })).code).toBe(1004);
      // Suppliers are not merchants: the merchant calls do not find them.
      expect((await sys.post('mercht/query/get', { id: ids.spr1 })).code).toBe(1004);
      // Simple lists are login-only, and scoped.
      expect((await ent.post('mercht/query/queryAllSimple', {})).data.map((o: { value: number }) => o.value)).toEqual([ids.mer1]);
      expect((await spr.post('mercht/query/queryAllSimple', {})).data.map((o: { value: number }) => o.value).sort()).toEqual([ids.mer1, ids.mer3].sort());
    });

    test('sub-merchants and the parent merchant', async () => {
      for (const client of [sys, spr, mer]) {
        expect(await codes(client, 'mercht/query/subMercht/list', 'merchtCode')).toEqual(['MER0003']);
        expect(await codes(client, 'mercht/query/subMercht/listSub', 'merchtCode')).toEqual(['MER0003']);
      }
      expect((await list(ent, 'mercht/query/subMercht/list')).code).toBe(3001);
      expect((await mer.post('mercht/query/querySubSimple', {})).data).toEqual([expect.objectContaining({ value: ids.mer3, label: '苏州联创企业管理有限公司', supplierId: ids.spr1 })]);
      // 上级商户: an enterprise's merchant; a top merchant has none; SYS/SPR do not hold the code.
      expect((await ent.post('mercht/query/listSup', {})).data.records.map((r: { id: number }) => r.id)).toEqual([ids.mer1]);
      expect((await ent.post('mercht/query/querySupSimple', {})).data).toEqual([{ value: ids.mer1, label: '上海启航商务咨询有限公司' }]);
      expect((await mer.post('mercht/query/listSup', {})).data).toEqual({ records: [], total: 0 });
      for (const client of [sys, spr]) expect((await client.post('mercht/query/listSup', {})).code).toBe(3001);
    });

    test('enterprises: SYS all; SPR its supplier’s; MER its own and its sub-merchant’s; ENT itself and its subs', async () => {
      expect(await codes(sys, 'ent/query/list', 'entCode')).toEqual(['ENT0001', 'ENT0002', 'ENT0003', 'ENT0004', 'ENT0005']);
      expect(await codes(spr, 'ent/query/list', 'entCode')).toEqual(['ENT0001', 'ENT0002', 'ENT0004', 'ENT0005']);
      expect(await codes(mer, 'ent/query/list', 'entCode')).toEqual(['ENT0001', 'ENT0002', 'ENT0004', 'ENT0005']);
      expect((await list(ent, 'ent/query/list')).code).toBe(3001);
      expect(await codes(ent, 'ent/query/sub/list', 'entCode')).toEqual(['ENT0005']);
      expect(await codes(sys, 'ent/query/sub/list', 'entCode')).toEqual(['ENT0005']);
      expect((await ent.post('ent/query/sub/get', { id: ids.ent5 })).data).toMatchObject({ entName: '北京星辰物流（天津）有限公司', parentId: ids.ent1, parentName: '北京星辰物流有限公司' });
      expect((await ent.post('ent/query/self', {})).data).toMatchObject({ id: ids.ent1, merchtName: '上海启航商务咨询有限公司' });
      const row = (await list(sys, 'ent/query/list', { entCode: 'ENT0004' })).data.records[0];
      expect(row).toMatchObject({ merchtId: ids.mer3, merchtName: '苏州联创企业管理有限公司', supplierId: ids.spr1, industry: '制造业', area: '江苏省苏州市', status: 0 });
      expect((await spr.post('ent/query/get', { id: ids.ent3 })).code).toBe(3002);
      expect((await mer.post('ent/query/get', { id: ids.ent3 })).code).toBe(3002);
      expect((await mer.post('ent/query/get', { id: ids.ent4 })).code).toBe(0);
      expect((await ent.post('ent/query/sub/get', { id: ids.ent2 })).code).toBe(1004);
      // Simple lists: an enterprise picks among itself and its subs only.
      expect((await ent.post('ent/query/queryAllSimple', {})).data.map((o: { value: number }) => o.value).sort()).toEqual([ids.ent1, ids.ent5].sort());
      expect((await mer.post('ent/query/querySimple', {})).data.map((o: { value: number }) => o.value)).not.toContain(ids.ent3);
    });

    test('contracts, cooperation and configs follow the enterprise’s scope; merchant contracts the merchant’s', async () => {
      const entIds = async (client: SignedClient, path: string) => [...new Set((await list(client, path)).data.records.map((r: { entId: number }) => r.entId))].sort();
      const sorted = (...xs: number[]) => xs.sort();
      for (const path of ['contract/ent/query/list', 'ent/query/coopEnt/list', 'ent/query/config/list']) {
        expect(await entIds(sys, path)).toEqual(sorted(ids.ent1, ids.ent2, ids.ent3, ids.ent4, ids.ent5));
        expect(await entIds(spr, path)).toEqual(sorted(ids.ent1, ids.ent2, ids.ent4, ids.ent5));
        expect(await entIds(mer, path)).toEqual(sorted(ids.ent1, ids.ent2, ids.ent4, ids.ent5));
        expect(await entIds(ent, path)).toEqual(sorted(ids.ent1, ids.ent5));
      }
      expect(await codes(sys, 'contract/mercht/query/list', 'contractNo')).toEqual([`DL${year}0001`, `DL${year}0003`, `JT${year}0002`]);
      expect(await codes(spr, 'contract/mercht/query/list', 'contractNo')).toEqual([`DL${year}0001`, `DL${year}0003`]);
      expect(await codes(mer, 'contract/mercht/query/list', 'contractNo')).toEqual([`DL${year}0001`, `DL${year}0003`]);
      expect(await codes(ent, 'contract/mercht/query/list', 'contractNo')).toEqual([`DL${year}0001`]);
    });
  });

  describe('merchants: creation with the top administrator', () => {
    const base = (name: string) => ({ name, supplierId: ids.spr1, contactName: '周明', contactPhone: '13912340001' });

    test('SYS only; exactly one top administrator, the initial password answered once, changed at first sign-in', async () => {
      for (const client of [spr, mer, ent]) expect((await client.post('mercht/mgr/create', { ...base('越权商户'), adminUsername: username('merx') })).code).toBe(3001);
      expect((await sys.post('mercht/mgr/create', base('无管理员商户'))).code).toBe(1001);
      const name = username('mer');
      const created = await sys.post('mercht/mgr/create', { ...base('广州新程商务服务有限公司'), virtualType: 10, adminUsername: name });
      expect(created.code).toBe(0);
      const { id, admin } = created.data;
      expect(admin).toEqual({ userId: expect.any(Number), username: name, initialPassword: expect.stringMatching(/^.{12}$/) });
      const row = await ctx.db.selectFrom('mercht').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ merchtType: 0, supplierId: ids.spr1, parentId: null, status: 0, virtualType: 10 });
      expect(row.merchtCode).toMatch(/^MER\d{4}$/);
      const tops = await admins(30, id);
      expect(tops).toHaveLength(1);
      expect(tops[0]).toMatchObject({ userId: admin.userId, username: name, isTopAdmin: 1, mustChangePassword: 1, terCode: row.merchtCode, name: '周明', status: 0 });
      // Answered once: neither the record nor the list carries the password.
      const got = await sys.post('mercht/query/get', { id });
      expect(JSON.stringify(got.data)).not.toContain(admin.initialPassword);
      expect(JSON.stringify((await list(sys, 'mercht/query/list')).data)).not.toContain(admin.initialPassword);

      const fresh = await firstSignIn(name, admin.initialPassword, 'mercht/query/list');
      expect(await codes(fresh, 'mercht/query/list', 'id')).toEqual([id]);
      expect(await codes(fresh, 'ent/query/list', 'id')).toEqual([]);
      expect((await ctx.db.selectFrom('admin_user').select('mustChangePassword').where('userId', '=', admin.userId).executeTakeFirstOrThrow()).mustChangePassword).toBe(0);
      expect((await ctx.client().login(name, admin.initialPassword)).code).toBe(2001);
    });

    test('placement: an enabled 300 supplier; a parent only a top merchant of that supplier (depth ≤ 2)', async () => {
      const virtual = (await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', 'SPR0003').executeTakeFirstOrThrow()).id;
      const before = await ctx.db.selectFrom('mercht').select('id').execute();
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ supplierId: virtual }, MerchantMessages.supplier],
        [{ parentId: ids.mer3 }, MerchantMessages.parent],
        [{ parentId: ids.mer2 }, MerchantMessages.parent],
      ];
      for (const [extra, message] of refusals) {
        const answer = await sys.post('mercht/mgr/create', { ...base('层级测试商户'), adminUsername: username('merd'), ...extra });
        expect([answer.code, answer.message]).toEqual([1001, message]);
      }
      expect(await ctx.db.selectFrom('mercht').select('id').execute()).toEqual(before);
    });

    test('a failure leaves neither the merchant nor its administrator', async () => {
      const count = async () => [(await ctx.db.selectFrom('mercht').select('id').execute()).length, (await ctx.db.selectFrom('admin_user').select('userId').execute()).length];
      const before = await count();
      const dup = await sys.post('mercht/mgr/create', { ...base('重名管理员商户'), adminUsername: DEMO_USERS.MER });
      expect([dup.code, dup.message]).toEqual([1009, SubuserMessages.duplicate]);
      expect(await count()).toEqual(before);
      const spy = jest.spyOn(orgAdmin, 'createTopAdmin').mockRejectedValueOnce(new Error('forced failure after the merchant insert'));
      try {
        const forced = await sys.postRaw('mercht/mgr/create', { ...base('中途失败商户'), adminUsername: username('merf') });
        expect(forced.json().code).toBe(5000);
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        spy.mockRestore();
      }
      expect(await count()).toEqual(before);
      expect(await ctx.db.selectFrom('mercht').select('id').where('name', 'in', ['重名管理员商户', '中途失败商户']).execute()).toEqual([]);
    });

    test('update by SYS; others refused', async () => {
      const updated = await sys.post('mercht/mgr/update', { id: ids.mer2, contactName: '赵雅', remark: '更新备注' });
      expect(updated.data).toMatchObject({ contactName: '赵雅', remark: '更新备注' });
      expect((await spr.post('mercht/mgr/update', { id: ids.mer1, name: '改名' })).code).toBe(3001);
      expect((await mer.post('mercht/mgr/update', { id: ids.mer1, name: '改名' })).code).toBe(3001);
    });
  });

  describe('sub-merchants', () => {
    const body = (name: string, extra: Record<string, unknown> = {}) => ({ name, contactName: '郑凯', contactPhone: '13912340002', adminUsername: username('sub'), ...extra });

    test('a merchant’s sub lands under itself and its supplier, whatever the body names', async () => {
      const created = await mer.post('mercht/mgr/subMercht/create', body('上海启航二级代理有限公司', { parentId: ids.mer2, supplierId: ids.spr2 }));
      expect(created.code).toBe(0);
      const row = await ctx.db.selectFrom('mercht').selectAll().where('id', '=', created.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ parentId: ids.mer1, supplierId: ids.spr1, merchtType: 0, status: 0 });
      expect(await admins(30, created.data.id)).toHaveLength(1);
      // The sub's own administrator: its parent through 上级商户; its own sub would be a third level.
      const subAdmin = await firstSignIn(created.data.admin.username, created.data.admin.initialPassword, 'mercht/query/listSup');
      expect((await subAdmin.post('mercht/query/listSup', {})).data.records.map((r: { id: number }) => r.id)).toEqual([ids.mer1]);
      const third = await subAdmin.post('mercht/mgr/subMercht/create', body('三级代理'));
      expect([third.code, third.message]).toEqual([1001, MerchantMessages.parent]);
      // The merchant edits and deletes its sub; the sub's accounts go with it.
      expect((await mer.post('mercht/mgr/subMercht/update', { id: created.data.id, contactName: '郑凯文' })).data.contactName).toBe('郑凯文');
      // Its contracts go with it (the resource's removedWith).
      const contract = { contractNo: `HT-DEL-${created.data.id}`, merchtId: created.data.id, contractType: 10, startDate: '2026-01-01', endDate: '2026-12-31', status: 0, createdAt: Date.now(), updatedAt: Date.now() };
      await ctx.db.insertInto('mercht_contract').values(contract).execute();
      expect((await mer.post('mercht/mgr/subMercht/delete', { id: created.data.id })).code).toBe(0);
      expect(await admins(30, created.data.id)).toHaveLength(0);
      expect(await ctx.db.selectFrom('mercht_contract').select('id').where('merchtId', '=', created.data.id).execute()).toEqual([]);
      expect((await subAdmin.post('user/get')).code).not.toBe(0);
    });

    test('SPR under its own merchants only; SYS under any top merchant; depth > 2 refused; in-use refused', async () => {
      const foreign = await spr.post('mercht/mgr/subMercht/create', body('越权下级', { parentId: ids.mer2 }));
      expect(foreign.code).toBe(3002);
      const own = await spr.post('mercht/mgr/subMercht/create', body('海南供应商下级', { parentId: ids.mer1, supplierId: ids.spr2 }));
      expect(own.code).toBe(0);
      expect(await ctx.db.selectFrom('mercht').select(['parentId', 'supplierId']).where('id', '=', own.data.id).executeTakeFirstOrThrow()).toEqual({ parentId: ids.mer1, supplierId: ids.spr1 });
      const deep = await sys.post('mercht/mgr/subMercht/create', body('四级代理', { parentId: ids.mer3 }));
      expect([deep.code, deep.message]).toEqual([1001, MerchantMessages.parent]);
      expect((await sys.post('mercht/mgr/subMercht/create', body('无上级'))).message).toBe('请选择上级商户');
      const other = await sys.post('mercht/mgr/subMercht/create', body('杭州链客下级', { parentId: ids.mer2 }));
      expect(other.code).toBe(0);
      expect((await ctx.db.selectFrom('mercht').select('supplierId').where('id', '=', other.data.id).executeTakeFirstOrThrow()).supplierId).toBe(ids.spr2);
      // Another merchant's sub is out of scope; a sub with enterprises cannot be deleted.
      expect((await mer.post('mercht/mgr/subMercht/update', { id: other.data.id, name: '越权修改' })).code).toBe(3002);
      expect((await spr.post('mercht/mgr/subMercht/delete', { id: other.data.id })).code).toBe(3002);
      const inUse = await mer.post('mercht/mgr/subMercht/delete', { id: ids.mer3 });
      expect([inUse.code, inUse.message]).toEqual([1009, MerchantMessages.inUse]);
      expect((await ent.post('mercht/mgr/subMercht/create', body('企业越权'))).code).toBe(3001);
    });
  });

  describe('enterprises: creation with the top administrator', () => {
    const base = (entName: string, merchtId: number, extra: Record<string, unknown> = {}) => ({ entName, merchtId, contactName: '冯丽', contactPhone: '13912340003', industry: '制造业', area: '浙江省杭州市', address: '杭州市西湖区文三路1号', adminUsername: username('ent'), ...extra });

    test('SYS creates an enterprise: supplier derived, config and cooperation at their defaults, one top administrator', async () => {
      for (const client of [spr, mer, ent]) expect((await client.post('ent/mgr/create', base('越权企业', ids.mer1))).code).toBe(3001);
      const body = base('杭州云帆供应链管理有限公司', ids.mer2);
      const created = await sys.post('ent/mgr/create', body);
      expect(created.code).toBe(0);
      const { id, admin } = created.data;
      expect(admin).toEqual({ userId: expect.any(Number), username: body.adminUsername, initialPassword: expect.any(String) });
      const row = await ctx.db.selectFrom('ent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ merchtId: ids.mer2, supplierId: ids.spr2, parentId: null, status: 0, industry: '制造业', area: '浙江省杭州市' });
      expect(row.entCode).toMatch(/^ENT\d{4}$/);
      expect(await ctx.db.selectFrom('ent_config').selectAll().where('entId', '=', id).execute()).toEqual([
        expect.objectContaining({ limitType: 0, requireIdPhoto: 1, requireSign: 1, requireTaxReg: 0, orderReview: 0, tempOrderReview: 0 }),
      ]);
      expect(await ctx.db.selectFrom('ent_coop').select(['supplierId', 'coopStatus']).where('entId', '=', id).execute()).toEqual([{ supplierId: ids.spr2, coopStatus: 0 }]);
      const tops = await admins(40, id);
      expect(tops).toHaveLength(1);
      expect(tops[0]).toMatchObject({ username: body.adminUsername, isTopAdmin: 1, mustChangePassword: 1, terCode: row.entCode });
      expect(JSON.stringify((await sys.post('ent/query/get', { id })).data)).not.toContain(admin.initialPassword);

      const fresh = await firstSignIn(body.adminUsername, admin.initialPassword, 'ent/query/sub/list');
      expect((await fresh.post('ent/query/self', {})).data).toMatchObject({ id, supplierId: ids.spr2 });
      expect((await fresh.post('ent/query/config/get', { entId: id })).code).toBe(0);
      expect((await fresh.post('ent/query/config/get', { entId: ids.ent1 })).code).toBe(3002);
      expect(await codes(fresh, 'contract/ent/query/list', 'id')).toEqual([]);
      // Only the caller's organisation: the merchant scope of an enterprise is its merchant.
      expect(await codes(fresh, 'contract/mercht/query/list', 'contractNo')).toEqual([`JT${year}0002`]);
    });

    test('a failure leaves neither the enterprise, its config and cooperation, nor its administrator', async () => {
      const count = async () =>
        Promise.all((['ent', 'ent_config', 'ent_coop', 'admin_user'] as const).map(async (table) => (await ctx.db.selectFrom(table).selectAll().execute()).length));
      const before = await count();
      const dup = await sys.post('ent/mgr/create', base('重名管理员企业', ids.mer1, { adminUsername: DEMO_USERS.ENT }));
      expect([dup.code, dup.message]).toEqual([1009, SubuserMessages.duplicate]);
      expect(await count()).toEqual(before);
      const spy = jest.spyOn(orgAdmin, 'createTopAdmin').mockRejectedValueOnce(new Error('forced failure after the enterprise insert'));
      try {
        expect((await sys.postRaw('ent/mgr/create', base('中途失败企业', ids.mer1))).json().code).toBe(5000);
      } finally {
        spy.mockRestore();
      }
      expect(await count()).toEqual(before);
      expect((await sys.post('ent/mgr/create', base('无管理员企业', ids.mer1, { adminUsername: '' }))).code).toBe(1001);
      expect(await count()).toEqual(before);
    });

    test('placement: an enabled merchant; a parent only a top enterprise of the same merchant', async () => {
      const before = (await ctx.db.selectFrom('ent').select('id').execute()).length;
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['ent/mgr/create', base('无效商户企业', 999_999), EntMessages.merchant],
        ['ent/mgr/create', base('供应商当商户', ids.spr1), EntMessages.merchant],
        ['ent/mgr/sub/create', base('他商户下级企业', ids.mer2, { parentId: ids.ent1 }), EntMessages.parent],
        ['ent/mgr/sub/create', base('三级企业', ids.mer1, { parentId: ids.ent5 }), EntMessages.parent],
        ['ent/mgr/create', base('三级企业', ids.mer1, { parentId: ids.ent5 }), EntMessages.parent],
      ];
      for (const [path, body, message] of cases) {
        const answer = await sys.post(path, body);
        expect([path, answer.code, answer.message]).toEqual([path, 1001, message]);
      }
      expect((await ctx.db.selectFrom('ent').select('id').execute()).length).toBe(before);
    });

    test('sub-enterprises: an enterprise’s sub lands under itself; it edits and deletes its subs only', async () => {
      const created = await ent.post('ent/mgr/sub/create', base('北京星辰物流（河北）有限公司', ids.mer2, { parentId: ids.ent3 }));
      expect(created.code).toBe(0);
      const row = await ctx.db.selectFrom('ent').selectAll().where('id', '=', created.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ parentId: ids.ent1, merchtId: ids.mer1, supplierId: ids.spr1 });
      expect(await admins(40, created.data.id)).toHaveLength(1);
      expect(await codes(ent, 'ent/query/sub/list', 'id')).toEqual([ids.ent5, created.data.id].sort());
      // The sub's administrator cannot make a third level.
      const subAdmin = await firstSignIn(created.data.admin.username, created.data.admin.initialPassword, 'ent/query/sub/list');
      const third = await subAdmin.post('ent/mgr/sub/create', base('三级企业', ids.mer1));
      expect([third.code, third.message]).toEqual([1001, EntMessages.parent]);
      // A parent edits its sub's profile.
      expect((await ent.post('ent/mgr/sub/update', { id: created.data.id, address: '河北省廊坊市广阳区' })).data.address).toBe('河北省廊坊市广阳区');
      // Another enterprise's sub is out of scope.
      const foreign = await sys.post('ent/mgr/sub/create', base('深圳蓝海（东莞）有限公司', ids.mer1, { parentId: ids.ent2 }));
      expect(foreign.code).toBe(0);
      expect((await ent.post('ent/mgr/sub/update', { id: foreign.data.id, entName: '越权修改' })).code).toBe(3002);
      expect((await ent.post('ent/mgr/sub/delete', { id: foreign.data.id })).code).toBe(3002);
      expect((await mer.post('ent/mgr/sub/create', base('商户越权', ids.mer1, { parentId: ids.ent1 }))).code).toBe(3001);
      // A sub a talent is tied to stays (the resource's keptWhile), and goes once the tie is gone.
      const cust = await ctx.db.selectFrom('cust').select('id').executeTakeFirstOrThrow();
      await ctx.db.insertInto('cust_coop_ent').values({ custId: cust.id, entId: created.data.id, status: 0, createdAt: Date.now(), updatedAt: Date.now() }).execute();
      const kept = await ent.post('ent/mgr/sub/delete', { id: created.data.id });
      expect([kept.code, kept.message]).toEqual([1009, EntMessages.inUse]);
      await ctx.db.deleteFrom('cust_coop_ent').where('entId', '=', created.data.id).execute();
      expect((await ent.post('ent/mgr/sub/delete', { id: created.data.id })).code).toBe(0);
      expect(await admins(40, created.data.id)).toHaveLength(0);
      expect(await ctx.db.selectFrom('ent_config').select('entId').where('entId', '=', created.data.id).execute()).toEqual([]);
      expect((await subAdmin.post('user/get')).code).not.toBe(0);
    });

    test('update by SYS; others refused', async () => {
      const updated = await sys.post('ent/mgr/update', { id: ids.ent2, industry: '信息传输、软件和信息技术服务业', quoteRatio: '7.5', quoteRemark: '按月结算' });
      expect(updated.data).toMatchObject({ industry: '信息传输、软件和信息技术服务业', quoteRatio: '7.5000', quoteRemark: '按月结算' });
      expect((await spr.post('ent/mgr/update', { id: ids.ent1, entName: '改名' })).code).toBe(3001);
      expect((await mer.post('ent/mgr/update', { id: ids.ent1, entName: '改名' })).code).toBe(3001);
    });
  });

  describe('disabling an organisation', () => {
    test('a disabled merchant blocks its accounts (2028) and its enterprises’ new orders; enabling restores', async () => {
      const reasonless = await sys.post('mercht/mgr/disable', { id: ids.mer1 });
      expect([reasonless.code, reasonless.message]).toEqual([1001, '请输入禁用原因']);
      expect((await spr.post('mercht/mgr/disable', { id: ids.mer1, reason: 'x' })).code).toBe(3001);
      await assertEntMayOrder(ctx.db, ids.ent4);
      expect((await sys.post('mercht/mgr/disable', { id: ids.mer1, reason: '代理协议到期' })).data).toMatchObject({ status: 1, _actions: ['update', 'enable'] });
      expect((await mer.post('mercht/query/list', { cond: {}, page: PAGE })).code).toBe(2028);
      expect((await ctx.client().login(DEMO_USERS.MER, DEMO_PASSWORD)).code).toBe(2028);
      // Its enterprises (and its sub-merchant's) may not start orders; another merchant's may.
      for (const id of [ids.ent1, ids.ent2, ids.ent5, ids.ent4]) await expect(assertEntMayOrder(ctx.db, id)).rejects.toMatchObject({ code: 1009, message: OrderGateMessages.merchantDisabled });
      await assertEntMayOrder(ctx.db, ids.ent3);
      // An enterprise under it cannot be created either.
      expect((await sys.post('ent/mgr/create', { entName: '停用商户下企业', merchtId: ids.mer1, contactName: '冯丽', contactPhone: '13912340003', adminUsername: username('ent') })).message).toBe(EntMessages.merchant);
      expect((await sys.post('mercht/mgr/enable', { id: ids.mer1 })).data.status).toBe(0);
      for (const id of [ids.ent1, ids.ent2, ids.ent5, ids.ent4]) await assertEntMayOrder(ctx.db, id);
      expect((await mer.login(DEMO_USERS.MER, DEMO_PASSWORD)).code).toBe(0);
      expect((await list(mer, 'mercht/query/list')).code).toBe(0);
    });

    test('a disabled enterprise blocks its accounts and its new orders; enabling restores', async () => {
      expect((await sys.post('ent/mgr/disable', { id: ids.ent1, reason: '资料待更新' })).data.status).toBe(1);
      expect((await ent.post('ent/query/self', {})).code).toBe(2028);
      expect((await ctx.client().login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(2028);
      await expect(assertEntMayOrder(ctx.db, ids.ent1)).rejects.toMatchObject({ code: 1009, message: OrderGateMessages.entDisabled });
      expect((await mer.post('ent/query/get', { id: ids.ent1 })).data._actions).toEqual([]);
      expect((await sys.post('ent/mgr/enable', { id: ids.ent1 })).data.status).toBe(0);
      await assertEntMayOrder(ctx.db, ids.ent1);
      expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
      expect((await ent.post('ent/query/self', {})).code).toBe(0);
      await expect(assertEntMayOrder(ctx.db, 999_999)).rejects.toMatchObject({ code: 1004 });
    });

    test('the order rule itself', () => {
      expect(newOrderRefusal({ entStatus: 0, merchtStatus: 0, parentMerchtStatus: null })).toBeNull();
      expect(newOrderRefusal({ entStatus: 0, merchtStatus: 0, parentMerchtStatus: 0 })).toBeNull();
      expect(newOrderRefusal({ entStatus: 1, merchtStatus: 0, parentMerchtStatus: null })).toBe(OrderGateMessages.entDisabled);
      expect(newOrderRefusal({ entStatus: 0, merchtStatus: 1, parentMerchtStatus: null })).toBe(OrderGateMessages.merchantDisabled);
      expect(newOrderRefusal({ entStatus: 0, merchtStatus: 0, parentMerchtStatus: 1 })).toBe(OrderGateMessages.merchantDisabled);
    });
  });

  describe('enterprise config and files', () => {
    test('config get/create/update: SYS writes; the enterprise and its merchant read their own', async () => {
      const got = await ent.post('ent/query/config/get', { entId: ids.ent5 });
      expect(got.data).toMatchObject({ entId: ids.ent5, entName: '北京星辰物流（天津）有限公司', requireIdPhoto: 1, requireSign: 1 });
      expect((await ent.post('ent/query/config/get', { entId: ids.ent2 })).code).toBe(3002);
      expect((await mer.post('ent/query/config/get', { entId: ids.ent3 })).code).toBe(3002);
      expect((await spr.post('ent/query/config/get', { entId: ids.ent4 })).code).toBe(0);
      const limited = await sys.post('ent/mgr/config/update', { entId: ids.ent2, limitType: 1, singleLimit: '20000.00', monthlyLimit: '60000', orderReview: 0 });
      expect(limited.data).toMatchObject({ limitType: 1, singleLimit: '20000.00', monthlyLimit: '60000.00', orderReview: 0 });
      const missing = await sys.post('ent/mgr/config/update', { entId: ids.ent2, limitType: 1, singleLimit: null });
      expect([missing.code, missing.message]).toEqual([1001, '自定义限额须填写单笔限额和个人月限额']);
      expect((await sys.post('ent/mgr/config/update', { entId: ids.ent2, limitType: -1 })).data.limitType).toBe(-1);
      for (const client of [spr, mer, ent]) expect((await client.post('ent/mgr/config/update', { entId: ids.ent1, orderReview: 1 })).code).toBe(3001);
      // Create: one per enterprise.
      const config = { entId: ids.ent3, limitType: 0, requireIdPhoto: 1, requireSign: 1, requireTaxReg: 1, orderReview: 0, tempOrderReview: 0 };
      expect((await sys.post('ent/mgr/config/create', config)).message).toBe('该企业已有配置');
      await ctx.db.deleteFrom('ent_config').where('entId', '=', ids.ent3).execute();
      expect((await sys.post('ent/mgr/config/create', { ...config, limitType: 1 })).message).toBe('自定义限额须填写单笔限额和个人月限额');
      expect((await sys.post('ent/mgr/config/create', { ...config, requireSign: undefined })).message).toBe('请选择需签约');
      const created = await sys.post('ent/mgr/config/create', config);
      expect(created.code).toBe(0);
      expect((await sys.post('ent/query/config/get', { entId: ids.ent3 })).data).toMatchObject({ limitType: 0, requireIdPhoto: 1, requireSign: 1, requireTaxReg: 1, orderReview: 0, tempOrderReview: 0 });
      expect((await sys.post('ent/query/config/get', { entId: 999_999 })).code).toBe(1004);
    });

    test('files: SYS uploads one per type (replacing); download through the enterprise’s scope', async () => {
      const content = Buffer.from('\x89PNG\r\n\x1a\n-logo-');
      const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
      const upload = await sys.post('file/upload', { name: 'logo.png', contentBase64: content.toString('base64'), fileMd5 });
      expect(upload.code).toBe(0);
      const created = await sys.post('ent/mgr/file/create', { entId: ids.ent1, fileType: 0, file: upload.data });
      expect(created.code).toBe(0);
      const again = await sys.post('ent/mgr/file/create', { entId: ids.ent1, fileType: 0, file: upload.data });
      expect(again.data.id ?? again.data.entId).toBeDefined();
      const rows = await ctx.db.selectFrom('ent_file').select('id').where('entId', '=', ids.ent1).where('fileType', '=', 0).execute();
      expect(rows).toHaveLength(1);
      const id = rows[0].id;
      for (const client of [sys, spr, mer, ent]) {
        const file = await client.get('ent/query/file/download', { id: String(id) });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(content)).toBe(true);
      }
      const foreign = (await ctx.db.selectFrom('ent_file').select('id').where('entId', '=', ids.ent3).executeTakeFirstOrThrow()).id;
      for (const client of [spr, mer, ent]) expect((await client.get('ent/query/file/download', { id: String(foreign) })).json().code).toBe(3002);
      expect((await sys.get('ent/query/file/download', { id: String(foreign) })).statusCode).toBe(200);
      const types = (await list(ent, 'ent/query/file/list', { entId: ids.ent1 })).data.records.map((r: { fileType: number }) => r.fileType).sort();
      expect(types).toEqual([0, 22, 23]);
      for (const client of [spr, mer, ent]) expect((await client.post('ent/mgr/file/create', { entId: ids.ent1, fileType: 20, file: upload.data })).code).toBe(3001);
      expect((await sys.post('ent/mgr/file/create', { entId: ids.ent1, fileType: 7, file: upload.data })).code).toBe(1001);
      expect((await sys.post('ent/mgr/file/delete', { id })).code).toBe(0);
    });
  });

  describe('cooperation and contracts', () => {
    test('cooperation: SYS/SPR suspend with a reason and resume; the merchant and the enterprise read only', async () => {
      const coop = async (entId: number) => (await ctx.db.selectFrom('ent_coop').selectAll().where('entId', '=', entId).executeTakeFirstOrThrow());
      const row = await coop(ids.ent2);
      expect((await spr.post('ent/mgr/coopEnt/suspend', { id: row.id })).message).toBe('请输入暂停原因');
      const suspended = await spr.post('ent/mgr/coopEnt/suspend', { id: row.id, reason: '待补充资料' });
      expect(suspended.data).toMatchObject({ coopStatus: 1, reason: '待补充资料', _actions: ['resume'] });
      expect((await spr.post('ent/mgr/coopEnt/suspend', { id: row.id, reason: '再次' })).code).toBe(1009);
      const listed = (await list(ent, 'ent/query/coopEnt/list')).data.records;
      expect(listed.every((r: { _actions: string[] }) => r._actions.length === 0)).toBe(true);
      for (const client of [mer, ent]) expect((await client.post('ent/mgr/coopEnt/resume', { id: row.id })).code).toBe(3001);
      const resumed = await spr.post('ent/mgr/coopEnt/resume', { id: row.id });
      expect(resumed.data).toMatchObject({ coopStatus: 0, reason: null, _actions: ['suspend'] });
      expect((await sys.post('ent/query/coopEnt/get', { id: row.id })).data.trail.map((t: { action: string; reason: string | null }) => [t.action, t.reason])).toEqual([
        ['resume', null],
        ['suspend', '待补充资料'],
      ]);
      expect((await spr.post('ent/mgr/coopEnt/suspend', { id: (await coop(ids.ent3)).id, reason: 'x' })).code).toBe(3002);
      expect((await sys.post('ent/mgr/coopEnt/suspend', { id: (await coop(ids.ent3)).id, reason: '平台暂停' })).data.coopStatus).toBe(1);
      expect((await sys.post('ent/mgr/coopEnt/create', { entId: ids.ent3 })).code).not.toBe(0);
    });

    test('enterprise contracts: one effective original, overlap refused 1009; supplements name their original', async () => {
      const original = { entId: ids.ent1, category: 0, contractType: 10 };
      const overlap = await spr.post('contract/ent/mgr/create', { ...original, contractNo: 'T-OVERLAP', startDate: `${year}-06-01`, endDate: `${year + 1}-05-31` });
      expect(overlap).toEqual({ code: 1009, message: CONTRACT_MESSAGES.overlap, data: null });
      expect(CONTRACT_MESSAGES.overlap).toBe('合同有效期与现有原合同重叠');
      const next = await spr.post('contract/ent/mgr/create', { ...original, contractNo: 'T-NEXT', startDate: `${year + 1}-01-01`, endDate: `${year + 1}-12-31` });
      expect(next.code).toBe(0);
      expect(await ctx.db.selectFrom('ent_contract').select('status').where('id', '=', next.data.id).executeTakeFirstOrThrow()).toEqual({ status: 0 });
      // Moving it back over the current one is refused too; the terminated original no longer counts.
      expect((await spr.post('contract/ent/mgr/update', { id: next.data.id, startDate: `${year}-12-01` })).message).toBe(CONTRACT_MESSAGES.overlap);
      expect((await spr.post('contract/ent/mgr/create', { ...original, contractNo: 'T-BACK', startDate: `${year + 1}-02-01`, endDate: `${year}-01-01` })).message).toBe(CONTRACT_MESSAGES.period);
      expect((await spr.post('contract/ent/mgr/create', { ...original, contractNo: 'T-NEXT', startDate: `${year + 5}-01-01`, endDate: `${year + 5}-12-31` })).message).toBe('合同编号已存在');
      expect((await spr.post('contract/ent/mgr/terminate', { id: next.data.id, reason: '重新签订' })).data.status).toBe(1);
      expect((await spr.post('contract/ent/mgr/create', { ...original, contractNo: 'T-AGAIN', startDate: `${year + 1}-01-01`, endDate: `${year + 1}-06-30` })).code).toBe(0);
      // Supplements.
      expect((await spr.post('contract/ent/mgr/create', { ...original, category: 10, parentContractNo: 'NOPE', contractNo: 'T-SUP1', startDate: `${year}-07-01`, endDate: `${year}-12-31` })).message).toBe(CONTRACT_MESSAGES.original);
      expect((await spr.post('contract/ent/mgr/create', { ...original, category: 10, parentContractNo: `HT${year}0003`, contractNo: 'T-SUP2', startDate: `${year}-07-01`, endDate: `${year}-12-31` })).message).toBe(CONTRACT_MESSAGES.original);
      expect((await spr.post('contract/ent/mgr/create', { ...original, category: 10, parentContractNo: `HT${year}0001`, contractNo: 'T-SUP3', startDate: `${year}-07-01`, endDate: `${year}-12-31` })).code).toBe(0);
      // Scope and writers.
      expect((await spr.post('contract/ent/mgr/create', { ...original, entId: ids.ent3, contractNo: 'T-FOREIGN', startDate: `${year + 3}-01-01`, endDate: `${year + 3}-12-31` })).code).toBe(3002);
      for (const client of [mer, ent]) expect((await client.post('contract/ent/mgr/create', { ...original, contractNo: 'T-MER', startDate: `${year + 3}-01-01`, endDate: `${year + 3}-12-31` })).code).toBe(3001);
      const foreign = (await ctx.db.selectFrom('ent_contract').select('id').where('entId', '=', ids.ent3).executeTakeFirstOrThrow()).id;
      expect((await spr.post('contract/ent/query/get', { id: foreign })).code).toBe(3002);
      expect((await spr.post('contract/ent/mgr/delete', { id: foreign })).code).toBe(3002);
      expect((await sys.post('contract/ent/mgr/create', { ...original, entId: ids.ent3, contractNo: 'T-SYS', startDate: `${year + 3}-01-01`, endDate: `${year + 3}-12-31` })).code).toBe(0);
    });

    test('contract files and merchant contracts', async () => {
      const content = Buffer.from('%PDF-1.4 contract');
      const upload = await spr.post('file/upload', { name: '合同.pdf', contentBase64: content.toString('base64'), fileMd5: crypto.createHash('md5').update(content).digest('hex') });
      const created = await spr.post('contract/ent/mgr/create', { entId: ids.ent4, category: 0, contractType: 20, contractNo: 'T-FILE', startDate: `${year + 4}-01-01`, endDate: `${year + 4}-12-31`, file: upload.data });
      expect(created.code).toBe(0);
      for (const client of [sys, spr, mer]) expect((await client.get('contract/ent/query/file', { id: String(created.data.id) })).rawPayload.equals(content)).toBe(true);
      expect((await ent.get('contract/ent/query/file', { id: String(created.data.id) })).json().code).toBe(3002);
      // A record may only name its writer's own uploads: another organisation's (or a missing) id is refused and
      // nothing changes, so a guessed id cannot expose a file through one's own record; the platform may name any.
      const merUpload = await mer.post('file/upload', { name: '商户资料.pdf', contentBase64: content.toString('base64'), fileMd5: upload.data.fileMd5 });
      const named = (file: unknown, contractNo: string) => spr.post('contract/ent/mgr/create', { entId: ids.ent4, category: 0, contractType: 20, contractNo, startDate: `${year + 5}-01-01`, endDate: `${year + 5}-12-31`, file });
      expect((await named(merUpload.data, 'T-OTHER')).code).toBe(3002);
      expect((await named({ ...upload.data, url: '/api/admin/file/download?id=999999' }, 'T-MISSING')).code).toBe(1004);
      expect((await spr.post('contract/ent/mgr/update', { id: created.data.id, file: merUpload.data })).code).toBe(3002);
      expect((await spr.get('contract/ent/query/file', { id: String(created.data.id) })).rawPayload.equals(content)).toBe(true);
      expect((await sys.post('contract/ent/mgr/update', { id: created.data.id, file: merUpload.data })).code).toBe(0);

      const body = { merchtId: ids.mer3, contractNo: 'T-MC1', contractType: 90, startDate: `${year}-01-01`, endDate: `${year}-12-31`, file: upload.data };
      const mc = await spr.post('contract/mercht/mgr/create', body);
      expect(mc.code).toBe(0);
      expect((await sys.post('contract/mercht/query/get', { id: mc.data.id })).data).toMatchObject({ merchtName: '苏州联创企业管理有限公司', status: 0, contractType: 90 });
      expect((await mer.get('contract/mercht/query/file', { id: String(mc.data.id) })).rawPayload.equals(content)).toBe(true);
      expect((await spr.post('contract/mercht/mgr/create', { ...body, contractNo: 'T-MC2', merchtId: ids.mer2 })).code).toBe(3002);
      expect((await spr.post('contract/mercht/mgr/create', { ...body, contractNo: 'T-MC3', endDate: `${year - 1}-12-31` })).message).toBe(CONTRACT_MESSAGES.period);
      expect((await mer.post('contract/mercht/mgr/create', { ...body, contractNo: 'T-MC4' })).code).toBe(3001);
      expect((await spr.post('contract/mercht/mgr/update', { id: mc.data.id, status: 1 })).data.status).toBe(1);
      expect((await spr.post('contract/mercht/mgr/delete', { id: mc.data.id })).code).toBe(0);
    });
  });
});
