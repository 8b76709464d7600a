/**
 * Issue 13: several server processes share one database. Two apps over the same database, each with
 * its own connections (what two processes of `npm run start:cluster` are), must see one state:
 * sessions, captchas, the per-IP sign-in throttle and the open routes' rate limit.
 */
import { computeSign } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code, Messages } from '../src/http/codes';
import { throttlesOf } from '../src/security/throttle';
import { tokenHash } from '../src/security/session';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('state shared by two server processes (%s)', (dialect) => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<TestContext['sibling']>>;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { config: { captchaOff: false } });
    other = await ctx.sibling();
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  test('a captcha drawn by one process signs in at the other, and the session works on both', async () => {
    const drawn = await ctx.client().post('captcha/create');
    const row = await ctx.db.selectFrom('captcha').select('answer').where('captchaToken', '=', drawn.data.captchaToken).executeTakeFirstOrThrow();
    const user = other.client();
    const login = await user.login(DEMO_USERS.ENT, DEMO_PASSWORD, { captchaToken: drawn.data.captchaToken, captcha: row.answer });
    expect(login.code).toBe(0);
    const here = ctx.client();
    here.token = user.token;
    here.apiSecret = user.apiSecret;
    expect((await here.post('user/loginInfo')).data.userInfo.username).toBe(DEMO_USERS.ENT);
  });

  test('an export token made by one process downloads from the other, once', async () => {
    const here = ctx.client();
    const drawn = await here.post('captcha/create');
    const row = await ctx.db.selectFrom('captcha').select('answer').where('captchaToken', '=', drawn.data.captchaToken).executeTakeFirstOrThrow();
    expect((await here.login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken: drawn.data.captchaToken, captcha: row.answer })).code).toBe(0);
    const token = await here.post('taxSource/query/genExportExcelToken', { cond: {} });
    const there = other.client();
    there.token = here.token;
    there.apiSecret = here.apiSecret;
    const download = await there.get('taxSource/query/export', { token: token.data.token });
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect((await here.get('taxSource/query/export', { token: token.data.token })).json().code).not.toBe(0);
  });

  /** Signs a client in (captchas are on here) and gives a client of the other process the same session. */
  async function sharedSession(username: string) {
    const here = ctx.client();
    const drawn = await here.post('captcha/create');
    const row = await ctx.db.selectFrom('captcha').select('answer').where('captchaToken', '=', drawn.data.captchaToken).executeTakeFirstOrThrow();
    expect((await here.login(username, DEMO_PASSWORD, { captchaToken: drawn.data.captchaToken, captcha: row.answer })).code).toBe(0);
    const there = other.client();
    there.token = here.token;
    there.apiSecret = here.apiSecret;
    return { here, there };
  }

  /**
   * Issue 24: a PostgreSQL process keeps the auth epoch and learns of a change another connection made by
   * notification, so a change made elsewhere holds within 1 s there (at once where it was written; at once
   * on SQLite, which reads the epoch per call).
   */
  async function within1s(client: ReturnType<TestContext['client']>, check: (answer: any) => void): Promise<void> {
    const since = Date.now();
    for (;;) {
      const answer = await client.post('user/loginInfo');
      try {
        check(answer);
        return;
      } catch (error) {
        if (Date.now() - since > 1_000) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  test('a sign-out through one process holds at the other, which had the session cached, within 1 s', async () => {
    const { here, there } = await sharedSession(DEMO_USERS.ENT);
    expect((await there.post('user/loginInfo')).code).toBe(0);
    expect((await here.post('user/logout')).code).toBe(0);
    await within1s(there, (answer) => expect(answer).toEqual({ code: Code.NOT_LOGGED_IN, message: Messages.notLoggedIn, data: null }));
  });

  test('a session whose idle clock is set back in the database has expired for both processes (the other within 1 s)', async () => {
    const { here, there } = await sharedSession(DEMO_USERS.ENT);
    expect((await there.post('user/loginInfo')).code).toBe(0);
    expect((await here.post('user/loginInfo')).code).toBe(0);
    await ctx.db.updateTable('session').set({ lastSeenAt: Date.now() - 3 * 3_600_000 }).where('token', '=', tokenHash(here.token!)).execute();
    for (const client of [here, there]) await within1s(client, (answer) => expect(answer).toEqual({ code: Code.SESSION_EXPIRED, message: Messages.sessionExpired, data: null }));
  });

  test('an organisation disabled by a direct database write is refused by both processes (the other within 1 s)', async () => {
    const { here, there } = await sharedSession(DEMO_USERS.MER);
    const orgId = (await here.post('user/loginInfo')).data.merchtMO.merchtId as number;
    expect((await there.post('user/loginInfo')).code).toBe(0);
    await ctx.db.updateTable('mercht').set({ status: 1 }).where('id', '=', orgId).execute();
    try {
      for (const client of [here, there]) await within1s(client, (answer) => expect(answer).toEqual({ code: Code.ACCOUNT_DISABLED, message: Messages.accountDisabled, data: null }));
    } finally {
      await ctx.db.updateTable('mercht').set({ status: 0 }).where('id', '=', orgId).execute();
    }
  });

  test('a renamed organisation shows in the next loginInfo of either process', async () => {
    const { here, there } = await sharedSession(DEMO_USERS.SPR);
    const before = (await there.post('user/loginInfo')).data.merchtMO as { merchtId: number; name: string };
    await here.post('user/loginInfo');
    await ctx.db.updateTable('mercht').set({ name: `${before.name}（新）` }).where('id', '=', before.merchtId).execute();
    try {
      for (const client of [here, there]) await within1s(client, (answer) => expect(answer.data.merchtMO.name).toBe(`${before.name}（新）`));
    } finally {
      await ctx.db.updateTable('mercht').set({ name: before.name }).where('id', '=', before.merchtId).execute();
    }
  });

  test('failed sign-ins counted by one process block the client IP at the other', async () => {
    const throttle = throttlesOf(ctx).loginIp;
    const now = Date.now();
    for (let i = 0; i < throttle.max; i += 1) await throttle.hit('127.0.0.1', now);
    try {
      const answer = await other.client().post('user/login', { username: DEMO_USERS.ENT, password: DEMO_PASSWORD, captchaToken: 'x', captcha: 'x' }, { encrypt: true });
      expect(answer).toEqual({ code: Code.RATE_LIMITED, message: Messages.rateLimited, data: null });
    } finally {
      await throttle.clear('127.0.0.1');
    }
  });

  test('the open routes spend one budget per client IP across processes', async () => {
    const limited = await createTestContext(dialect, { seed: false, config: { openRateLimit: 3 } });
    const sibling = await limited.sibling();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 2; i += 1) codes.push((await limited.client().post('captcha/publicKey')).code);
      for (let i = 0; i < 2; i += 1) codes.push((await sibling.client().post('captcha/publicKey')).code);
      expect(codes).toEqual([0, 0, 0, Code.RATE_LIMITED]);
    } finally {
      await sibling.close();
      await limited.close();
    }
  });
});

describe('behind a reverse proxy (FLEXPAY_TRUST_PROXY)', () => {
  async function codesFrom(trustProxy: string[] | undefined, clients: string[]): Promise<number[]> {
    const ctx = await createTestContext('sqlite', { seed: false, config: { openRateLimit: 2, trustProxy } });
    try {
      const codes: number[] = [];
      for (const client of clients) {
        const timestamp = Date.now();
        const answer = await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/captcha/publicKey?timestamp=${timestamp}&sign=${computeSign({}, '', timestamp)}`,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          payload: '{}',
        });
        codes.push(answer.json<{ code: number }>().code);
      }
      return codes;
    } finally {
      await ctx.close();
    }
  }

  test('with the proxy trusted, each forwarded client has its own budget', async () => {
    expect(await codesFrom(['127.0.0.1'], ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2'])).toEqual([0, 0, Code.RATE_LIMITED, 0]);
  });

  test('without it, a forwarded address is ignored and cannot buy a new budget', async () => {
    expect(await codesFrom(undefined, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([0, 0, Code.RATE_LIMITED]);
  });
});
