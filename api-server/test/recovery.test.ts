import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Messages } from '../src/http/codes';
import { RecoveryMessages } from '../src/routes/recovery';
import { SmsMessages } from '../src/providers/sms';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

const NEW_PASSWORD = 'Recover@2026';

describe.each(DIALECTS)('password recovery (/forgetPassword) on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  const latestSms = async (phone: string) => (await ctx.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirst()) ?? null;
  const latestMail = async (email: string) => (await ctx.db.selectFrom('mail_outbox').selectAll().where('email', '=', email).orderBy('id', 'desc').executeTakeFirst()) ?? null;
  const codeIn = (text: string) => /验证码为 (\d{6})/.exec(text)![1];

  test('SMS code → reset token → new password; the old one and old sessions stop working', async () => {
    const signedIn = ctx.client();
    expect((await signedIn.login(DEMO_USERS.MER, DEMO_PASSWORD)).code).toBe(0);
    const client = ctx.client();
    const sent = await client.post('captcha/sendSMSCode', { username: DEMO_USERS.MER, purpose: 3 });
    expect(sent).toMatchObject({ code: 0, data: { message: RecoveryMessages.sent } });
    const sms = (await latestSms('13816200003'))!;
    expect(sms).toMatchObject({ smsType: 10, purpose: 3 });
    expect(sms.content).toContain(DEMO_USERS.MER);

    expect((await client.post('user/forgetPassword/verify', { username: DEMO_USERS.MER, channel: 'sms', code: '000000' })).message).toBe(SmsMessages.codeWrong);
    const verified = await client.post('user/forgetPassword/verify', { username: DEMO_USERS.MER, channel: 'sms', code: codeIn(sms.content) });
    expect(verified.code).toBe(0);
    const { resetToken } = verified.data;
    // The code was single use.
    expect((await client.post('user/forgetPassword/verify', { username: DEMO_USERS.MER, channel: 'sms', code: codeIn(sms.content) })).message).toBe(SmsMessages.codeExpired);

    // The new password must meet the rule; a weak one changes nothing and keeps the token.
    const weak = await client.post('user/forgetPassword/reset', { username: DEMO_USERS.MER, resetToken, newPassword: '123' }, { encrypt: true });
    expect(weak.code).toBe(1001);
    expect((await client.post('user/forgetPassword/reset', { username: DEMO_USERS.MER, resetToken, newPassword: NEW_PASSWORD }, { encrypt: true })).code).toBe(0);
    expect((await client.post('user/forgetPassword/reset', { username: DEMO_USERS.MER, resetToken, newPassword: 'Another@2026' }, { encrypt: true })).message).toBe(RecoveryMessages.tokenExpired);

    expect((await signedIn.post('user/loginInfo')).code).not.toBe(0);
    expect((await ctx.client().login(DEMO_USERS.MER, DEMO_PASSWORD)).code).not.toBe(0);
    expect((await ctx.client().login(DEMO_USERS.MER, NEW_PASSWORD)).code).toBe(0);
  });

  test('a code of one account cannot reset another account sharing its phone; mail works the same way', async () => {
    const ent = await ctx.db.selectFrom('admin_user').select(['phone', 'email']).where('username', '=', DEMO_USERS.ENT).executeTakeFirstOrThrow();
    // SPR's administrator takes the enterprise administrator's phone.
    await ctx.db.updateTable('admin_user').set({ phone: ent.phone }).where('username', '=', DEMO_USERS.SPR).execute();
    const client = ctx.client();
    await client.post('captcha/sendSMSCode', { username: DEMO_USERS.SPR });
    const code = codeIn((await latestSms(ent.phone!))!.content);
    expect((await client.post('user/forgetPassword/verify', { username: DEMO_USERS.ENT, channel: 'sms', code })).code).toBe(1001);

    await client.post('captcha/sendMailCode', { username: DEMO_USERS.ENT });
    const mail = (await latestMail(ent.email!))!;
    expect(mail.subject).toBe('FlexPay 找回密码验证码');
    expect((await client.post('user/forgetPassword/verify', { username: DEMO_USERS.ENT, channel: 'mail', code: codeIn(mail.content) })).code).toBe(0);
  });

  test('an unknown username gets the same answer and nothing is sent; sends are throttled per username', async () => {
    const outbox = async () => (await ctx.db.selectFrom('sms_outbox').select('id').execute()).length;
    const before = await outbox();
    const unknown = await ctx.client().post('captcha/sendSMSCode', { username: 'nobodyHere01' });
    expect(unknown).toMatchObject({ code: 0, data: { message: RecoveryMessages.sent } });
    expect(await outbox()).toBe(before);
    expect((await ctx.client().post('captcha/sendSMSCode', { username: DEMO_USERS.SYS, purpose: 1 })).message).toBe(RecoveryMessages.purpose);

    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await ctx.client().post('captcha/sendSMSCode', { username: 'throttledUser1' }));
    expect(answers.slice(0, 5).every((a) => a.code === 0)).toBe(true);
    expect([answers[5].code, answers[5].message]).toEqual([4029, Messages.rateLimited]);
  });
});
