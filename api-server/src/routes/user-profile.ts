import { MESSAGES, type Schema } from '@flexpay/shared-utility/src/pure';
import { audit, diff } from '../account/audit';
import { accountData } from '../account/user-info';
import { Code, Messages } from '../http/codes';
import { ApiError } from '../http/envelope';
import { type Body, type SignedInContext, str } from '../http/guard';
import { hashPassword, verifyPassword } from '../security/password';
import { endUserSessions } from '../security/session';
import { freshUserInfo, proveOwnPassword, UserMessages } from './user-base';

/** Own-profile fields; `wechat` on the way in, `weChat` in userInfo (spec §3). */
export const profileSchema: Schema = {
  name: 'name',
  phone: 'phone',
  wechat: 'wechat',
  email: 'email',
  avatar: 'avatar',
  remark: 'remark',
};
const PROFILE_TEXT_FIELDS = ['name', 'phone', 'wechat', 'email', 'avatar', 'remark'] as const;

export function checkProfileExtras(body: Body): string | null {
  if (body.sex !== undefined && ![0, 1, 2].includes(body.sex as number)) return MESSAGES.sexInvalid;
  if (body.guideStep !== undefined && !(Number.isInteger(body.guideStep) && (body.guideStep as number) >= -1 && (body.guideStep as number) <= 100))
    return Messages.guideStep;
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== 'string') return `${field}格式错误`;
  }
  return null;
}

export async function currentAccount(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const { caller } = ctx;
  const data = await accountData(db, caller.user, caller.permCodes, caller.org);
  return { token: caller.session.token, apiSecret: caller.session.apiSecret, ...data };
}

export async function updateProfile(ctx: SignedInContext) {
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
  return freshUserInfo(ctx);
}

export async function changePassword(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const { user, session } = ctx.caller;
  const newPassword = str(ctx.body, 'newPassword') ?? '';
  // The old password is required and verified (issue 12 finding 3), counted toward the sign-in lock.
  await proveOwnPassword(ctx, str(ctx.body, 'password'), Messages.wrongOldPassword);
  if (await verifyPassword(newPassword, user)) throw new ApiError(Code.VALIDATION, Messages.samePassword);
  const hashed = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_user').set({ ...hashed, mustChangePassword: 0, updatedAt: ctx.now }).where('userId', '=', user.userId).execute();
    await endUserSessions(trx, user.userId, 'password', ctx.now, session.token);
    await audit(trx, { operator: user, action: 'changePassword', entity: 'admin_user', entityId: user.userId, now: ctx.now });
  });
  return true;
}
