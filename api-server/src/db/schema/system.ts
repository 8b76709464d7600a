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

/** Every mail the built-in provider "sends"; SYS reads it on 邮件记录. */
export interface MailOutboxTable {
  id: Generated<number>;
  email: string;
  subject: string;
  content: string;
  createdAt: number;
}

/** One issued verification code: only its hash is kept; single use, 5 min, 5 wrong tries void it. */
export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  /** The account a recovery code belongs to (`u<userId>`); null for codes of a phone alone. */
  account: string | null;
  purpose: number;
  codeHash: string;
  tries: number;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

/** 签约协议 templates of a supplier (migration 0008); `version` is the newest saved text. */
export interface AgreementTable {
  id: Generated<number>;
  agreementCode: string;
  name: string;
  supplierId: number;
  version: Generated<number>;
  content: string;
  status: Generated<number>;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Every text an agreement ever had, never changed afterwards: signatures refer to one. */
export interface AgreementVersionTable {
  id: Generated<number>;
  agreementId: number;
  version: number;
  content: string;
  operatorName: string;
  createdAt: number;
}

export interface SystemTables {
  agreement: AgreementTable;
  agreement_version: AgreementVersionTable;
  notice_read: NoticeReadTable;
  mail_outbox: MailOutboxTable;
  sms_outbox: SmsOutboxTable;
  sms_code: SmsCodeTable;
}
