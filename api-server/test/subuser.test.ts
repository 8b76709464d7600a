import { MESSAGES } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Messages } from '../src/http/codes';
import { ADMIN_MESSAGES as SubuserMessages } from '@flexpay/shared-utility/src/pure/rules/server';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser, userRow } from './support/users';

const PASSWORD = 'Sub@2026pass';

const valid = (username: string) => ({
  username,
  password: PASSWORD,
  name: '测试管理员',
  phone: '13912345678',
  wechat: 'wx_test',
  email: 'sub@example.com',
  sex: 1,
  avatar: 'https://img.example.com/a.png',
  remark: '备注',
  status: 0,
});

describe.each(DIALECTS)('administrators (user/subuser) on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    sys = ctx.client();
    mer = ctx.client();
    ent = ctx.client();
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  const snapshot = async () => ({
    users: await ctx.db.selectFrom('admin_user').selectAll().orderBy('userId').execute(),
    perms: await ctx.db.selectFrom('admin_user_perm').selectAll().orderBy('userId').orderBy('code').execute(),
  });

  /** A refused call changes no account and no permission. */
  async function refusedWithoutChange(call: () => Promise<{ code: number; message: string }>, code: number, message?: string) {
    const before = await snapshot();
    const answer = await call();
    expect(answer.code).toBe(code);
    if (message) expect(answer.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  }

  test('create, list, get, update, status and delete with audit rows', async () => {
    const created = await mer.post('user/subuser/create', valid('merSubA1'), { encrypt: true });
    expect(created.code).toBe(0);
    const id = created.data.userId as number;
    const row = await userRow(ctx.db, 'merSubA1');
    const merTop = await userRow(ctx.db, DEMO_USERS.MER);
    expect(row).toMatchObject({ adminType: 30, orgId: merTop.orgId, terCode: merTop.terCode, isTopAdmin: 0, sex: 1, status: 0 });

    const list = await mer.post('user/subuser/list', { cond: { username: 'merSubA' }, page: { limit: 10, pageNum: 1 }, orderBy: [{ field: 'createdAt', dir: 'desc' }] });
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(1);
    expect(list.data.records[0]).toMatchObject({ userId: id, username: 'merSubA1', name: '测试管理员' });
    expect(list.data.records[0].password).toBeUndefined();
    expect(list.data.records[0].passwordHash).toBeUndefined();
    expect((await mer.post('user/subuser/list', { cond: {}, page: { limit: 10, pageNum: 1 }, orderBy: [{ field: 'passwordHash', dir: 'asc' }] })).code).toBe(1001);
    // Another organisation's list does not show it.
    const entList = await ent.post('user/subuser/list', { cond: {}, page: { limit: 50, pageNum: 1 } });
    expect(entList.data.records.map((r: { username: string }) => r.username)).not.toContain('merSubA1');

    const updated = await mer.post('user/subuser/update', { userId: id, name: '改过的名字', username: 'hacked', phone: '13912345678' });
    expect(updated.code).toBe(0);
    expect((await userRow(ctx.db, 'merSubA1')).name).toBe('改过的名字');
    const got = await mer.post('user/subuser/get', { userId: id });
    expect(got.data).toMatchObject({ username: 'merSubA1', name: '改过的名字' });
    expect(got.data.operator).toMatchObject({ account: DEMO_USERS.MER, name: merTop.name });

    const audits = await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'admin_user').where('entityId', '=', String(id)).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1]).toMatchObject({ operatorAccount: DEMO_USERS.MER, operatorName: merTop.name });
    expect(JSON.parse(audits[1].changes)).toEqual({ name: { from: '测试管理员', to: '改过的名字' } });
    expect(JSON.parse(audits[0].changes).password).toBeUndefined();

    expect((await mer.post('user/subuser/delete', { userId: id })).code).toBe(0);
    expect(await ctx.db.selectFrom('admin_user').select('userId').where('userId', '=', id).executeTakeFirst()).toBeUndefined();
  });

  test('duplicate username answers 1009 用户名已存在', async () => {
    await refusedWithoutChange(() => mer.post('user/subuser/create', valid(DEMO_USERS.SYS), { encrypt: true }), 1009, SubuserMessages.duplicate);
  });

  test('every field rule rejects bad values with its message', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['username', '', MESSAGES.usernameRequired],
      ['username', '1abcdef', MESSAGES.usernameFormat],
      ['username', 'ab', MESSAGES.usernameFormat],
      ['password', '', MESSAGES.passwordRequired],
      ['password', 'abcdefgh', MESSAGES.passwordFormat],
      ['name', '', MESSAGES.nameRequired],
      ['name', '张', MESSAGES.nameLength],
      ['phone', '', MESSAGES.phoneRequired],
      ['phone', '12345678901', MESSAGES.phone],
      ['wechat', 'w'.repeat(101), MESSAGES.wechatLength],
      ['email', 'not-an-email', MESSAGES.email],
      ['sex', 7, MESSAGES.sexInvalid],
      ['avatar', 'ftp://x', MESSAGES.url],
      ['avatar', `https://a.example.com/${'a'.repeat(1000)}`, MESSAGES.avatarLength],
      ['remark', 'r'.repeat(1001), MESSAGES.remarkLength],
      ['status', '', MESSAGES.status],
      ['status', 5, '请选择有效的状态'],
    ];
    for (const [field, value, message] of cases) {
      await refusedWithoutChange(() => mer.post('user/subuser/create', { ...valid('ruleCheck1'), [field]: value }, { encrypt: true }), 1001, message);
    }
    const id = await createSubUser(ctx.db, 'ruleTarget1', PASSWORD, DEMO_USERS.MER);
    for (const [field, value, message] of cases.filter(([f]) => ['name', 'phone', 'wechat', 'email', 'avatar', 'remark', 'sex'].includes(f))) {
      await refusedWithoutChange(() => mer.post('user/subuser/update', { userId: id, [field]: value }), 1001, message);
    }
    await refusedWithoutChange(() => mer.post('user/subuser/changePassword', { userId: id, newPassword: 'weak' }, { encrypt: true }), 1001, MESSAGES.passwordFormat);
  });

  test('privilege escalation is refused and changes nothing', async () => {
    const otherOrg = await createSubUser(ctx.db, 'entVictim1', PASSWORD, DEMO_USERS.ENT);
    // Another organisation's account: 3002 for every action.
    await refusedWithoutChange(() => mer.post('user/subuser/update', { userId: otherOrg, name: '篡改' }), 3002, Messages.outOfScope);
    await refusedWithoutChange(() => mer.post('user/subuser/get', { userId: otherOrg }), 3002);
    await refusedWithoutChange(() => mer.post('user/subuser/delete', { userId: otherOrg }), 3002);
    await refusedWithoutChange(() => mer.post('user/subuser/updateStatus', { userId: otherOrg, status: 1 }), 3002);
    await refusedWithoutChange(() => mer.post('user/subuser/changePassword', { userId: otherOrg, newPassword: PASSWORD }, { encrypt: true }), 3002);
    await refusedWithoutChange(() => mer.post('user/subuser/perm/update', { subUserId: otherOrg, permCodes: [] }), 3002);
    // Creating into another organisation is only for SYS.
    await refusedWithoutChange(() => mer.post('user/subuser/create', { ...valid('merIntoEnt1'), adminType: 40, terCode: 'ENT0001' }, { encrypt: true }), 3002);

    // A sub-account with query rights but without 1012 cannot edit someone else.
    await createSubUser(ctx.db, 'merReader1', PASSWORD, DEMO_USERS.MER, [1011, 1013, 1014, 1015]);
    const sibling = await createSubUser(ctx.db, 'merSibling1', PASSWORD, DEMO_USERS.MER);
    const reader = ctx.client();
    expect((await reader.login('merReader1', PASSWORD)).code).toBe(0);
    expect((await reader.post('user/subuser/list', { cond: {}, page: { limit: 10, pageNum: 1 } })).code).toBe(0);
    await refusedWithoutChange(() => reader.post('user/subuser/update', { userId: sibling, name: '篡改' }), 3001, Messages.noPermission);
    await refusedWithoutChange(() => reader.post('user/subuser/updateStatus', { userId: sibling, status: 1 }), 3001);
    await refusedWithoutChange(() => reader.post('user/subuser/perm/update', { subUserId: sibling, permCodes: [1011] }), 3001);
    await refusedWithoutChange(() => reader.post('user/subuser/create', valid('readerMade1'), { encrypt: true }), 3001);

    // A manager sub-account cannot grant a code it does not hold itself.
    await createSubUser(ctx.db, 'merManager1', PASSWORD, DEMO_USERS.MER, [1011, 1012, 1015, 24010]);
    const manager = ctx.client();
    expect((await manager.login('merManager1', PASSWORD)).code).toBe(0);
    await refusedWithoutChange(() => manager.post('user/subuser/perm/update', { subUserId: sibling, permCodes: [24010, 16110] }), 3001);
    // Nor a code the target's account type may never hold (SYS-only), nor a group node.
    await refusedWithoutChange(() => mer.post('user/subuser/perm/update', { subUserId: sibling, permCodes: [10110] }), 3001);
    await refusedWithoutChange(() => mer.post('user/subuser/perm/update', { subUserId: sibling, permCodes: ['group:管理员'] }), 1001);
    // Nor edit itself or the top administrator through subuser calls.
    const self = (await userRow(ctx.db, 'merManager1')).userId;
    const top = (await userRow(ctx.db, DEMO_USERS.MER)).userId;
    await refusedWithoutChange(() => manager.post('user/subuser/perm/update', { subUserId: self, permCodes: [1011, 1012, 1015] }), 3001);
    await refusedWithoutChange(() => manager.post('user/subuser/delete', { userId: top }), 3001);
    await refusedWithoutChange(() => mer.post('user/subuser/delete', { userId: top }), 3001);

    // What it holds it may grant; the tree it sees is its own grantable codes.
    expect((await manager.post('user/subuser/perm/update', { subUserId: sibling, permCodes: [24010] })).code).toBe(0);
    const perm = await manager.post('user/subuser/perm/get', { subUserId: sibling });
    expect(perm.data.granted).toEqual([24010]);
    const treeCodes = perm.data.permTree.flatMap((g: { children: Array<{ code: string }> }) => g.children.map((c) => Number(c.code)));
    expect(treeCodes.sort()).toEqual([1011, 1012, 1015, 24010]);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'updatePerm').where('entityId', '=', String(sibling)).executeTakeFirstOrThrow();
    expect(audit.operatorAccount).toBe('merManager1');
    expect(JSON.parse(audit.changes)).toEqual({ permCodes: { from: [], to: [24010] } });
  });

  test('SYS creates an account for a terminal organisation', async () => {
    const created = await sys.post('user/subuser/create', { ...valid('sysMadeEnt1'), adminType: 40, terCode: 'ENT0001' }, { encrypt: true });
    expect(created.code).toBe(0);
    const entTop = await userRow(ctx.db, DEMO_USERS.ENT);
    expect(await userRow(ctx.db, 'sysMadeEnt1')).toMatchObject({ adminType: 40, terCode: 'ENT0001', orgId: entTop.orgId });
    expect((await sys.post('user/subuser/create', { ...valid('sysMadeBad1'), adminType: 40, terCode: 'NOPE' }, { encrypt: true })).message).toBe(SubuserMessages.terCode);
    const filtered = await sys.post('user/subuser/list', { cond: { adminType: 40, terCode: 'ENT0001' }, page: { limit: 50, pageNum: 1 } });
    expect(filtered.data.records.map((r: { username: string }) => r.username)).toContain('sysMadeEnt1');
    const own = await sys.post('user/subuser/list', { cond: {}, page: { limit: 50, pageNum: 1 } });
    expect(own.data.records.map((r: { username: string }) => r.username)).not.toContain('sysMadeEnt1');
    // The enterprise's own administrator sees it too.
    const entList = await ent.post('user/subuser/list', { cond: {}, page: { limit: 50, pageNum: 1 } });
    expect(entList.data.records.map((r: { username: string }) => r.username)).toContain('sysMadeEnt1');
  });

  test('a disabled sub-account cannot sign in and its live session ends (2028)', async () => {
    const id = await createSubUser(ctx.db, 'entDisable1', PASSWORD, DEMO_USERS.ENT, [1011]);
    const sub = ctx.client();
    expect((await sub.login('entDisable1', PASSWORD)).code).toBe(0);
    expect((await sub.post('user/get')).code).toBe(0);
    expect((await ent.post('user/subuser/updateStatus', { userId: id, status: 1 })).code).toBe(0);
    const after = await sub.post('user/get');
    expect(after.code).toBe(2028);
    expect((await ctx.client().login('entDisable1', PASSWORD)).code).toBe(2028);
    // updateStatus takes the machine's transition; the trail names it (禁用).
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'disable').where('entityId', '=', String(id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes)).toEqual({ status: { from: 0, to: 1 } });
    // Enabled again it signs in; its old session stays ended.
    expect((await ent.post('user/subuser/updateStatus', { userId: id, status: 0 })).code).toBe(0);
    expect((await sub.post('user/get')).code).toBe(2028);
    expect((await ctx.client().login('entDisable1', PASSWORD)).code).toBe(0);
  });

  test('changePassword ends the target sessions and needs an encrypted body', async () => {
    const id = await createSubUser(ctx.db, 'entPwd0001', PASSWORD, DEMO_USERS.ENT);
    const sub = ctx.client();
    expect((await sub.login('entPwd0001', PASSWORD)).code).toBe(0);
    expect((await ent.post('user/subuser/changePassword', { userId: id, newPassword: 'New@2026pass' })).code).toBe(4003);
    expect((await ent.post('user/subuser/changePassword', { userId: id, newPassword: 'New@2026pass' }, { encrypt: true })).code).toBe(0);
    expect((await sub.post('user/get')).code).toBe(2022);
    expect((await ctx.client().login('entPwd0001', 'New@2026pass')).code).toBe(0);
  });

  test('own organisation info', async () => {
    const m = await mer.post('mercht/query/self');
    expect(m.code).toBe(0);
    expect(m.data).toMatchObject({ merchtCode: 'MER0001' });
    const e = await ent.post('ent/query/self');
    expect(e.data).toMatchObject({ entCode: 'ENT0001', merchtName: expect.any(String), supplierName: expect.any(String) });
    expect((await ent.post('mercht/query/self')).code).toBe(3002);
    expect((await mer.post('ent/query/self')).code).toBe(3002);
  });
});
