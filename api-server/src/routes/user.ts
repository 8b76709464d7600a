import { codeOf, MESSAGES, trimLogin } from '@flexpay/shared-utility/src/pure';
import { audit } from '../account/audit';
import { type AppDeps, type RouteSpec, signed } from '../http/guard';
import { endSession } from '../security/session';
import { UserMessages } from './user-base';
import { changeContact, checkContactBody, sendContactCode } from './user-contact';
import { login, loginSchema } from './user-login';
import { changePassword, currentAccount, guideStepError, updateProfile } from './user-profile';

// The own-account routes: sign-in (user-login.ts), profile and password (user-profile.ts), the
// proven phone/e-mail change (user-contact.ts); their messages and shared steps in user-base.ts.

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
      check: guideStepError,
      handler: signed(updateProfile),
    },
    {
      path: 'user/changePassword',
      perm: codeOf('ACT_USER_CHANGE_PASSWORD'),
      encrypted: true,
      // The current password's rule is the declared oldPassword (请输入旧密码), after the new one's.
      schema: { newPassword: 'newPassword', password: 'oldPassword' },
      handler: signed(changePassword),
    },
    {
      // Issue 21 item 1: a code to the new phone or e-mail (body: channel 'sms' with phone, or 'mail' with email).
      path: 'user/contact/sendCode',
      perm: codeOf('ACT_USER_UPDATE'),
      check: checkContactBody,
      handler: signed(sendContactCode),
    },
    {
      // …and the change itself with the current password and that code (encrypted: it carries the password).
      path: 'user/contact/update',
      perm: codeOf('ACT_USER_UPDATE'),
      encrypted: true,
      check: (body) =>
        checkContactBody(body) ??
        (typeof body.password !== 'string' || body.password === '' ? UserMessages.passwordRequired : null) ??
        (typeof body.code !== 'string' || body.code.trim() === '' ? MESSAGES.verifyNoRequired : null),
      handler: signed(changeContact),
    },
    {
      path: 'user/logout',
      perm: codeOf('ACT_LOGOUT'),
      handler: signed(async (ctx) => {
        const { caller } = ctx;
        await endSession(deps.db, caller.session.token, 'logout', ctx.now);
        await audit(deps.db, { operator: caller.user, action: 'logout', entity: 'session', entityId: caller.user.userId, now: ctx.now });
        return true;
      }),
    },
  ];
}
