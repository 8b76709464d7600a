import type { Generated } from 'kysely';

/** Tables of the system area (migration migrations/0005-system.ts). */
export interface NoticeReadTable {
  userId: number;
  noticeId: number;
  readAt: number;
}

/** Every SMS the built-in provider "sends" (DOMAIN.md §10); SYS reads it on 短信记录. */
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  /** 10 login code, 20 payment code, 100 recharge notice, 110 refund notice. */
  smsType: number;
  /** spec §3 SMS purposes (1 register … 5 reset new) for codes; null for notices. */
  purpose: number | null;
  content: string;
  createdAt: number;
}

/** One issued verification code: only its hash is kept; single use, 5 min, 5 wrong tries void it. */
export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: number;
  codeHash: string;
  tries: number;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface SystemTables {
  notice_read: NoticeReadTable;
  sms_outbox: SmsOutboxTable;
  sms_code: SmsCodeTable;
}
