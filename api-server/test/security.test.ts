import { computeSign, MESSAGES } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Messages } from '../src/http/codes';
import { tokenHash } from '../src/security/session';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser, sessionCount, userRow } from './support/users';

const PROFILE_CHANGE = { name: '被篡改的名字' };

describe.each(DIALECTS)('guard pipeline on %s', (dialect) => {
  let ctx: TestContext;
  let ent: SignedClient;
  /** The server's clock runs this far ahead of the test's. */
  let skew = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { now: () => Date.now() + skew });
    ent = ctx.client();
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  /** Runs a refused call and proves the profile and the session table did not change. */
  async function refusedWithoutChange(call: () => Promise<{ code: number; message: string }>, code: number, message?: string) {
    const before = await userRow(ctx.db, DEMO_USERS.ENT);
    const sessions = await sessionCount(ctx.db);
    const answer = await call();
    expect(answer.code).toBe(code);
    if (message) expect(answer.message).toBe(message);
    expect(await userRow(ctx.db, DEMO_USERS.ENT)).toEqual(before);
    expect(await sessionCount(ctx.db)).toBe(sessions);
    return answer;
  }

  test('bad signature answers 4001', async () => {
    await refusedWithoutChange(() => ent.post('user/update', PROFILE_CHANGE, { sign: 'f'.repeat(32) }), 4001, Messages.badSignature);
    // A signature made with the wrong secret is just as bad.
    const ts = Date.now();
    await refusedWithoutChange(
      () => ent.post('user/update', PROFILE_CHANGE, { timestamp: ts, sign: computeSign(PROFILE_CHANGE, '', ts) }),
      4001,
    );
    await refusedWithoutChange(() => ent.post('user/update', PROFILE_CHANGE, { sign: 'not-hex' }), 4001);
  });

  test('stale timestamp answers 4002 even when the signature matches it', async () => {
    const stale = Date.now() - 301_000;
    await refusedWithoutChange(() => ent.post('user/update', PROFILE_CHANGE, { timestamp: stale }), 4002, Messages.staleTimestamp);
    const future = Date.now() + 301_000;
    await refusedWithoutChange(() => ent.post('user/update', PROFILE_CHANGE, { timestamp: future }), 4002);
  });

  test('undecryptable bodies answer 4003 with one message', async () => {
    const anon = ctx.client();
    const login = { username: DEMO_USERS.SYS, password: DEMO_PASSWORD, captchaToken: 'x', captcha: 'x' };
    const garbage = Buffer.from('x'.repeat(256)).toString('base64');
    for (const encrypted of ['not base64!', garbage, '', 'AAAA,BBBB']) {
      await refusedWithoutChange(() => anon.post('user/login', login, { encrypted }), 4003, Messages.undecryptable);
    }
    // A plaintext body on an encrypted call is refused the same way.
    await refusedWithoutChange(() => anon.post('user/login', login), 4003, Messages.undecryptable);
  });

  test('missing or unknown token answers 2021', async () => {
    // Without cookies the browser signs with the empty secret and sends no token.
    await refusedWithoutChange(() => ctx.client().post('user/update', PROFILE_CHANGE), 2021, Messages.notLoggedIn);
    // A token the server never issued has no secret: the call is checked like one without a session,
    // so a stale timestamp answers 4002 and a signature with some other secret 4001 (issue 12 finding 9:
    // no answer tells a known token from an unknown one before the signature checks out).
    const unknown = 'f'.repeat(64);
    await refusedWithoutChange(() => ctx.client().post('user/update', PROFILE_CHANGE, { token: unknown }), 2021);
    await refusedWithoutChange(() => ent.post('user/update', PROFILE_CHANGE, { token: unknown }), 4001);
    await refusedWithoutChange(() => ctx.client().post('user/update', PROFILE_CHANGE, { token: unknown, timestamp: Date.now() - 301_000 }), 4002);
  });

  test('idle token answers 2022 after the signature checks out', async () => {
    const other = ctx.client();
    await other.login(DEMO_USERS.ENT, DEMO_PASSWORD);
    const threeHoursAgo = Date.now() - 3 * 3600_000;
    await ctx.db.updateTable('session').set({ lastSeenAt: threeHoursAgo }).where('token', '=', tokenHash(other.token!)).execute();
    await refusedWithoutChange(() => other.post('user/update', PROFILE_CHANGE), 2022, Messages.sessionExpired);
    const session = await ctx.db.selectFrom('session').selectAll().where('token', '=', tokenHash(other.token!)).executeTakeFirstOrThrow();
    expect(session.lastSeenAt).toBe(threeHoursAgo);
    // An expired token with a bad signature still fails on the signature first.
    await refusedWithoutChange(() => other.post('user/update', PROFILE_CHANGE, { sign: '0'.repeat(32) }), 4001);
  });

  test('disabled account answers 2028, ends its sessions and cannot sign in', async () => {
    await createSubUser(ctx.db, 'entsub01', 'Passw0rd!x', DEMO_USERS.ENT);
    const sub = ctx.client();
    expect((await sub.login('entsub01', 'Passw0rd!x')).code).toBe(0);
    await ctx.db.updateTable('admin_user').set({ status: 1 }).where('username', '=', 'entsub01').execute();
    const before = await userRow(ctx.db, 'entsub01');
    const answer = await sub.post('user/update', PROFILE_CHANGE);
    expect(answer).toMatchObject({ code: 2028, message: Messages.accountDisabled });
    expect(await userRow(ctx.db, 'entsub01')).toEqual(before);
    const open = await ctx.db.selectFrom('session').select('token').where('userId', '=', before.userId).where('endedAt', 'is', null).execute();
    expect(open).toHaveLength(0);
    const sessions = await sessionCount(ctx.db);
    expect((await ctx.client().login('entsub01', 'Passw0rd!x')).code).toBe(2028);
    expect(await sessionCount(ctx.db)).toBe(sessions);
    // Status 30 (stopped) counts as disabled too.
    await ctx.db.updateTable('admin_user').set({ status: 30 }).where('username', '=', 'entsub01').execute();
    expect((await ctx.client().login('entsub01', 'Passw0rd!x')).code).toBe(2028);
  });

  test('missing permission answers 3001', async () => {
    const entRow = await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const answer = await ent.post('ent/query/get', { id: entRow.id });
    expect(answer).toEqual({ code: 3001, message: '无权执行此操作', data: null });
    // A sub-administrator without granted codes is refused too, a granted one is not.
    await createSubUser(ctx.db, 'mersub01', 'Passw0rd!x', DEMO_USERS.MER);
    await createSubUser(ctx.db, 'mersub02', 'Passw0rd!x', DEMO_USERS.MER, [18110]);
    const bare = ctx.client();
    await bare.login('mersub01', 'Passw0rd!x');
    expect((await bare.post('ent/query/get', { id: entRow.id })).code).toBe(3001);
    const granted = ctx.client();
    await granted.login('mersub02', 'Passw0rd!x');
    expect((await granted.post('ent/query/get', { id: entRow.id })).code).toBe(0);
  });

  test('record outside the organisation answers 3002', async () => {
    const mer = ctx.client();
    await mer.login(DEMO_USERS.MER, DEMO_PASSWORD);
    const own = await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const foreign = await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0003').executeTakeFirstOrThrow();
    expect(await mer.post('ent/query/get', { id: foreign.id })).toEqual({ code: 3002, message: '无权查看相关数据', data: null });
    const mine = await mer.post('ent/query/get', { id: own.id });
    expect(mine.code).toBe(0);
    expect(mine.data).toMatchObject({ entCode: 'ENT0001', entName: '北京星辰物流有限公司', merchtName: '上海启航商务咨询有限公司' });
    expect((await mer.post('ent/query/get', { id: 999999 })).code).toBe(1004);
  });

  test('validation answers 1001 with the first failing field message', async () => {
    await refusedWithoutChange(() => ent.post('user/update', { name: '王', phone: 'abc' }), 1001, MESSAGES.nameLength);
    await refusedWithoutChange(() => ent.post('user/update', { phone: '12345' }), 1001, MESSAGES.phone);
    await refusedWithoutChange(() => ent.post('user/update', { email: 'nope' }), 1001, MESSAGES.email);
    await refusedWithoutChange(() => ent.post('user/update', { avatar: 'ftp:/x' }), 1001, MESSAGES.url);
    await refusedWithoutChange(() => ent.post('user/update', { sex: 5 }), 1001, MESSAGES.sexInvalid);
    await refusedWithoutChange(() => ent.post('user/update', { guideStep: 'x' }), 1001, Messages.guideStep);
  });

  test('five wrong passwords lock the username; the sixth, correct, attempt is refused', async () => {
    await createSubUser(ctx.db, 'locktest01', 'Passw0rd!x', DEMO_USERS.SPR);
    const anon = ctx.client();
    for (let i = 0; i < 5; i += 1) {
      expect(await anon.login('locktest01', 'Wrong0rd!x')).toMatchObject({ code: 2001, message: '用户名或密码错误' });
    }
    const sessions = await sessionCount(ctx.db);
    const locked = await anon.login('locktest01', 'Passw0rd!x');
    expect(locked).toEqual({ code: 2003, message: '密码错误次数过多，账号已锁定，请15分钟后再试', data: null });
    expect(await sessionCount(ctx.db)).toBe(sessions);
    // The lock ends 15 minutes after the fifth failure.
    const sixteenMinutes = 16 * 60_000;
    await ctx.db
      .updateTable('login_failure')
      .set((eb) => ({ createdAt: eb('createdAt', '-', sixteenMinutes) }))
      .where('username', '=', 'locktest01')
      .execute();
    expect((await anon.login('locktest01', 'Passw0rd!x')).code).toBe(0);
  });

  test('malformed JSON answers 1001 and changes nothing', async () => {
    await refusedWithoutChange(() => ent.post('user/update', PROFILE_CHANGE, { rawPayload: '{"name": "x",' }), 1001, Messages.badJson);
    await refusedWithoutChange(() => ent.post('user/update', PROFILE_CHANGE, { rawPayload: '[1,2]' }), 1001, Messages.notObject);
  });

  test('a body over 1 MB answers 1001 and changes nothing', async () => {
    const huge = { name: '张三', remark: 'x'.repeat(1024 * 1024 + 10) };
    const answer = await refusedWithoutChange(
      () => ent.post('user/update', huge, { rawPayload: JSON.stringify(huge) }),
      1001,
      Messages.bodyTooLarge,
    );
    expect(JSON.stringify(answer)).not.toMatch(/at |Error|stack/);
  });

  test('unknown API path answers an envelope 1004', async () => {
    expect(await ent.post('no/such/thing')).toEqual({ code: 1004, message: Messages.apiNotFound, data: null });
  });

  test('a signed-in call refreshes the idle clock only after every check passed', async () => {
    const lastSeen = async () => (await ctx.db.selectFrom('session').select('lastSeenAt').where('token', '=', tokenHash(ent.token!)).executeTakeFirstOrThrow()).lastSeenAt;
    const before = await lastSeen();
    // Within the minute the clock is not written again; a minute later it is.
    expect((await ent.post('user/get')).code).toBe(0);
    expect(await lastSeen()).toBe(before);
    skew = 61_000;
    try {
      expect((await ent.post('user/get')).code).toBe(0);
      expect(await lastSeen()).toBeGreaterThanOrEqual(before + 61_000);
    } finally {
      skew = 0;
    }
  });
});
