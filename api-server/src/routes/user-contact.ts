import crypto from 'node:crypto';
import { MESSAGES } from '@flexpay/shared-utility/src/pure';
import { contactProblem } from '@flexpay/shared-utility/src/pure/rules/contact';
import { type ContactChannel, notifyContactChanged } from '../account/contact-notice';
import { Code } from '../http/codes';
import { refuse } from '../http/envelope';
import { type Body, type SignedInContext, str } from '../http/guard';
import { verifyCode } from '../providers/sms';
import { throttlesOf } from '../security/throttle';
import { freshUserInfo, proveOwnPassword, sendCodeBy, spend, UserMessages, writeOwn } from './user-base';

/**
 * SMS/verification-code purpose of a code that proves a NEW phone or e-mail of one's own account
 * (issue 21 item 1). The spec names 1–5; 6 is this suite's addition (docs/decisions.md).
 */
export const CONTACT_PURPOSE = 6;

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
export function checkContactBody(body: Body): string | null {
  if (body.channel !== 'sms' && body.channel !== 'mail') return UserMessages.channel;
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

/**
 * Step 1 of changing one's own phone or e-mail: a code to the NEW contact (SMS or mail outbox),
 * bound to the account and that contact, throttled per account.
 */
export async function sendContactCode(ctx: SignedInContext) {
  const { deps } = ctx;
  const { user } = ctx.caller;
  const { channel, contact } = newContactOf(ctx);
  await spend(ctx.now, [throttlesOf(deps).contactCode, String(user.userId)]);
  const what = channel === 'sms' ? '手机号' : '邮箱';
  const text = (code: string) => `【FlexPay】您正在将账号 ${user.username} 的${what}更换为本${what}，验证码为 ${code}，5分钟内有效。如非本人操作请忽略。`;
  await sendCodeBy(deps, channel, contact, contactCodeOwner(user.userId, channel, contact), CONTACT_PURPOSE, 'FlexPay 更换邮箱验证码', text, ctx.now);
  return { message: channel === 'sms' ? UserMessages.smsSent : UserMessages.mailSent };
}

/**
 * Step 2: the current password (counted toward the sign-in lock like a login attempt, recorded before
 * the check) and the code sent to the new contact; then the contact changes and the old one is told.
 * Any missing or wrong proof refuses with nothing changed; a wrong password does not spend the code.
 */
export async function changeContact(ctx: SignedInContext) {
  const { deps } = ctx;
  const { db } = deps;
  const { user } = ctx.caller;
  const { channel, contact, field } = newContactOf(ctx);
  await proveOwnPassword(ctx, str(ctx.body, 'password'), UserMessages.wrongPassword);
  const problem = await verifyCode(db, { ...contactCodeOwner(user.userId, channel, contact), purpose: CONTACT_PURPOSE, code: str(ctx.body, 'code') ?? '' }, ctx.now);
  if (problem) refuse(Code.VALIDATION, problem);
  const before = user[field] ?? null;
  const told = { username: user.username, channel, from: before, to: contact, byAdministrator: false };
  await writeOwn(db, user, { [field]: contact }, ctx.now, 'changeContact', { [field]: { from: before, to: contact } }, (trx) => notifyContactChanged(deps, trx, told, ctx.now));
  return freshUserInfo(ctx);
}
