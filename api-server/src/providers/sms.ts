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

/** Who a code belongs to: a phone, or an account (recovery codes; two accounts may share a phone). */
export interface CodeOwner {
  phone: string;
  account?: string;
}

const ownerKey = (owner: CodeOwner) => owner.account ?? owner.phone;

const hashCode = (owner: CodeOwner, purpose: number, code: string) =>
  crypto.createHash('sha256').update(`${ownerKey(owner)}:${purpose}:${code}`).digest('hex');

const ownedBy = (owner: CodeOwner) => (owner.account ? { column: 'account' as const, value: owner.account } : { column: 'phone' as const, value: owner.phone });

/**
 * Stores a new code (voiding earlier unused ones of the same owner and purpose) inside the caller's
 * transaction and returns it for delivery; `secret` codes (a reset token) are longer than 6 digits.
 */
export async function issueCode(trx: Kysely<Database>, owner: CodeOwner, purpose: number, now: number, options: { ttlMs?: number; secret?: boolean } = {}): Promise<string> {
  const code = options.secret ? crypto.randomBytes(24).toString('hex') : String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const { column, value } = ownedBy(owner);
  await trx.updateTable('sms_code').set({ usedAt: now }).where(column, '=', value).where('purpose', '=', purpose).where('usedAt', 'is', null).execute();
  await trx
    .insertInto('sms_code')
    .values({ phone: owner.phone, account: owner.account ?? null, purpose, codeHash: hashCode(owner, purpose, code), tries: 0, expiresAt: now + (options.ttlMs ?? CODE_TTL_MS), createdAt: now })
    .execute();
  return code;
}

/** Issues a new code and sends it by SMS in one transaction. */
export async function sendCode(
  db: Kysely<Database>,
  provider: SmsProvider,
  request: CodeOwner & { purpose: number; smsType: number; text: (code: string) => string },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const code = await issueCode(trx as unknown as Kysely<Database>, request, request.purpose, now);
    await provider.send(trx as unknown as Kysely<Database>, { phone: request.phone, smsType: request.smsType, purpose: request.purpose, content: request.text(code) }, now);
  });
}

/**
 * Checks a code and consumes it when right. The tries counter moves in the same UPDATE that checks
 * it, so parallel guesses cannot exceed the limit.
 */
export async function verifyCode(db: Kysely<Database>, request: CodeOwner & { purpose: number; code: string }, now: number): Promise<null | string> {
  const { column, value } = ownedBy(request);
  const live = await db
    .selectFrom('sms_code')
    .selectAll()
    .where(column, '=', value)
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
  if (live.codeHash !== hashCode(request, request.purpose, String(request.code).trim())) return SmsMessages.codeWrong;
  const used = await db.updateTable('sms_code').set({ usedAt: now }).where('id', '=', live.id).where('usedAt', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? null : SmsMessages.codeExpired;
}
