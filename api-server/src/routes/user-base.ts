import type { Kysely } from 'kysely';
import { audit, type Changes } from '../account/audit';
import type { ContactChannel } from '../account/contact-notice';
import type { AdminUserRow } from '../account/permissions';
import { accountData } from '../account/user-info';
import type { Database } from '../db/schema';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import type { AppDeps, SignedInContext } from '../http/guard';
import { outboxMailProvider } from '../providers/mail';
import { type CodeOwner, issueCode, outboxProvider, SmsType } from '../providers/sms';
import { forgetAttempt, lockedAfterAttempt, recordAttempt } from '../security/lockout';
import { hashPassword, verifyPassword } from '../security/password';
import { endUserSessions } from '../security/session';
import type { Throttle } from '../security/throttle';

/** The messages of the own-account routes (user/*): sign-in, profile, password and contact change. */
export const UserMessages = {
  contactProof: '修改手机号或邮箱需要验证当前密码和发送到新手机号或新邮箱的验证码，请使用“更换手机号/邮箱”',
  channel: '请选择更换手机号还是邮箱',
  passwordRequired: '请输入当前密码',
  wrongPassword: '当前密码错误',
  smsSent: '验证码已发送至新手机号，5分钟内有效',
  mailSent: '验证码已发送至新邮箱，5分钟内有效',
} as const;

/**
 * The caller's current password as proof (issue 12 finding 3): the attempt counts toward the sign-in
 * lock of the username, recorded before the check like a login attempt, and is forgotten when right.
 */
export async function proveOwnPassword(ctx: SignedInContext, password: string | undefined, wrong: string): Promise<void> {
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
export async function writeOwn(db: Kysely<Database>, user: OwnUser, set: Record<string, unknown>, now: number, action: string, changes?: Changes, also?: (trx: Kysely<Database>) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_user').set({ ...set, updatedAt: now }).where('userId', '=', user.userId).execute();
    await audit(trx, { operator: user, action, entity: 'admin_user', entityId: user.userId, changes, now });
    await also?.(trx);
  });
}

/** The caller's userInfo as stored after a change. */
export async function freshUserInfo(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const fresh = await db.selectFrom('admin_user').selectAll().where('userId', '=', ctx.caller.user.userId).executeTakeFirstOrThrow();
  return (await accountData(db, fresh, ctx.caller.permCodes)).userInfo;
}

/** A new code of an owner and purpose, sent by SMS or mail (the outboxes unless a provider is set) in the transaction that issues it. */
export async function sendCodeBy(deps: AppDeps, channel: ContactChannel, contact: string, owner: CodeOwner, purpose: number, subject: string, text: (code: string) => string, now: number) {
  await deps.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<Database>;
    const content = text(await issueCode(db, owner, purpose, now));
    if (channel === 'sms') await (deps.sms ?? outboxProvider).send(db, { phone: contact, smsType: SmsType.LOGIN_CODE, purpose, content }, now);
    else await (deps.mail ?? outboxMailProvider).send(db, { email: contact, subject, content }, now);
  });
}

/** Refuses (4029) when a throttle's key has used up its budget, else counts one event for each key. */
export async function spend(now: number, ...uses: Array<[Throttle, string]>): Promise<void> {
  for (const [throttle, key] of uses) if (await throttle.blocked(key, now)) refuse(Code.RATE_LIMITED, Messages.rateLimited);
  for (const [throttle, key] of uses) await throttle.hit(key, now);
}
