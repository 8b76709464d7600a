import { defaultCodesFor, MESSAGES } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code, Messages } from '../src/http/codes';
import { SmsMessages } from '../src/providers/sms';
import { CONTACT_MESSAGES as UserMessages } from '@flexpay/shared-utility/src/pure/rules/contact';
import { CONTACT_CODES_PER_HOUR } from '../src/security/throttle';
import { AccountGuardMessages } from '../src/http/account-guard';
import { MAX_FAILURES } from '../src/security/lockout';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser, userRow } from './support/users';

/**
 * Issue 21 item 1: one's own phone or e-mail changes only with the current password (counted toward
 * the sign-in lock) and a code sent to the NEW contact; the old contact is told. An administrator
 * changing a sub-account's contact follows the subset rule and the old contact is told too.
 */
const PASSWORD = 'Contact@2026x';
jest.setTimeout(60_000);
let serial = 0;

describe.each(DIALECTS)('changing a phone or e-mail on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  /** A fresh ENT sub-account with its own phone and e-mail, signed in. */
  async function account(): Promise<{ username: string; userId: number; phone: string; email: string; client: SignedClient }> {
    serial += 1;
    const username = `contact${String(serial).padStart(3, '0')}`;
    const userId = await createSubUser(ctx.db, username, PASSWORD, DEMO_USERS.ENT);
    const phone = `1390000${String(serial).padStart(4, '0')}`;
    const email = `${username}@old.example.com`;
    await ctx.db.updateTable('admin_user').set({ phone, email }).where('userId', '=', userId).execute();
    const client = ctx.client();
    expect((await client.login(username, PASSWORD)).code).toBe(0);
    return { username, userId, phone, email, client };
  }

  const sms = (phone: string) => ctx.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).orderBy('id', 'desc').execute();
  const mail = (email: string) => ctx.db.selectFrom('mail_outbox').selectAll().where('email', '=', email).orderBy('id', 'desc').execute();
  const codeIn = (text: string) => /验证码为 (\d{6})/.exec(text)![1];
  const failures = async (username: string) => (await ctx.db.selectFrom('login_failure').select('id').where('username', '=', username).execute()).length;
  const contactOf = async (username: string) => {
    const row = await userRow(ctx.db, username);
    return { phone: row.phone, email: row.email };
  };

  test('user/update refuses a different phone or e-mail (or clearing one) and changes nothing; the same values pass', async () => {
    const me = await account();
    for (const change of [{ phone: '13700001111' }, { email: 'thief@evil.example.com' }, { email: '' }, { name: '新名字', phone: '13700001111' }]) {
      const answer = await me.client.post('user/update', change);
      expect(answer).toMatchObject({ code: Code.VALIDATION, message: UserMessages.contactProof });
      expect(await userRow(ctx.db, me.username)).toMatchObject({ phone: me.phone, email: me.email, name: '测试子账号' });
    }
    // The profile form sends the unchanged contact with the other fields.
    const same = await me.client.post('user/update', { name: '改名', phone: me.phone, email: me.email });
    expect(same.code).toBe(0);
    expect(await userRow(ctx.db, me.username)).toMatchObject({ name: '改名', phone: me.phone, email: me.email });
  });

  test('new phone: code to the new number, current password checked, old number told', async () => {
    const me = await account();
    const next = '13755550001';
    const sent = await me.client.post('user/contact/sendCode', { channel: 'sms', phone: next });
    expect(sent).toMatchObject({ code: 0, data: { message: UserMessages.smsSent } });
    const [message] = await sms(next);
    expect(message.content).toContain(me.username);
    const code = codeIn(message.content);
    // Nothing went to the old number yet.
    expect(await sms(me.phone)).toHaveLength(0);

    const update = (body: Record<string, unknown>) => me.client.post('user/contact/update', { channel: 'sms', phone: next, ...body }, { encrypt: true });
    // Missing or wrong proofs: refused, nothing changed, the code still good.
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ code }, Code.VALIDATION, UserMessages.passwordRequired],
      [{ password: PASSWORD }, Code.VALIDATION, MESSAGES.verifyNoRequired],
      [{ password: 'Wrong@2026x', code }, Code.VALIDATION, UserMessages.wrongPassword],
      [{ password: PASSWORD, code, phone: '13755550002' }, Code.VALIDATION, SmsMessages.codeExpired],
      [{ password: PASSWORD, code, channel: 'fax' }, Code.VALIDATION, UserMessages.channel],
      [{ password: PASSWORD, code, phone: '123' }, Code.VALIDATION, MESSAGES.phone],
      [{ password: PASSWORD, code, phone: me.phone }, Code.VALIDATION, '新手机号与当前手机号相同'],
    ];
    for (const [body, status, text] of refusals) {
      expect(await update(body)).toMatchObject({ code: status, message: text });
      expect(await contactOf(me.username)).toEqual({ phone: me.phone, email: me.email });
    }
    // The wrong password counted toward the sign-in lock.
    expect(await failures(me.username)).toBe(1);
    // Without encryption the call is refused before anything is read.
    expect((await me.client.post('user/contact/update', { channel: 'sms', phone: next, password: PASSWORD, code })).code).toBe(Code.UNDECRYPTABLE);

    const wrongCode = await update({ password: PASSWORD, code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode).toMatchObject({ code: Code.VALIDATION, message: SmsMessages.codeWrong });
    expect(await contactOf(me.username)).toEqual({ phone: me.phone, email: me.email });

    const done = await update({ password: PASSWORD, code });
    expect(done).toMatchObject({ code: 0, data: { phone: next } });
    expect(await contactOf(me.username)).toEqual({ phone: next, email: me.email });
    // The old number is told, masked new number included; the code is spent.
    const [notice] = await sms(me.phone);
    expect(notice.content).toContain(`您的账号 ${me.username} 绑定的手机号已更换为 137****0001`);
    expect(notice.content).toContain('如非本人操作');
    expect(await update({ password: PASSWORD, code })).toMatchObject({ code: Code.VALIDATION, message: '新手机号与当前手机号相同' });
    const log = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'changeContact').where('operatorAccount', '=', me.username).executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes)).toEqual({ phone: { from: me.phone, to: next } });
  });

  test('new e-mail: code to the new address, old address told', async () => {
    const me = await account();
    const next = `${me.username}@new.example.com`;
    expect((await me.client.post('user/contact/sendCode', { channel: 'mail', email: '' })).message).toBe('请输入邮箱');
    expect((await me.client.post('user/contact/sendCode', { channel: 'mail', email: 'not-mail' })).message).toBe(MESSAGES.email);
    expect((await me.client.post('user/contact/sendCode', { channel: 'mail', email: me.email })).message).toBe('新邮箱与当前邮箱相同');
    expect(await me.client.post('user/contact/sendCode', { channel: 'mail', email: next })).toMatchObject({ code: 0, data: { message: UserMessages.mailSent } });
    const [message] = await mail(next);
    const code = codeIn(message.content);
    // A phone code is not an e-mail code.
    expect(await me.client.post('user/contact/update', { channel: 'sms', phone: '13755550003', password: PASSWORD, code }, { encrypt: true })).toMatchObject({
      code: Code.VALIDATION,
      message: SmsMessages.codeExpired,
    });
    const done = await me.client.post('user/contact/update', { channel: 'mail', email: next, password: PASSWORD, code }, { encrypt: true });
    expect(done).toMatchObject({ code: 0, data: { email: next } });
    expect(await contactOf(me.username)).toEqual({ phone: me.phone, email: next });
    const [notice] = await mail(me.email);
    expect(notice.subject).toBe('FlexPay 账号邮箱变更通知');
    expect(notice.content).toContain('绑定的邮箱已更换为 c***@new.example.com');
  });

  test('wrong current passwords lock the account like failed sign-ins', async () => {
    const me = await account();
    const next = '13755550004';
    await me.client.post('user/contact/sendCode', { channel: 'sms', phone: next });
    const code = codeIn((await sms(next))[0].content);
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await me.client.post('user/contact/update', { channel: 'sms', phone: next, password: `Wrong@2026${i}`, code }, { encrypt: true })).message).toBe(UserMessages.wrongPassword);
    }
    // Locked now: even the right password is refused, and so is signing in.
    expect(await me.client.post('user/contact/update', { channel: 'sms', phone: next, password: PASSWORD, code }, { encrypt: true })).toMatchObject({ code: Code.LOCKED, message: Messages.locked });
    expect((await ctx.client().login(me.username, PASSWORD)).code).toBe(Code.LOCKED);
    expect(await contactOf(me.username)).toEqual({ phone: me.phone, email: me.email });
  });

  test('codes to new contacts are throttled per account', async () => {
    const me = await account();
    for (let i = 0; i < CONTACT_CODES_PER_HOUR; i += 1) {
      expect((await me.client.post('user/contact/sendCode', { channel: 'sms', phone: `1376666000${i}` })).code).toBe(0);
    }
    expect((await me.client.post('user/contact/sendCode', { channel: 'sms', phone: '13766669999' })).code).toBe(Code.RATE_LIMITED);
    expect(await sms('13766669999')).toHaveLength(0);
  });

  test('an administrator changing a sub-account: subset rule, and the old phone and e-mail are told', async () => {
    const target = await account();
    const boss = ctx.client();
    expect((await boss.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
    const answer = await boss.post('user/subuser/update', { userId: target.userId, phone: '13788880001', email: 'moved@new.example.com' });
    expect(answer.code).toBe(0);
    expect(await contactOf(target.username)).toEqual({ phone: '13788880001', email: 'moved@new.example.com' });
    expect((await sms(target.phone))[0].content).toContain(`您的账号 ${target.username} 绑定的手机号已被管理员更换为 137****0001`);
    expect((await mail(target.email))[0].content).toContain('绑定的邮箱已被管理员更换为 m***@new.example.com');
    // Other fields alone tell nobody.
    expect((await boss.post('user/subuser/update', { userId: target.userId, name: '只改名字' })).code).toBe(0);
    expect(await sms('13788880001')).toHaveLength(0);

    // A helper holding fewer codes than the account it would edit is refused; nothing changes, nobody is told.
    serial += 1;
    const rich = await createSubUser(ctx.db, `contactRich${serial}`, PASSWORD, DEMO_USERS.ENT, defaultCodesFor('ENT'));
    await ctx.db.updateTable('admin_user').set({ phone: '13799990001' }).where('userId', '=', rich).execute();
    await createSubUser(ctx.db, `contactHelp${serial}`, PASSWORD, DEMO_USERS.ENT, [1011, 1012]);
    const helper = ctx.client();
    expect((await helper.login(`contactHelp${serial}`, PASSWORD)).code).toBe(0);
    const refused = await helper.post('user/subuser/update', { userId: rich, phone: '13799990002' });
    expect(refused).toMatchObject({ code: Code.NO_PERMISSION, message: AccountGuardMessages.moreCodes });
    expect((await userRow(ctx.db, `contactRich${serial}`)).phone).toBe('13799990001');
    expect(await sms('13799990001')).toHaveLength(0);
  });
});
