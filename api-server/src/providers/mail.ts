/**
 * Mail behind a provider interface, like SMS (DOMAIN.md §10): the built-in provider writes every
 * message to mail_outbox, which SYS reads on 邮件记录 and tests read directly; a deployment plugs an
 * SMTP or vendor client in through the same interface.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface MailMessage {
  email: string;
  subject: string;
  content: string;
}

export interface MailProvider {
  send(db: Kysely<Database>, message: MailMessage, now: number): Promise<void>;
}

export const outboxMailProvider: MailProvider = {
  async send(db, message, now) {
    await db.insertInto('mail_outbox').values({ ...message, createdAt: now }).execute();
  },
};
