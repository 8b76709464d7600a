import crypto from 'node:crypto';
import { admin, codeOf, MESSAGES, trimLogin } from '@flexpay/shared-utility/src/pure';
import { CONTACT_MESSAGES, contactProblem } from '@flexpay/shared-utility/src/pure/rules/contact';
import type { Kysely } from 'kysely';
import { audit, type Changes, diff } from '../account/audit';
import { type ContactChannel, notifyContactChanged } from '../account/contact-notice';
import { type AdminUserRow, permCodesOf } from '../account/permissions';
import { accountData } from '../account/user-info';
import type { Database } from '../db/schema';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import { accountBlocked, type AppDeps, type Body, type RouteSpec, sessionKey, signed, type SignedInContext, str } from '../http/guard';
import { outboxMailProvider } from '../providers/mail';
import { type CodeOwner, issueCode, outboxProvider, SmsType, verifyCode } from '../providers/sms';
import { entityValues } from '../resource/codec';
import { consumeCaptcha } from '../security/captcha';
import { clearFailures, forgetAttempt, lockedAfterAttempt, recordAttempt } from '../security/lockout';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../security/password';
import { createSession, endSession, endUserSessions } from '../security/session';
import { type Throttle, throttlesOf } from '../security/throttle';

// The own-account routes: sign-in, profile and password, the proven phone/e-mail change (issue 21 item 1);
// their messages and the steps they share with 找回密码 (recovery.ts).

/**
 * The caller's current password as proof (issue 12 finding 3): the attempt counts toward the sign-in
 * lock of the username, recorded before the check like a login attempt, and is forgotten when right.
 */
async function proveOwnPassword(ctx: SignedInContext, password: string | undefined, wrong: string): Promise<void> {
  const { db } = ctx.deps;
  const { user } = ctx.caller;
  const attempt = await recordAttempt(db, user.username, ctx.now);
  if (await lockedAfterAttempt(db, user.username, ctx.now)) refuse(Code.LOCKED, Messages.locked);
  if (!(await verifyPassword(password ?? '', user))) refuse(Code.VALIDATION, wrong);
  await forgetAttempt(db, attempt);
}

/**
 * One's own new password (修改密码, 找回密码): hashed before the transaction, stored with the initial-password
 * flag cleared, the account's sessions ended (but `keep`, the caller's own) and the change audited.
 */
export async function storePassword(db: Kysely<Database>, user: OwnUser, password: string, now: number, action: string, keep?: string) {
  const hashed = await hashPassword(password);
  await writeOwn(db, user, { ...hashed, mustChangePassword: 0 }, now, action, undefined, (trx) => endUserSessions(trx, user.userId, 'password', now, keep));
}

type OwnUser = Pick<AdminUserRow, 'userId' | 'username' | 'name'>;

/** One's own account row changed (修改资料, 修改密码, 找回密码, 更换手机号/邮箱) and audited in one transaction, with what else the change does in it. */
async function writeOwn(db: Kysely<Database>, user: OwnUser, set: Record<string, unknown>, now: number, action: string, changes?: Changes, also?: (trx: Kysely<Database>) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_user').set({ ...set, updatedAt: now }).where('userId', '=', user.userId).execute();
    await audit(trx, { operator: user, action, entity: 'admin_user', entityId: user.userId, changes, now });
    await also?.(trx);
  });
}

/** The account of a username as stored (sign-in, 找回密码). */
export const accountOf = (db: Kysely<Database>, username: string) => db.selectFrom('admin_user').selectAll().where('username', '=', username).executeTakeFirst();

/** The caller's userInfo as stored after a change. */
async function freshUserInfo(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const fresh = await db.selectFrom('admin_user').selectAll().where('userId', '=', ctx.caller.user.userId).executeTakeFirstOrThrow();
  return (await accountData(db, fresh, ctx.caller.permCodes)).userInfo;
}

/** A new code of an owner and purpose, sent by SMS or mail (the outboxes unless a provider is set) in the transaction that issues it. */
export async function sendCodeBy(deps: AppDeps, channel: ContactChannel, contact: string, owner: CodeOwner, purpose: number, subject: string, text: (code: string) => string, now: number) {
  await deps.db.transaction().execute(async (trx) => {
    const content = text(await issueCode(trx, owner, purpose, now));
    if (channel === 'sms') await (deps.sms ?? outboxProvider).send(trx, { phone: contact, smsType: SmsType.LOGIN_CODE, purpose, content }, now);
    else await (deps.mail ?? outboxMailProvider).send(trx, { email: contact, subject, content }, now);
  });
}

/** Refuses (4029) when a throttle's key has used up its budget, else counts one event for each key. */
export async function spend(now: number, ...uses: Array<[Throttle, string]>): Promise<void> {
  for (const [throttle, key] of uses) if (await throttle.blocked(key, now)) refuse(Code.RATE_LIMITED, Messages.rateLimited);
  for (const [throttle, key] of uses) await throttle.hit(key, now);
}

/**
 * SMS/verification-code purpose of a code that proves a NEW phone or e-mail of one's own account
 * (issue 21 item 1). The spec names 1–5; 6 is this suite's addition (docs/decisions.md).
 */
const CONTACT_PURPOSE = 6;

const contactField = (channel: ContactChannel) => (channel === 'sms' ? ('phone' as const) : ('email' as const));

/**
 * A code belongs to the account AND the new contact it was sent to: a code sent to one number never
 * confirms another (sms_code.account, varchar(40), holds the account and a digest of the contact).
 */
const contactCodeOwner = (userId: number, channel: ContactChannel, contact: string) => ({
  phone: channel === 'sms' ? contact : '',
  account: `c:${userId}:${crypto.createHash('sha256').update(`${channel}:${contact.toLowerCase()}`).digest('hex').slice(0, 24)}`,
});

/** The channel and the new contact of a contact call, or the first problem in Chinese. */
function checkContactBody(body: Body): string | null {
  if (body.channel !== 'sms' && body.channel !== 'mail') return CONTACT_MESSAGES.channel;
  const value = body[contactField(body.channel)];
  if (value !== undefined && typeof value !== 'string') return body.channel === 'sms' ? MESSAGES.phone : MESSAGES.email;
  return contactProblem(body.channel, value ?? '', null);
}

/** The channel and the new contact of a checked call; one's current contact refuses (1001). */
function newContactOf(ctx: SignedInContext) {
  const channel = ctx.body.channel as ContactChannel;
  const field = contactField(channel);
  const contact = String(ctx.body[field]).trim();
  const same = contactProblem(channel, contact, ctx.caller.user[field] ?? null);
  if (same) refuse(Code.VALIDATION, same);
  return { channel, contact, field };
}

export function userRoutes(deps: AppDeps): RouteSpec[] {
  const { db } = deps;
  const currentAccount = async ({ caller }: SignedInContext) => {
    const data = await accountData(db, caller.user, caller.permCodes, caller.org);
    return { token: caller.session.token, apiSecret: caller.session.apiSecret, ...data };
  };
  return [
    {
      path: 'user/login',
      perm: codeOf('ACT_LOGIN'),
      encrypted: true,
      prepare: (body) => trimLogin(body as { username?: string; password?: string; captchaToken?: string; captcha?: string }),
      // Login only checks presence; a malformed username simply fails as wrong credentials.
      schema: { username: 'loginUsername', password: 'loginPassword', ...(deps.config.captchaOff ? {} : { captchaToken: 'captcha', captcha: 'captcha' }) },
      /**
       * Sign-in (issue 12 finding 5): the client IP's failure budget first, then the captcha; the attempt is
       * recorded before the password is verified, so parallel guesses cannot outrun the lock, and a locked
       * username answers 2003 whether it exists or not.
       */
      handler: async (ctx) => {
        const { now } = ctx;
        const ipFailures = throttlesOf(deps).loginIp;
        const ip = ctx.request.ip;
        if (await ipFailures.blocked(ip, now)) refuse(Code.RATE_LIMITED, Messages.rateLimited);
        const username = str(ctx.body, 'username') ?? '';
        const password = str(ctx.body, 'password') ?? '';
        const captchaOk = deps.config.captchaOff || (await consumeCaptcha(db, str(ctx.body, 'captchaToken') ?? '', str(ctx.body, 'captcha') ?? '', now));
        if (!captchaOk) refuse(Code.BAD_CAPTCHA, Messages.badCaptcha);
        await recordAttempt(db, username, now);
        if (await lockedAfterAttempt(db, username, now)) {
          await ipFailures.hit(ip, now);
          refuse(Code.LOCKED, Messages.locked);
        }
        const user = await accountOf(db, username);
        const valid = user ? await verifyPassword(password, user) : (await burnPasswordCheck(password), false);
        if (!user || !valid) {
          await ipFailures.hit(ip, now);
          refuse(Code.BAD_CREDENTIALS, Messages.badCredentials);
        }
        await clearFailures(db, username);
        if (await accountBlocked(db, user)) refuse(Code.ACCOUNT_DISABLED, Messages.accountDisabled);
        const session = await createSession(db, sessionKey(deps), user.userId, now);
        await audit(db, { operator: user, action: 'login', entity: 'session', entityId: user.userId, now });
        return { token: session.token, apiSecret: session.apiSecret, ...(await accountData(db, user, await permCodesOf(db, user))) };
      },
    },
    {
      path: 'user/loginInfo',
      perm: codeOf('ACT_LOGIN_INFO'),
      handler: signed(currentAccount),
    },
    {
      path: 'user/get',
      perm: codeOf('ACT_USER_GET'),
      handler: signed(async (ctx) => (await currentAccount(ctx)).userInfo),
    },
    {
      path: 'user/update',
      perm: codeOf('ACT_USER_UPDATE'),
      // The guide's step, sent alone by the guide card: an integer from -1 to 100.
      check: ({ guideStep: step }) => (step === undefined || (Number.isInteger(step) && (step as number) >= -1 && (step as number) <= 100) ? null : Messages.guideStep),
      handler: signed(async (ctx) => {
        const { user } = ctx.caller;
        // The administrator's own editable fields as declared (name, phone, wechat, email, sex, avatar, remark):
        // only those sent, trimmed, a cleared optional one stored as null (`wechat` on the way in, `weChat` in userInfo).
        const changes: Record<string, unknown> = entityValues(admin, ctx.body, 'update');
        // One's own phone and e-mail change only with proof (user/contact/update, issue 21 item 1): a
        // different value here refuses the whole call; the same value passes (the profile form sends it).
        for (const field of ['phone', 'email'] as const) {
          if (field in changes && changes[field] !== (user[field] ?? null)) refuse(Code.VALIDATION, CONTACT_MESSAGES.contactProof);
        }
        if (ctx.body.guideStep !== undefined) changes.guideStep = ctx.body.guideStep;
        const changed = diff(user as unknown as Record<string, unknown>, changes);
        if (Object.keys(changed).length > 0) await writeOwn(db, user, changes, ctx.now, 'updateProfile', changed);
        return freshUserInfo(ctx);
      }),
    },
    {
      path: 'user/changePassword',
      perm: codeOf('ACT_USER_CHANGE_PASSWORD'),
      encrypted: true,
      // The current password's rule is the declared oldPassword (请输入旧密码), after the new one's.
      schema: { newPassword: 'newPassword', password: 'oldPassword' },
      handler: signed(async (ctx) => {
        const { user, session } = ctx.caller;
        const newPassword = str(ctx.body, 'newPassword') ?? '';
        // The old password is required and verified (issue 12 finding 3), counted toward the sign-in lock.
        await proveOwnPassword(ctx, str(ctx.body, 'password'), Messages.wrongOldPassword);
        if (await verifyPassword(newPassword, user)) refuse(Code.VALIDATION, Messages.samePassword);
        await storePassword(db, user, newPassword, ctx.now, 'changePassword', session.token);
        return true;
      }),
    },
    {
      // Step 1 of changing one's own phone or e-mail (body: channel 'sms' with phone, or 'mail' with email): a code
      // to the NEW contact (SMS or mail outbox), bound to the account and that contact, throttled per account.
      path: 'user/contact/sendCode',
      perm: codeOf('ACT_USER_UPDATE'),
      check: checkContactBody,
      handler: signed(async (ctx) => {
        const { user } = ctx.caller;
        const { channel, contact } = newContactOf(ctx);
        await spend(ctx.now, [throttlesOf(deps).contactCode, String(user.userId)]);
        const what = channel === 'sms' ? '手机号' : '邮箱';
        const text = (code: string) => `【FlexPay】您正在将账号 ${user.username} 的${what}更换为本${what}，验证码为 ${code}，5分钟内有效。如非本人操作请忽略。`;
        await sendCodeBy(deps, channel, contact, contactCodeOwner(user.userId, channel, contact), CONTACT_PURPOSE, 'FlexPay 更换邮箱验证码', text, ctx.now);
        return { message: channel === 'sms' ? CONTACT_MESSAGES.smsSent : CONTACT_MESSAGES.mailSent };
      }),
    },
    {
      // Step 2 (encrypted: it carries the password): the current password (counted toward the sign-in lock like a
      // login attempt, recorded before the check) and the code sent to the new contact; then the contact changes
      // and the old one is told. Any missing or wrong proof refuses with nothing changed; a wrong password does not spend the code.
      path: 'user/contact/update',
      perm: codeOf('ACT_USER_UPDATE'),
      encrypted: true,
      check: (body) =>
        checkContactBody(body) ??
        (typeof body.password !== 'string' || body.password === '' ? CONTACT_MESSAGES.passwordRequired : null) ??
        (typeof body.code !== 'string' || body.code.trim() === '' ? MESSAGES.verifyNoRequired : null),
      handler: signed(async (ctx) => {
        const { user } = ctx.caller;
        const { channel, contact, field } = newContactOf(ctx);
        await proveOwnPassword(ctx, str(ctx.body, 'password'), CONTACT_MESSAGES.wrongPassword);
        const problem = await verifyCode(db, { ...contactCodeOwner(user.userId, channel, contact), purpose: CONTACT_PURPOSE, code: str(ctx.body, 'code') ?? '' }, ctx.now);
        if (problem) refuse(Code.VALIDATION, problem);
        const before = user[field] ?? null;
        const told = { username: user.username, channel, from: before, to: contact, byAdministrator: false };
        await writeOwn(db, user, { [field]: contact }, ctx.now, 'changeContact', { [field]: { from: before, to: contact } }, (trx) => notifyContactChanged(deps, trx, told, ctx.now));
        return freshUserInfo(ctx);
      }),
    },
    {
      path: 'user/logout',
      perm: codeOf('ACT_LOGOUT'),
      handler: signed(async ({ caller, now }) => {
        await endSession(db, caller.session.token, 'logout', now);
        await audit(db, { operator: caller.user, action: 'logout', entity: 'session', entityId: caller.user.userId, now });
        return true;
      }),
    },
  ];
}
