import { type AccountType, AdminType, buildPermTree, defaultCodesFor, MESSAGES } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Messages } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import { createSubUser, sessionCount, userRow } from './support/users';

describe.each(DIALECTS)('user calls on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  const expectedOrg: Record<AccountType, { terCode: string; orgName: string; ent: boolean; mercht: boolean }> = {
    SYS: { terCode: 'FLEXPAY', orgName: 'FlexPay 平台运营', ent: false, mercht: false },
    SPR: { terCode: 'SPR0001', orgName: '海南云聚人力资源服务有限公司', ent: false, mercht: true },
    MER: { terCode: 'MER0001', orgName: '上海启航商务咨询有限公司', ent: false, mercht: true },
    ENT: { terCode: 'ENT0001', orgName: '北京星辰物流有限公司', ent: true, mercht: false },
  };

  test.each(['SYS', 'SPR', 'MER', 'ENT'] as AccountType[])('login as the %s top administrator', async (type) => {
    const client = ctx.client();
    const answer = await client.login(`  ${DEMO_USERS[type]} `, ` ${DEMO_PASSWORD}  `);
    expect(answer.code).toBe(0);
    const { data } = answer;
    expect(data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(data.apiSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(data.permCodes).toEqual(defaultCodesFor(type));
    expect(data.userInfo).toMatchObject({
      username: DEMO_USERS[type],
      adminType: AdminType[type],
      terCode: expectedOrg[type].terCode,
      orgName: expectedOrg[type].orgName,
      isTopAdmin: 1,
      guideStep: -1,
      status: 0,
      sex: 0,
      weChat: null,
    });
    expect(data.userInfo.permTree).toEqual(buildPermTree(defaultCodesFor(type)));
    expect(data.userInfo).not.toHaveProperty('passwordHash');
    expect(data.entMO === null).toBe(!expectedOrg[type].ent);
    expect(data.merchtMO === null).toBe(!expectedOrg[type].mercht);
    if (type === 'ENT') expect(data.entMO).toMatchObject({ entCode: 'ENT0001', entName: '北京星辰物流有限公司' });
    if (type === 'MER') expect(data.merchtMO).toMatchObject({ merchtCode: 'MER0001', merchtType: 0 });

    const info = await client.post('user/loginInfo');
    expect(info.code).toBe(0);
    expect(info.data).toEqual({ ...data });
    const own = await client.post('user/get');
    expect(own.data).toEqual(data.userInfo);
  });

  test('wrong password and unknown user give the same answer', async () => {
    const a = await ctx.client().login(DEMO_USERS.SYS, 'Wrong@2026');
    const b = await ctx.client().login('nobody99', 'Wrong@2026');
    expect(a).toEqual({ code: 2001, message: Messages.badCredentials, data: null });
    expect(b).toEqual(a);
    expect((await ctx.client().login('', DEMO_PASSWORD)).message).toBe(MESSAGES.usernameRequired);
    expect((await ctx.client().login(DEMO_USERS.SYS, '  ')).message).toBe(MESSAGES.passwordRequired);
  });

  test('own profile update: partial, trimmed, audited', async () => {
    const client = ctx.client();
    await client.login(DEMO_USERS.MER, DEMO_PASSWORD);
    // Clearing an optional field stores null; phone and e-mail change only with proof (contact-change.test.ts).
    const answer = await client.post('user/update', { name: ' 王海涛二 ', wechat: 'wht_2026', remark: '', sex: 1, guideStep: 2 });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ name: '王海涛二', weChat: 'wht_2026', remark: null, sex: 1, guideStep: 2, phone: '13816200003' });
    const row = await userRow(ctx.db, DEMO_USERS.MER);
    expect(row).toMatchObject({ name: '王海涛二', wechat: 'wht_2026', remark: null, sex: 1, guideStep: 2 });
    const log = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'updateProfile')
      .where('operatorAccount', '=', DEMO_USERS.MER)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes)).toMatchObject({ name: { from: '王海涛', to: '王海涛二' }, guideStep: { from: -1, to: 2 } });
    // Only the guide step: nothing else is touched or validated.
    expect((await client.post('user/update', { guideStep: 3 })).data).toMatchObject({ guideStep: 3, name: '王海涛二' });
  });

  test('logout ends the session', async () => {
    const client = ctx.client();
    await client.login(DEMO_USERS.SPR, DEMO_PASSWORD);
    expect(await client.post('user/logout')).toEqual({ code: 0, message: 'success', data: true });
    expect((await client.post('user/get')).code).toBe(2021);
  });

  describe('changePassword', () => {
    const user = 'pwduser01';
    const original = 'Orig@2026x';
    beforeAll(() => createSubUser(ctx.db, user, original, DEMO_USERS.SYS));

    test('rules: encrypted only, old password checked, new password strong and different', async () => {
      const client = ctx.client();
      await client.login(user, original);
      const before = await userRow(ctx.db, user);
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ password: 'Bad@2026xx', newPassword: 'Next@2026x' }, 1001, Messages.wrongOldPassword],
        [{ password: original }, 1001, MESSAGES.newPasswordRequired],
        [{ password: original, newPassword: 'short1A' }, 1001, MESSAGES.passwordFormat],
        [{ password: original, newPassword: 'alllowercase1' }, 1001, MESSAGES.passwordFormat],
        [{ password: original, newPassword: original }, 1001, Messages.samePassword],
      ];
      for (const [body, code, message] of cases) {
        expect(await client.post('user/changePassword', body, { encrypt: true })).toEqual({ code, message, data: null });
      }
      expect((await client.post('user/changePassword', { password: original, newPassword: 'Next@2026x' })).code).toBe(4003);
      expect(await userRow(ctx.db, user)).toEqual(before);
    });

    test('success ends the other sessions and swaps the password', async () => {
      const current = ctx.client();
      const other = ctx.client();
      await current.login(user, original);
      await other.login(user, original);
      const answer = await current.post('user/changePassword', { password: original, newPassword: 'Next@2026x' }, { encrypt: true });
      expect(answer).toEqual({ code: 0, message: 'success', data: true });
      expect((await other.post('user/get')).code).toBe(2022);
      expect((await current.post('user/get')).code).toBe(0);
      expect((await ctx.client().login(user, original)).code).toBe(2001);
      expect((await ctx.client().login(user, 'Next@2026x')).code).toBe(0);
      // Without the old password the change is refused (issue 12 finding 3).
      expect(await current.post('user/changePassword', { newPassword: 'Third#2026' }, { encrypt: true })).toEqual({ code: 1001, message: MESSAGES.oldPasswordRequired, data: null });
      expect((await ctx.client().login(user, 'Third#2026')).code).toBe(2001);
      expect((await current.post('user/changePassword', { password: 'Next@2026x', newPassword: 'Third#2026' }, { encrypt: true })).data).toBe(true);
      expect((await ctx.client().login(user, 'Third#2026')).code).toBe(0);
    });
  });

  test('a long body with Chinese text round-trips through several RSA pieces', async () => {
    const client = ctx.client();
    const sessions = await sessionCount(ctx.db);
    const answer = await client.post(
      'user/login',
      { username: DEMO_USERS.ENT, password: DEMO_PASSWORD, captchaToken: '验证'.repeat(100), captcha: '码'.repeat(90) },
      { encrypt: true },
    );
    expect(answer.code).toBe(0);
    expect(await sessionCount(ctx.db)).toBe(sessions + 1);
  });
});
