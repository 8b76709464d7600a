/**
 * /forgetPassword (issue 16): an account proves itself with a code sent to its own phone (SMS,
 * purpose 3) or e-mail, receives a single-use reset token (purpose 4) and sets a new password that
 * meets the §5 rule (purpose 5). Codes belong to the account, not to the phone. Every answer about
 * sending is the same whether the username exists or not; sends are throttled per username and IP.
 */
import { codeOf, MESSAGES } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import { audit } from '../account/audit';
import type { Database } from '../db/schema';
import { Code, Messages } from '../http/codes';
import { ApiError } from '../http/envelope';
import { type AppDeps, type RouteContext, type RouteSpec, str } from '../http/guard';
import { outboxMailProvider } from '../providers/mail';
import { issueCode, outboxProvider, SmsMessages, SmsType, verifyCode } from '../providers/sms';
import { clearFailures } from '../security/lockout';
import { hashPassword } from '../security/password';
import { endUserSessions } from '../security/session';
import { throttlesOf } from '../security/throttle';

export const SmsPurpose = { FORGET: 3, RESET: 4, RESET_NEW: 5 } as const;
const RESET_TOKEN_TTL_MS = 10 * 60_000;

export const RecoveryMessages = {
  sent: '如该账号已绑定，验证码已发送，5分钟内有效',
  purpose: '不支持的验证码用途',
  channel: '请选择找回方式',
  codeRequired: '请输入验证码',
  tokenExpired: '重置链接已失效，请重新获取验证码',
} as const;

const CHANNELS = ['sms', 'mail'] as const;
type Channel = (typeof CHANNELS)[number];

const accountKey = (userId: number) => `u${userId}`;

async function accountOf(db: Kysely<Database>, username: string) {
  return db.selectFrom('admin_user').select(['userId', 'username', 'name', 'phone', 'email', 'status']).where('username', '=', username).executeTakeFirst();
}

async function throttle(deps: AppDeps, ctx: RouteContext, username: string) {
  const { recoveryAccount, recoveryIp } = throttlesOf(deps);
  if ((await recoveryAccount.blocked(username, ctx.now)) || (await recoveryIp.blocked(ctx.request.ip, ctx.now))) throw new ApiError(Code.RATE_LIMITED, Messages.rateLimited);
  await recoveryAccount.hit(username, ctx.now);
  await recoveryIp.hit(ctx.request.ip, ctx.now);
}

/** Sends a recovery code by the channel when the account exists, is enabled and has that contact. */
async function sendRecoveryCode(deps: AppDeps, ctx: RouteContext, channel: Channel) {
  const username = str(ctx.body, 'username') ?? '';
  await throttle(deps, ctx, username);
  const user = await accountOf(deps.db, username);
  const contact = channel === 'sms' ? user?.phone : user?.email;
  if (!user || user.status !== 0 || !contact) return { message: RecoveryMessages.sent };
  await deps.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<Database>;
    const code = await issueCode(db, { phone: channel === 'sms' ? contact : '', account: accountKey(user.userId) }, SmsPurpose.FORGET, ctx.now);
    const text = `【FlexPay】您正在找回账号 ${user.username} 的登录密码，验证码为 ${code}，5分钟内有效。如非本人操作请忽略。`;
    if (channel === 'sms') await (deps.sms ?? outboxProvider).send(db, { phone: contact, smsType: SmsType.LOGIN_CODE, purpose: SmsPurpose.FORGET, content: text }, ctx.now);
    else await (deps.mail ?? outboxMailProvider).send(db, { email: contact, subject: 'FlexPay 找回密码验证码', content: text }, ctx.now);
  });
  return { message: RecoveryMessages.sent };
}

export function recoveryRoutes(deps: AppDeps): RouteSpec[] {
  const usernameSchema = { username: { rules: [{ kind: 'required' as const, message: MESSAGES.usernameRequired }] } };
  return [
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
      check: (body) => (!CHANNELS.includes(body.channel as Channel) ? RecoveryMessages.channel : typeof body.code !== 'string' || !body.code.trim() ? RecoveryMessages.codeRequired : null),
      handler: async (ctx) => {
        const user = await accountOf(deps.db, str(ctx.body, 'username') ?? '');
        // An unknown account gets the answer of a code that was never sent.
        if (!user) throw new ApiError(Code.VALIDATION, SmsMessages.codeExpired);
        const problem = await verifyCode(deps.db, { phone: '', account: accountKey(user.userId), purpose: SmsPurpose.FORGET, code: str(ctx.body, 'code') ?? '' }, ctx.now);
        if (problem) throw new ApiError(Code.VALIDATION, problem);
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
        const user = await accountOf(deps.db, str(ctx.body, 'username') ?? '');
        if (!user) throw new ApiError(Code.VALIDATION, RecoveryMessages.tokenExpired);
        const problem = await verifyCode(deps.db, { phone: '', account: accountKey(user.userId), purpose: SmsPurpose.RESET, code: str(ctx.body, 'resetToken') ?? '' }, ctx.now);
        if (problem) throw new ApiError(Code.VALIDATION, RecoveryMessages.tokenExpired);
        const hashed = await hashPassword(str(ctx.body, 'newPassword') ?? '');
        const operator = await deps.db.selectFrom('admin_user').selectAll().where('userId', '=', user.userId).executeTakeFirstOrThrow();
        await deps.db.transaction().execute(async (trx) => {
          await trx.updateTable('admin_user').set({ ...hashed, mustChangePassword: 0, updatedAt: ctx.now }).where('userId', '=', user.userId).execute();
          await endUserSessions(trx, user.userId, 'password', ctx.now);
          await audit(trx, { operator, action: 'resetPassword', entity: 'admin_user', entityId: user.userId, now: ctx.now });
        });
        // A recovered account starts with a clean sign-in record.
        await clearFailures(deps.db, user.username);
        return true;
      },
    },
  ];
}
