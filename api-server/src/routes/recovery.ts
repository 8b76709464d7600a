/**
 * The open routes under captcha/ (spec §7: the captchas, the template download, the recovery codes) and
 * /forgetPassword (issue 16): an account proves itself with a code sent to its own phone (SMS,
 * purpose 3) or e-mail, receives a single-use reset token (purpose 4) and sets a new password that
 * meets the §5 rule (purpose 5). Codes belong to the account, not to the phone. Every answer about
 * sending is the same whether the username exists or not; sends are throttled per username and IP.
 */
import { codeOf, MESSAGES } from '@flexpay/shared-utility/src/pure';
import type { ContactChannel } from '../account/contact-notice';
import { buildTemplate, TEMPLATES } from '../documents/templates';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import { type AppDeps, type RouteContext, type RouteSpec, str } from '../http/guard';
import { issueCode, SmsMessages, verifyCode } from '../providers/sms';
import { sendXlsx } from '../resource/export';
import { checkCaptcha, createCaptcha } from '../security/captcha';
import { clearFailures } from '../security/lockout';
import { checkSlide, createSlide } from '../security/slide-captcha';
import { throttlesOf } from '../security/throttle';
import { accountOf, sendCodeBy, spend, storePassword } from './user';

const SmsPurpose = { FORGET: 3, RESET: 4 } as const;
const RESET_TOKEN_TTL_MS = 10 * 60_000;

export const RecoveryMessages = {
  sent: '如该账号已绑定，验证码已发送，5分钟内有效',
  purpose: '不支持的验证码用途',
  channel: '请选择找回方式',
  tokenExpired: '重置链接已失效，请重新获取验证码',
} as const;

const accountKey = (userId: number) => `u${userId}`;

/** The body's account proven by its code of a purpose: 1001 `unknown` for no such account, else the code's problem (or `wrong`). */
async function provenAccount(deps: AppDeps, ctx: RouteContext, purpose: number, codeField: string, unknown: string, wrong?: string) {
  const user = await accountOf(deps.db, str(ctx.body, 'username') ?? '');
  if (!user) refuse(Code.VALIDATION, unknown);
  const problem = await verifyCode(deps.db, { phone: '', account: accountKey(user.userId), purpose, code: str(ctx.body, codeField) ?? '' }, ctx.now);
  if (problem) refuse(Code.VALIDATION, wrong ?? problem);
  return user;
}

/** Sends a recovery code by the channel when the account exists, is enabled and has that contact. */
async function sendRecoveryCode(deps: AppDeps, ctx: RouteContext, channel: ContactChannel) {
  const username = str(ctx.body, 'username') ?? '';
  const { recoveryAccount, recoveryIp } = throttlesOf(deps);
  await spend(ctx.now, [recoveryAccount, username], [recoveryIp, ctx.request.ip]);
  const user = await accountOf(deps.db, username);
  const contact = channel === 'sms' ? user?.phone : user?.email;
  if (!user || user.status !== 0 || !contact) return { message: RecoveryMessages.sent };
  const text = (code: string) => `【FlexPay】您正在找回账号 ${user.username} 的登录密码，验证码为 ${code}，5分钟内有效。如非本人操作请忽略。`;
  const owner = { phone: channel === 'sms' ? contact : '', account: accountKey(user.userId) };
  await sendCodeBy(deps, channel, contact, owner, SmsPurpose.FORGET, 'FlexPay 找回密码验证码', text, ctx.now);
  return { message: RecoveryMessages.sent };
}

export function recoveryRoutes(deps: AppDeps): RouteSpec[] {
  const usernameSchema = { username: 'loginUsername' as const };
  return [
    {
      path: 'captcha/create',
      perm: codeOf('ACT_CAPTCHA_CREATE'),
      handler: (ctx) => createCaptcha(deps.db, ctx.now),
    },
    {
      path: 'captcha/check',
      perm: codeOf('ACT_CAPTCHA_CHECK'),
      schema: { captchaToken: 'captcha', captcha: 'captcha' },
      handler: async (ctx) => {
        const valid = await checkCaptcha(deps.db, str(ctx.body, 'captchaToken') ?? '', str(ctx.body, 'captcha') ?? '', ctx.now);
        if (!valid) refuse(Code.BAD_CAPTCHA, Messages.badCaptcha);
        return true;
      },
    },
    {
      path: 'captcha/slideCreate',
      perm: codeOf('ACT_CAPTCHA_SLIDE_CREATE'),
      handler: (ctx) => createSlide(deps.db, ctx.now),
    },
    {
      path: 'captcha/slideCheck',
      perm: codeOf('ACT_CAPTCHA_SLIDE_CHECK'),
      check: (body) => (typeof body.captchaToken !== 'string' || typeof body.x !== 'number' ? Messages.badCaptcha : null),
      handler: async (ctx) => {
        // The drag's [ms, x] samples (issue 21 item 7): checked with the position, one try per picture.
        const pass = await checkSlide(deps.db, str(ctx.body, 'captchaToken') ?? '', ctx.body.x as number, ctx.now, ctx.body.trace ?? []);
        if (!pass) refuse(Code.BAD_CAPTCHA, Messages.badCaptcha);
        return { captcha: pass };
      },
    },
    {
      path: 'captcha/publicKey',
      perm: codeOf('ACT_CAPTCHA_PUBLIC_KEY'),
      handler: async () => ({ publicKey: deps.keys.publicPem }),
    },
    {
      // Template download: a signed GET.
      path: 'captcha/document/download',
      method: 'GET',
      perm: codeOf('ACT_DOCUMENT_DOWNLOAD'),
      raw: true,
      handler: async (ctx) => {
        const key = String((ctx.request.query as Record<string, unknown>).tmplDoc ?? '');
        const def = Object.hasOwn(TEMPLATES, key) ? TEMPLATES[key] : undefined;
        if (!def) return refuse(Code.NOT_FOUND, Messages.unknownTemplate);
        return sendXlsx(ctx.reply, buildTemplate(def), `${def.title}.xlsx`, `${key}.xlsx`);
      },
    },
    {
      path: 'captcha/sendSMSCode',
      perm: codeOf('ACT_CAPTCHA_SMS'),
      schema: usernameSchema,
      check: (body) => (body.purpose !== undefined && body.purpose !== SmsPurpose.FORGET ? RecoveryMessages.purpose : null),
      handler: (ctx) => sendRecoveryCode(deps, ctx, 'sms'),
    },
    {
      path: 'captcha/sendMailCode',
      perm: codeOf('ACT_CAPTCHA_MAIL'),
      schema: usernameSchema,
      handler: (ctx) => sendRecoveryCode(deps, ctx, 'mail'),
    },
    {
      // Step 2: the code proves the account; the answer is a reset token good for one password.
      path: 'user/forgetPassword/verify',
      perm: codeOf('ACT_FORGET_PASSWORD'),
      schema: usernameSchema,
      check: (body) => (body.channel !== 'sms' && body.channel !== 'mail' ? RecoveryMessages.channel : typeof body.code !== 'string' || !body.code.trim() ? MESSAGES.verifyNoRequired : null),
      handler: async (ctx) => {
        // An unknown account gets the answer of a code that was never sent.
        const user = await provenAccount(deps, ctx, SmsPurpose.FORGET, 'code', SmsMessages.codeExpired);
        const resetToken = await issueCode(deps.db, { phone: '', account: accountKey(user.userId) }, SmsPurpose.RESET, ctx.now, { ttlMs: RESET_TOKEN_TTL_MS, secret: true });
        return { resetToken };
      },
    },
    {
      path: 'user/forgetPassword/reset',
      perm: codeOf('ACT_FORGET_PASSWORD'),
      encrypted: true,
      schema: { ...usernameSchema, newPassword: 'newPassword' },
      check: (body) => (typeof body.resetToken !== 'string' || !body.resetToken ? RecoveryMessages.tokenExpired : null),
      handler: async (ctx) => {
        const user = await provenAccount(deps, ctx, SmsPurpose.RESET, 'resetToken', RecoveryMessages.tokenExpired, RecoveryMessages.tokenExpired);
        await storePassword(deps.db, user, str(ctx.body, 'newPassword') ?? '', ctx.now, 'resetPassword');
        // A recovered account starts with a clean sign-in record.
        await clearFailures(deps.db, user.username);
        return true;
      },
    },
  ];
}
