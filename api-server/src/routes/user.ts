import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  codeOf,
  MESSAGES,
  type Schema,
  trimLogin,
  validateField,
} from '@flexpay/shared-utility/src/pure';
import { audit, diff } from '../account/audit';
import { permCodesOf } from '../account/permissions';
import { accountData } from '../account/user-info';
import { type ContactChannel, notifyContactChanged } from '../account/contact-notice';
import type { Database } from '../db/schema';
import { Code, Messages } from '../http/codes';
import { ApiError } from '../http/envelope';
import { accountBlocked, type AppDeps, type Body, type RouteContext, type RouteSpec, type SignedInContext, sessionKey, str } from '../http/guard';
import { outboxMailProvider } from '../providers/mail';
import { issueCode, outboxProvider, SmsType, verifyCode } from '../providers/sms';
import { consumeCaptcha } from '../security/captcha';
import { clearFailures, forgetAttempt, lockedAfterAttempt, recordAttempt } from '../security/lockout';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../security/password';
import { createSession, endSession, endUserSessions } from '../security/session';
import { Throttle, throttlesOf } from '../security/throttle';
import { MINUTE_MS } from '../util/time';

export const UserMessages = {
  oldPasswordRequired: '请输入旧密码',
  contactProof: '修改手机号或邮箱需要验证当前密码和发送到新手机号或新邮箱的验证码，请使用“更换手机号/邮箱”',
  channel: '请选择更换手机号还是邮箱',
  emailRequired: '请输入邮箱',
  samePhone: '新手机号与当前手机号相同',
  sameEmail: '新邮箱与当前邮箱相同',
  passwordRequired: '请输入当前密码',
  wrongPassword: '当前密码错误',
  codeRequired: '请输入验证码',
  smsSent: '验证码已发送至新手机号，5分钟内有效',
  mailSent: '验证码已发送至新邮箱，5分钟内有效',
} as const;

/**
 * SMS/verification-code purpose of a code that proves a NEW phone or e-mail of one's own account
 * (issue 21 item 1). The spec names 1–5; 6 is this suite's addition (docs/decisions.md).
 */
export const CONTACT_PURPOSE = 6;
/** Codes for a new contact per account and hour (each code also allows only 5 tries). */
export const CONTACT_CODES_PER_HOUR = 5;

const contactField = (channel: ContactChannel) => (channel === 'sms' ? 'phone' : 'email');

/**
 * A code belongs to the account AND the new contact it was sent to: a code sent to one number never
 * confirms another (sms_code.account, varchar(40), holds the account and a digest of the contact).
 */
const contactCodeOwner = (userId: number, channel: ContactChannel, contact: string) => ({
  phone: channel === 'sms' ? contact : '',
  account: `c:${userId}:${crypto.createHash('sha256').update(`${channel}:${contact.toLowerCase()}`).digest('hex').slice(0, 24)}`,
});

const contactThrottles = new WeakMap<object, Throttle>();
function contactThrottle(db: Kysely<Database>): Throttle {
  let t = contactThrottles.get(db);
  if (!t) contactThrottles.set(db, (t = new Throttle(db, 'contactCode', CONTACT_CODES_PER_HOUR, 60 * MINUTE_MS)));
  return t;
}

/** The channel and the new contact of a contact call, or the first problem in Chinese. */
function checkContactBody(body: Body): string | null {
  if (body.channel !== 'sms' && body.channel !== 'mail') return UserMessages.channel;
  const value = body[contactField(body.channel)];
  if (value !== undefined && typeof value !== 'string') return body.channel === 'sms' ? MESSAGES.phone : MESSAGES.email;
  const text = typeof value === 'string' ? value.trim() : '';
  if (body.channel === 'sms') return validateField('phone', text);
  return text === '' ? UserMessages.emailRequired : validateField('email', text);
}

function contactOf(body: Body): { channel: ContactChannel; contact: string } {
  const channel = body.channel as ContactChannel;
  return { channel, contact: String(body[contactField(channel)]).trim() };
}


/** Login only checks presence; a malformed username simply fails as wrong credentials. */
function loginSchema(captchaOff: boolean): Schema {
  const schema: Schema = {
    username: { rules: [{ kind: 'required', message: MESSAGES.usernameRequired }] },
    password: 'loginPassword',
  };
  if (!captchaOff) {
    schema.captchaToken = 'captcha';
    schema.captcha = 'captcha';
  }
  return schema;
}

/** Own-profile fields; `wechat` on the way in, `weChat` in userInfo (spec §3). */
const profileSchema: Schema = {
  name: 'name',
  phone: 'phone',
  wechat: 'wechat',
  email: 'email',
  avatar: 'avatar',
  remark: 'remark',
};
const PROFILE_TEXT_FIELDS = ['name', 'phone', 'wechat', 'email', 'avatar', 'remark'] as const;

function checkProfileExtras(body: Body): string | null {
  if (body.sex !== undefined && ![0, 1, 2].includes(body.sex as number)) return MESSAGES.sexInvalid;
  if (body.guideStep !== undefined && !(Number.isInteger(body.guideStep) && (body.guideStep as number) >= -1 && (body.guideStep as number) <= 100))
    return Messages.guideStep;
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== 'string') return `${field}格式错误`;
  }
  return null;
}

function signedIn(ctx: RouteContext): SignedInContext {
  if (!ctx.caller) throw new Error('signed-in route reached without a caller');
  return ctx as SignedInContext;
}

async function currentAccount(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const { caller } = ctx;
  const data = await accountData(db, caller.user, caller.permCodes, caller.org);
  return { token: caller.session.token, apiSecret: caller.session.apiSecret, ...data };
}

/**
 * Sign-in (issue 12 finding 5): the client IP's failure budget first, then the captcha; the attempt is
 * recorded before the password is verified, so parallel guesses cannot outrun the lock, and a locked
 * username answers 2003 whether it exists or not.
 */
async function login(deps: AppDeps, ctx: RouteContext) {
  const { db, config } = deps;
  const { now } = ctx;
  const ipFailures = throttlesOf(deps).loginIp;
  const ip = ctx.request.ip;
  if (await ipFailures.blocked(ip, now)) throw new ApiError(Code.RATE_LIMITED, Messages.rateLimited);
  const username = str(ctx.body, 'username') ?? '';
  const password = str(ctx.body, 'password') ?? '';
  if (!config.captchaOff) {
    const ok = await consumeCaptcha(db, str(ctx.body, 'captchaToken') ?? '', str(ctx.body, 'captcha') ?? '', now);
    if (!ok) throw new ApiError(Code.BAD_CAPTCHA, Messages.badCaptcha);
  }
  await recordAttempt(db, username, now);
  if (await lockedAfterAttempt(db, username, now)) {
    await ipFailures.hit(ip, now);
    throw new ApiError(Code.LOCKED, Messages.locked);
  }
  const user = await db.selectFrom('admin_user').selectAll().where('username', '=', username).executeTakeFirst();
  const valid = user ? await verifyPassword(password, user) : (await burnPasswordCheck(password), false);
  if (!user || !valid) {
    await ipFailures.hit(ip, now);
    throw new ApiError(Code.BAD_CREDENTIALS, Messages.badCredentials);
  }
  await clearFailures(db, username);
  if (await accountBlocked(db, user)) throw new ApiError(Code.ACCOUNT_DISABLED, Messages.accountDisabled);
  const session = await createSession(db, sessionKey(deps), user.userId, now);
  await audit(db, { operator: user, action: 'login', entity: 'session', entityId: user.userId, now });
  const data = await accountData(db, user, await permCodesOf(db, user));
  return { token: session.token, apiSecret: session.apiSecret, ...data };
}

async function updateProfile(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const { user } = ctx.caller;
  const changes: Record<string, unknown> = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = ctx.body[field];
    // Clearing an optional field stores null rather than an empty string.
    if (value !== undefined) changes[field] = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  }
  // One's own phone and e-mail change only with proof (user/contact/update, issue 21 item 1): a
  // different value here refuses the whole call; the same value passes (the profile form sends it).
  for (const field of ['phone', 'email'] as const) {
    if (field in changes && changes[field] !== (user[field] ?? null)) throw new ApiError(Code.VALIDATION, UserMessages.contactProof);
  }
  if (ctx.body.sex !== undefined) changes.sex = ctx.body.sex;
  if (ctx.body.guideStep !== undefined) changes.guideStep = ctx.body.guideStep;
  const changed = diff(user as unknown as Record<string, unknown>, changes);
  if (Object.keys(changed).length > 0) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('admin_user')
        .set({ ...changes, updatedAt: ctx.now })
        .where('userId', '=', user.userId)
        .execute();
      await audit(trx, { operator: user, action: 'updateProfile', entity: 'admin_user', entityId: user.userId, changes: changed, now: ctx.now });
    });
  }
  const fresh = await db.selectFrom('admin_user').selectAll().where('userId', '=', user.userId).executeTakeFirstOrThrow();
  return (await accountData(db, fresh, ctx.caller.permCodes)).userInfo;
}

async function changePassword(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const { user, session } = ctx.caller;
  const oldPassword = str(ctx.body, 'password') ?? '';
  const newPassword = str(ctx.body, 'newPassword') ?? '';
  // The old password is required and verified (issue 12 finding 3); a wrong one counts toward the
  // sign-in lock of the username, recorded before the check like a login attempt.
  const attempt = await recordAttempt(db, user.username, ctx.now);
  if (await lockedAfterAttempt(db, user.username, ctx.now)) throw new ApiError(Code.LOCKED, Messages.locked);
  if (!(await verifyPassword(oldPassword, user))) throw new ApiError(Code.VALIDATION, Messages.wrongOldPassword);
  await forgetAttempt(db, attempt);
  if (await verifyPassword(newPassword, user)) throw new ApiError(Code.VALIDATION, Messages.samePassword);
  const hashed = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_user').set({ ...hashed, mustChangePassword: 0, updatedAt: ctx.now }).where('userId', '=', user.userId).execute();
    await endUserSessions(trx, user.userId, 'password', ctx.now, session.token);
    await audit(trx, { operator: user, action: 'changePassword', entity: 'admin_user', entityId: user.userId, now: ctx.now });
  });
  return true;
}

/**
 * Step 1 of changing one's own phone or e-mail: a code to the NEW contact (SMS or mail outbox),
 * bound to the account and that contact, throttled per account.
 */
async function sendContactCode(ctx: SignedInContext) {
  const { deps } = ctx;
  const { user } = ctx.caller;
  const { channel, contact } = contactOf(ctx.body);
  if (contact === (user[contactField(channel)] ?? '')) throw new ApiError(Code.VALIDATION, channel === 'sms' ? UserMessages.samePhone : UserMessages.sameEmail);
  const throttle = contactThrottle(deps.db);
  const key = String(user.userId);
  if (await throttle.blocked(key, ctx.now)) throw new ApiError(Code.RATE_LIMITED, Messages.rateLimited);
  await throttle.hit(key, ctx.now);
  await deps.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<Database>;
    const code = await issueCode(db, contactCodeOwner(user.userId, channel, contact), CONTACT_PURPOSE, ctx.now);
    const what = channel === 'sms' ? '手机号' : '邮箱';
    const text = `【FlexPay】您正在将账号 ${user.username} 的${what}更换为本${what}，验证码为 ${code}，5分钟内有效。如非本人操作请忽略。`;
    if (channel === 'sms') await (deps.sms ?? outboxProvider).send(db, { phone: contact, smsType: SmsType.LOGIN_CODE, purpose: CONTACT_PURPOSE, content: text }, ctx.now);
    else await (deps.mail ?? outboxMailProvider).send(db, { email: contact, subject: 'FlexPay 更换邮箱验证码', content: text }, ctx.now);
  });
  return { message: channel === 'sms' ? UserMessages.smsSent : UserMessages.mailSent };
}

/**
 * Step 2: the current password (counted toward the sign-in lock like a login attempt, recorded before
 * the check) and the code sent to the new contact; then the contact changes and the old one is told.
 * Any missing or wrong proof refuses with nothing changed; a wrong password does not spend the code.
 */
async function changeContact(ctx: SignedInContext) {
  const { deps } = ctx;
  const { db } = deps;
  const { user } = ctx.caller;
  const { channel, contact } = contactOf(ctx.body);
  const field = contactField(channel);
  if (contact === (user[field] ?? '')) throw new ApiError(Code.VALIDATION, channel === 'sms' ? UserMessages.samePhone : UserMessages.sameEmail);
  const attempt = await recordAttempt(db, user.username, ctx.now);
  if (await lockedAfterAttempt(db, user.username, ctx.now)) throw new ApiError(Code.LOCKED, Messages.locked);
  if (!(await verifyPassword(str(ctx.body, 'password') ?? '', user))) throw new ApiError(Code.VALIDATION, UserMessages.wrongPassword);
  await forgetAttempt(db, attempt);
  const problem = await verifyCode(db, { ...contactCodeOwner(user.userId, channel, contact), purpose: CONTACT_PURPOSE, code: str(ctx.body, 'code') ?? '' }, ctx.now);
  if (problem) throw new ApiError(Code.VALIDATION, problem);
  const before = user[field] ?? null;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_user').set({ [field]: contact, updatedAt: ctx.now }).where('userId', '=', user.userId).execute();
    await audit(trx, { operator: user, action: 'changeContact', entity: 'admin_user', entityId: user.userId, changes: { [field]: { from: before, to: contact } }, now: ctx.now });
    await notifyContactChanged(deps, trx as unknown as Kysely<Database>, { username: user.username, channel, from: before, to: contact, byAdministrator: false }, ctx.now);
  });
  const fresh = await db.selectFrom('admin_user').selectAll().where('userId', '=', user.userId).executeTakeFirstOrThrow();
  return (await accountData(db, fresh, ctx.caller.permCodes)).userInfo;
}

export function userRoutes(deps: AppDeps): RouteSpec[] {
  return [
    {
      path: 'user/login',
      perm: codeOf('ACT_LOGIN'),
      encrypted: true,
      prepare: (body) => trimLogin(body as { username?: string; password?: string; captchaToken?: string; captcha?: string }),
      schema: loginSchema(deps.config.captchaOff),
      handler: (ctx) => login(deps, ctx),
    },
    {
      path: 'user/loginInfo',
      perm: codeOf('ACT_LOGIN_INFO'),
      handler: (ctx) => currentAccount(signedIn(ctx)),
    },
    {
      path: 'user/get',
      perm: codeOf('ACT_USER_GET'),
      handler: async (ctx) => (await currentAccount(signedIn(ctx))).userInfo,
    },
    {
      path: 'user/update',
      perm: codeOf('ACT_USER_UPDATE'),
      schema: profileSchema,
      partial: true,
      check: checkProfileExtras,
      handler: (ctx) => updateProfile(signedIn(ctx)),
    },
    {
      path: 'user/changePassword',
      perm: codeOf('ACT_USER_CHANGE_PASSWORD'),
      encrypted: true,
      schema: { newPassword: 'newPassword' },
      check: (body) => (typeof body.password !== 'string' || body.password === '' ? UserMessages.oldPasswordRequired : null),
      handler: (ctx) => changePassword(signedIn(ctx)),
    },
    {
      // Issue 21 item 1: a code to the new phone or e-mail (body: channel 'sms' with phone, or 'mail' with email).
      path: 'user/contact/sendCode',
      perm: codeOf('ACT_USER_UPDATE'),
      check: checkContactBody,
      handler: (ctx) => sendContactCode(signedIn(ctx)),
    },
    {
      // …and the change itself with the current password and that code (encrypted: it carries the password).
      path: 'user/contact/update',
      perm: codeOf('ACT_USER_UPDATE'),
      encrypted: true,
      check: (body) =>
        checkContactBody(body) ??
        (typeof body.password !== 'string' || body.password === '' ? UserMessages.passwordRequired : null) ??
        (typeof body.code !== 'string' || body.code.trim() === '' ? UserMessages.codeRequired : null),
      handler: (ctx) => changeContact(signedIn(ctx)),
    },
    {
      path: 'user/logout',
      perm: codeOf('ACT_LOGOUT'),
      handler: async (ctx) => {
        const { caller } = signedIn(ctx);
        await endSession(deps.db, caller.session.token, 'logout', ctx.now);
        await audit(deps.db, { operator: caller.user, action: 'logout', entity: 'session', entityId: caller.user.userId, now: ctx.now });
        return true;
      },
    },
  ];
}
