import type { Schema } from '@flexpay/shared-utility/src/pure';
import { audit } from '../account/audit';
import { permCodesOf } from '../account/permissions';
import { accountData } from '../account/user-info';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import { accountBlocked, type AppDeps, type RouteContext, sessionKey, str } from '../http/guard';
import { consumeCaptcha } from '../security/captcha';
import { clearFailures, lockedAfterAttempt, recordAttempt } from '../security/lockout';
import { burnPasswordCheck, verifyPassword } from '../security/password';
import { createSession } from '../security/session';
import { throttlesOf } from '../security/throttle';

/** Login only checks presence; a malformed username simply fails as wrong credentials. */
export const loginSchema = (captchaOff: boolean): Schema => ({
  username: 'loginUsername',
  password: 'loginPassword',
  ...(captchaOff ? {} : { captchaToken: 'captcha', captcha: 'captcha' }),
});

/**
 * Sign-in (issue 12 finding 5): the client IP's failure budget first, then the captcha; the attempt is
 * recorded before the password is verified, so parallel guesses cannot outrun the lock, and a locked
 * username answers 2003 whether it exists or not.
 */
export async function login(deps: AppDeps, ctx: RouteContext) {
  const { db, config } = deps;
  const { now } = ctx;
  const ipFailures = throttlesOf(deps).loginIp;
  const ip = ctx.request.ip;
  if (await ipFailures.blocked(ip, now)) refuse(Code.RATE_LIMITED, Messages.rateLimited);
  const username = str(ctx.body, 'username') ?? '';
  const password = str(ctx.body, 'password') ?? '';
  if (!config.captchaOff) {
    const ok = await consumeCaptcha(db, str(ctx.body, 'captchaToken') ?? '', str(ctx.body, 'captcha') ?? '', now);
    if (!ok) refuse(Code.BAD_CAPTCHA, Messages.badCaptcha);
  }
  await recordAttempt(db, username, now);
  if (await lockedAfterAttempt(db, username, now)) {
    await ipFailures.hit(ip, now);
    refuse(Code.LOCKED, Messages.locked);
  }
  const user = await db.selectFrom('admin_user').selectAll().where('username', '=', username).executeTakeFirst();
  const valid = user ? await verifyPassword(password, user) : (await burnPasswordCheck(password), false);
  if (!user || !valid) {
    await ipFailures.hit(ip, now);
    refuse(Code.BAD_CREDENTIALS, Messages.badCredentials);
  }
  await clearFailures(db, username);
  if (await accountBlocked(db, user)) refuse(Code.ACCOUNT_DISABLED, Messages.accountDisabled);
  const session = await createSession(db, sessionKey(deps), user.userId, now);
  await audit(db, { operator: user, action: 'login', entity: 'session', entityId: user.userId, now });
  const data = await accountData(db, user, await permCodesOf(db, user));
  return { token: session.token, apiSecret: session.apiSecret, ...data };
}
