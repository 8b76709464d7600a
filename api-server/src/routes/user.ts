import {
  codeOf,
  MESSAGES,
  type Schema,
  trimLogin,
} from '@flexpay/shared-utility/src/pure';
import { audit, diff } from '../account/audit';
import { permCodesOf } from '../account/permissions';
import { accountData } from '../account/user-info';
import { Code, Messages } from '../http/codes';
import { ApiError } from '../http/envelope';
import { accountBlocked, type AppDeps, type Body, type RouteContext, type RouteSpec, type SignedInContext, sessionKey, str } from '../http/guard';
import { consumeCaptcha } from '../security/captcha';
import { clearFailures, forgetAttempt, lockedAfterAttempt, recordAttempt } from '../security/lockout';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../security/password';
import { createSession, endSession, endUserSessions } from '../security/session';
import { throttlesOf } from '../security/throttle';

export const UserMessages = {
  oldPasswordRequired: '请输入旧密码',
} as const;

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
