import { admin } from '@flexpay/shared-utility/src/pure';
import { diff } from '../account/audit';
import { accountData } from '../account/user-info';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import { type Body, type SignedInContext, str } from '../http/guard';
import { entityValues } from '../resource/codec';
import { verifyPassword } from '../security/password';
import { freshUserInfo, proveOwnPassword, storePassword, UserMessages, writeOwn } from './user-base';

/** The guide's step, sent alone by the guide card: an integer from -1 to 100. */
export const guideStepError = (body: Body): string | null =>
  body.guideStep === undefined || (Number.isInteger(body.guideStep) && (body.guideStep as number) >= -1 && (body.guideStep as number) <= 100) ? null : Messages.guideStep;

export async function currentAccount(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const { caller } = ctx;
  const data = await accountData(db, caller.user, caller.permCodes, caller.org);
  return { token: caller.session.token, apiSecret: caller.session.apiSecret, ...data };
}

export async function updateProfile(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const { user } = ctx.caller;
  // The administrator's own editable fields as declared (name, phone, wechat, email, sex, avatar, remark):
  // only those sent, trimmed, a cleared optional one stored as null (`wechat` on the way in, `weChat` in userInfo).
  const changes: Record<string, unknown> = entityValues(admin, ctx.body, 'update');
  // One's own phone and e-mail change only with proof (user/contact/update, issue 21 item 1): a
  // different value here refuses the whole call; the same value passes (the profile form sends it).
  for (const field of ['phone', 'email'] as const) {
    if (field in changes && changes[field] !== (user[field] ?? null)) refuse(Code.VALIDATION, UserMessages.contactProof);
  }
  if (ctx.body.guideStep !== undefined) changes.guideStep = ctx.body.guideStep;
  const changed = diff(user as unknown as Record<string, unknown>, changes);
  if (Object.keys(changed).length > 0) await writeOwn(db, user, changes, ctx.now, 'updateProfile', changed);
  return freshUserInfo(ctx);
}

export async function changePassword(ctx: SignedInContext) {
  const { user, session } = ctx.caller;
  const newPassword = str(ctx.body, 'newPassword') ?? '';
  // The old password is required and verified (issue 12 finding 3), counted toward the sign-in lock.
  await proveOwnPassword(ctx, str(ctx.body, 'password'), Messages.wrongOldPassword);
  if (await verifyPassword(newPassword, user)) refuse(Code.VALIDATION, Messages.samePassword);
  await storePassword(ctx.deps.db, user, newPassword, ctx.now, 'changePassword', session.token);
  return true;
}
