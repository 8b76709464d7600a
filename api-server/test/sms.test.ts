import { CODE_TTL_MS, outboxProvider, sendCode, SmsMessages, SmsType, verifyCode } from '../src/providers/sms';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('SMS outbox and verification codes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
  });
  afterAll(() => ctx.close());

  const PURPOSE_FORGET = 3;
  let phoneSeq = 0;
  async function issue(now: number) {
    const phone = `1390000${String(++phoneSeq).padStart(4, '0')}`;
    await sendCode(ctx.db, outboxProvider, { phone, purpose: PURPOSE_FORGET, smsType: SmsType.LOGIN_CODE, text: (c) => `您的验证码为${c}，5分钟内有效。` }, now);
    const sent = await ctx.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { phone, code: /(\d{6})/.exec(sent.content)![1], sent };
  }

  test('the outbox holds the message; the code works once', async () => {
    const now = Date.now();
    const { phone, code, sent } = await issue(now);
    expect(sent).toMatchObject({ smsType: 10, purpose: 3 });
    expect(sent.content).toMatch(/^您的验证码为\d{6}，5分钟内有效。$/);
    // Only a hash is stored.
    const stored = await ctx.db.selectFrom('sms_code').select('codeHash').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(stored.codeHash).not.toContain(code);
    expect(await verifyCode(ctx.db, { phone, purpose: PURPOSE_FORGET, code }, now + 1000)).toBeNull();
    expect(await verifyCode(ctx.db, { phone, purpose: PURPOSE_FORGET, code }, now + 2000)).toBe(SmsMessages.codeExpired);
  });

  test('a code is valid for 5 minutes and only for its purpose', async () => {
    const now = Date.now();
    const { phone, code } = await issue(now);
    expect(await verifyCode(ctx.db, { phone, purpose: 4, code }, now)).toBe(SmsMessages.codeExpired);
    expect(await verifyCode(ctx.db, { phone, purpose: PURPOSE_FORGET, code }, now + CODE_TTL_MS + 1)).toBe(SmsMessages.codeExpired);
  });

  test('five wrong tries void the code, even under parallel guessing', async () => {
    const now = Date.now();
    const { phone, code } = await issue(now);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 12 }, () => verifyCode(ctx.db, { phone, purpose: PURPOSE_FORGET, code: wrong }, now)));
    expect(answers.filter((a) => a === SmsMessages.codeWrong).length).toBeLessThanOrEqual(5);
    expect(await verifyCode(ctx.db, { phone, purpose: PURPOSE_FORGET, code }, now)).toBe(SmsMessages.codeExpired);
  });

  test('a new code voids the previous one', async () => {
    const now = Date.now();
    const first = await issue(now);
    await sendCode(ctx.db, outboxProvider, { phone: first.phone, purpose: PURPOSE_FORGET, smsType: 10, text: (c) => `验证码${c}` }, now + 10);
    const rows = await ctx.db.selectFrom('sms_code').select('usedAt').where('phone', '=', first.phone).orderBy('id').execute();
    expect(rows.map((r) => r.usedAt !== null)).toEqual([true, false]);
    expect(await verifyCode(ctx.db, { phone: first.phone, purpose: PURPOSE_FORGET, code: first.code }, now + 20)).toBe(SmsMessages.codeWrong);
  });
});
