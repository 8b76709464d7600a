import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Messages } from '../src/http/codes';
import { decryptEncryptedBody } from '../src/security/rsa';
import { createTestContext, type TestContext } from './support/app';
import { encryptBody } from './support/client';
import { humanTrace, straightTrace } from './support/slide-trace';
import { sessionCount } from './support/users';
import * as XLSX from 'xlsx';

describe('captcha, public key and templates (captcha enforced)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { config: { captchaOff: false } });
  });
  afterAll(() => ctx.close());

  async function newCaptcha() {
    const answer = await ctx.client().post('captcha/create');
    expect(answer.code).toBe(0);
    expect(answer.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(answer.data.image.split(',')[1], 'base64').toString()).toContain('<svg');
    const row = await ctx.db.selectFrom('captcha').selectAll().where('captchaToken', '=', answer.data.captchaToken).executeTakeFirstOrThrow();
    return { captchaToken: answer.data.captchaToken as string, answer: row.answer };
  }

  test('slide captcha: a PNG with a gap, one try per picture; a right slide signs in once', async () => {
    const create = async () => {
      const answer = await ctx.client().post('captcha/slideCreate');
      expect(answer.data.background).toMatch(/^data:image\/png;base64,/);
      expect(answer.data.piece).toMatch(/^data:image\/png;base64,/);
      // The gap's x travels only in the pixels.
      expect(Object.keys(answer.data).sort()).toEqual(['background', 'captchaToken', 'height', 'piece', 'pieceSize', 'width', 'y']);
      const row = await ctx.db.selectFrom('captcha').select('answer').where('captchaToken', '=', answer.data.captchaToken).executeTakeFirstOrThrow();
      return { captchaToken: answer.data.captchaToken as string, gx: Number(row.answer.replace('slide:', '')) };
    };
    const check = (captchaToken: string, x: number, trace: unknown = humanTrace(x)) => ctx.client().post('captcha/slideCheck', { captchaToken, x, trace });
    const missed = await create();
    expect(await check(missed.captchaToken, missed.gx + 20)).toMatchObject({ code: 2002, message: Messages.badCaptcha });
    // The picture is spent: the right x no longer helps.
    expect((await check(missed.captchaToken, missed.gx)).code).toBe(2002);

    // The right x with a bot's drag (issue 21 item 7): a straight constant-speed line, an instant jump,
    // no trace, a malformed one — refused, and the picture is spent.
    for (const trace of [straightTrace, (x: number) => [[0, 0], [5, x]], () => null, () => [['0', 1]], () => 'drag']) {
      const slide = await create();
      expect(await check(slide.captchaToken, slide.gx, trace(slide.gx))).toMatchObject({ code: 2002, message: Messages.badCaptcha });
      expect((await check(slide.captchaToken, slide.gx)).code).toBe(2002);
    }

    const slide = await create();
    const passed = await check(slide.captchaToken, slide.gx + 3);
    expect(passed.code).toBe(0);
    expect((await check(slide.captchaToken, slide.gx)).code).toBe(2002);
    expect((await ctx.client().login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken: slide.captchaToken, captcha: passed.data.captcha })).code).toBe(0);
    expect((await ctx.client().login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken: slide.captchaToken, captcha: passed.data.captcha })).code).toBe(2002);
  });

  test('login needs the right captcha, and each captcha works once', async () => {
    const { captchaToken, answer } = await newCaptcha();
    const sessions = await sessionCount(ctx.db);
    expect(await ctx.client().login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken, captcha: '' })).toMatchObject({
      code: 1001,
      message: '请输入验证码',
    });
    const client = ctx.client();
    expect((await client.login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken, captcha: ` ${answer.toUpperCase()} ` })).code).toBe(0);
    expect(await ctx.client().login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken, captcha: answer })).toEqual({
      code: 2002,
      message: Messages.badCaptcha,
      data: null,
    });
    expect(await sessionCount(ctx.db)).toBe(sessions + 1);
  });

  test('a wrong answer spends the captcha', async () => {
    const { captchaToken, answer } = await newCaptcha();
    expect((await ctx.client().login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken, captcha: 'zzzz' })).code).toBe(2002);
    expect((await ctx.client().login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken, captcha: answer })).code).toBe(2002);
  });

  test('an expired captcha is refused', async () => {
    const { captchaToken, answer } = await newCaptcha();
    await ctx.db.updateTable('captcha').set({ createdAt: Date.now() - 6 * 60_000 }).where('captchaToken', '=', captchaToken).execute();
    expect((await ctx.client().login(DEMO_USERS.SYS, DEMO_PASSWORD, { captchaToken, captcha: answer })).code).toBe(2002);
  });

  test('captcha/check: a right answer keeps it usable, a wrong one spends it', async () => {
    const good = await newCaptcha();
    expect(await ctx.client().post('captcha/check', { captchaToken: good.captchaToken, captcha: good.answer })).toEqual({
      code: 0,
      message: 'success',
      data: true,
    });
    expect((await ctx.client().login(DEMO_USERS.ENT, DEMO_PASSWORD, { captchaToken: good.captchaToken, captcha: good.answer })).code).toBe(0);
    const bad = await newCaptcha();
    expect((await ctx.client().post('captcha/check', { captchaToken: bad.captchaToken, captcha: 'zzzz' })).code).toBe(2002);
    expect((await ctx.client().post('captcha/check', { captchaToken: bad.captchaToken, captcha: bad.answer })).code).toBe(2002);
  });

  test('publicKey returns the PEM that decrypts browser-style pieces', async () => {
    const answer = await ctx.client().post('captcha/publicKey');
    expect(answer.data.publicKey).toBe(ctx.keys.publicPem);
    expect(answer.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const text = JSON.stringify({ note: '灵活用工'.repeat(200), emoji: '💰'.repeat(50) });
    expect(decryptEncryptedBody(ctx.keys.privatePem, encryptBody(answer.data.publicKey, JSON.parse(text)))).toBe(text);
  });

  test.each([
    ['orderPayout', '代发订单模板', ['姓名*', '证件类型', '证件号码*', '手机号', '收款账号*', '开户行', '金额(元)*', '备注']],
    ['workCertificate', '完工证明模板', ['订单编号', '姓名', '证件号码', '任务名称', '完工日期', '工作内容', '金额', '备注']],
    ['custImport', '人才导入模板', ['姓名', '证件类型', '证件号码', '手机号', '银行卡号', '开户银行', '备注']],
  ])('template %s downloads as a real xlsx', async (key, title, headers) => {
    const response = await ctx.client().get('captcha/document/download', { tmplDoc: key });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${key}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`,
    );
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(headers);
  });

  test('template download: unknown key and bad signature answer JSON envelopes', async () => {
    const unknown = await ctx.client().get('captcha/document/download', { tmplDoc: 'nope' });
    expect(unknown.json()).toEqual({ code: 1004, message: Messages.unknownTemplate, data: null });
    const proto = await ctx.client().get('captcha/document/download', { tmplDoc: '__proto__' });
    expect(proto.json().code).toBe(1004);
    const badSign = await ctx.client().get('captcha/document/download', { tmplDoc: 'orderPayout' }, { sign: 'a'.repeat(32) });
    expect(badSign.json().code).toBe(4001);
  });

  test('signed-in callers sign downloads with their secret', async () => {
    const { captchaToken, answer } = await newCaptcha();
    const client = ctx.client();
    await client.login(DEMO_USERS.ENT, DEMO_PASSWORD, { captchaToken, captcha: answer });
    expect((await client.get('captcha/document/download', { tmplDoc: 'custImport' })).statusCode).toBe(200);
    const anonymousSign = await client.get('captcha/document/download', { tmplDoc: 'custImport' }, { token: null });
    expect(anonymousSign.json().code).toBe(4001);
  });
});
