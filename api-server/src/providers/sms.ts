/**
 * SMS behind a provider interface (DOMAIN.md §10). The built-in provider writes every message to the
 * sms_outbox table, which SYS reads on 短信记录 in demo and test modes and tests read through the
 * API; a production deployment plugs a vendor in through the same interface.
 *
 * Verification codes: 6 digits, valid 5 minutes, single use; 5 wrong tries void the code. Only a
 * hash of each code is stored.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const SmsType = { LOGIN_CODE: 10, PAYMENT_CODE: 20, RECHARGE_NOTICE: 100, REFUND_NOTICE: 110 } as const;
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_TRIES = 5;

export interface SmsMessage {
  phone: string;
  smsType: number;
  purpose?: number | null;
  content: string;
}

export interface SmsProvider {
  send(db: Kysely<Database>, message: SmsMessage, now: number): Promise<void>;
}

export const outboxProvider: SmsProvider = {
  async send(db, message, now) {
    await db
      .insertInto('sms_outbox')
      .values({ phone: message.phone, smsType: message.smsType, purpose: message.purpose ?? null, content: message.content, createdAt: now })
      .execute();
  },
};

export const SmsMessages = {
  codeWrong: '验证码错误',
  codeExpired: '验证码已失效，请重新获取',
} as const;

const hashCode = (phone: string, purpose: number, code: string) =>
  crypto.createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');

/** Issues a new code (voiding earlier unused ones of the same phone and purpose) and sends it. */
export async function sendCode(
  db: Kysely<Database>,
  provider: SmsProvider,
  request: { phone: string; purpose: number; smsType: number; text: (code: string) => string },
  now: number,
): Promise<void> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sms_code')
      .set({ usedAt: now })
      .where('phone', '=', request.phone)
      .where('purpose', '=', request.purpose)
      .where('usedAt', 'is', null)
      .execute();
    await trx
      .insertInto('sms_code')
      .values({ phone: request.phone, purpose: request.purpose, codeHash: hashCode(request.phone, request.purpose, code), tries: 0, expiresAt: now + CODE_TTL_MS, createdAt: now })
      .execute();
    await provider.send(trx as unknown as Kysely<Database>, { phone: request.phone, smsType: request.smsType, purpose: request.purpose, content: request.text(code) }, now);
  });
}

/**
 * Checks a code and consumes it when right. The tries counter moves in the same UPDATE that checks
 * it, so parallel guesses cannot exceed the limit.
 */
export async function verifyCode(db: Kysely<Database>, request: { phone: string; purpose: number; code: string }, now: number): Promise<null | string> {
  const live = await db
    .selectFrom('sms_code')
    .selectAll()
    .where('phone', '=', request.phone)
    .where('purpose', '=', request.purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live) return SmsMessages.codeExpired;
  const counted = await db
    .updateTable('sms_code')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', live.id)
    .where('usedAt', 'is', null)
    .where('tries', '<', CODE_MAX_TRIES)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) return SmsMessages.codeExpired;
  if (live.codeHash !== hashCode(request.phone, request.purpose, String(request.code).trim())) return SmsMessages.codeWrong;
  const used = await db.updateTable('sms_code').set({ usedAt: now }).where('id', '=', live.id).where('usedAt', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? null : SmsMessages.codeExpired;
}
