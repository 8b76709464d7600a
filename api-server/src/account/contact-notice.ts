/** Tells an account's old phone or e-mail that it was replaced (own change in routes/user.ts, an administrator's in domain/admin). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type MailProvider, outboxMailProvider } from '../providers/mail';
import { outboxProvider, type SmsProvider, SmsType } from '../providers/sms';

export type ContactChannel = 'sms' | 'mail';

/** A number or address shown in a notice: enough to recognise, not enough to copy. */
export function maskContact(channel: ContactChannel, contact: string): string {
  if (channel === 'sms') return contact.length >= 7 ? `${contact.slice(0, 3)}****${contact.slice(-4)}` : '****';
  const [name, domain] = contact.split('@');
  return `${name.slice(0, 1)}***@${domain ?? ''}`;
}

/**
 * Tells the OLD phone or e-mail of an account that it was replaced (own change or an administrator's),
 * through the SMS/mail outbox, in the caller's transaction. Nothing to tell when there was none.
 */
export async function notifyContactChanged(
  deps: { sms?: SmsProvider; mail?: MailProvider },
  trx: Kysely<Database>,
  notice: { username: string; channel: ContactChannel; from: string | null; to: string | null; byAdministrator: boolean },
  now: number,
): Promise<void> {
  if (!notice.from) return;
  const what = notice.channel === 'sms' ? '手机号' : '邮箱';
  const by = notice.byAdministrator ? '已被管理员' : '已';
  const target = notice.to ? `更换为 ${maskContact(notice.channel, notice.to)}` : '清除';
  const text = `【FlexPay】您的账号 ${notice.username} 绑定的${what}${by}${target}，此${what}不再接收该账号的验证码和通知。如非本人操作，请立即联系管理员。`;
  if (notice.channel === 'sms') await (deps.sms ?? outboxProvider).send(trx, { phone: notice.from, smsType: SmsType.LOGIN_CODE, purpose: null, content: text }, now);
  else await (deps.mail ?? outboxMailProvider).send(trx, { email: notice.from, subject: `FlexPay 账号${what}变更通知`, content: text }, now);
}
