import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../db/schema';
import { MINUTE_MS } from '../util/time';

export const CAPTCHA_TTL_MS = 5 * MINUTE_MS;

export async function createCaptcha(db: Kysely<Database>, now: number): Promise<{ captchaToken: string; image: string }> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f2f5fc' });
  const captchaToken = crypto.randomBytes(24).toString('hex');
  // Old rows are useless after the TTL; trimming here keeps the table small without a timer.
  await db.deleteFrom('captcha').where('createdAt', '<', now - CAPTCHA_TTL_MS).execute();
  await db.insertInto('captcha').values({ captchaToken, answer: text.toLowerCase(), createdAt: now, usedAt: null }).execute();
  return { captchaToken, image: `data:image/svg+xml;base64,${Buffer.from(data, 'utf8').toString('base64')}` };
}

function matches(row: { answer: string; createdAt: number; usedAt: number | null } | undefined, answer: string, now: number) {
  return !!row && row.usedAt === null && now - row.createdAt <= CAPTCHA_TTL_MS && row.answer === answer.trim().toLowerCase();
}

/** Login use: the captcha is spent whatever the outcome, so each image allows one attempt. */
export async function consumeCaptcha(db: Kysely<Database>, captchaToken: string, answer: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('captcha').selectAll().where('captchaToken', '=', captchaToken).executeTakeFirst();
  if (!row || row.usedAt !== null) return false;
  const spent = await db
    .updateTable('captcha')
    .set({ usedAt: now })
    .where('captchaToken', '=', captchaToken)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  // Two concurrent logins with one captcha: only the one that marked it used may pass.
  return Number(spent.numUpdatedRows) === 1 && matches(row, answer, now);
}

/** Pre-check from the login form: a right answer keeps the captcha usable, a wrong one spends it. */
export async function checkCaptcha(db: Kysely<Database>, captchaToken: string, answer: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('captcha').selectAll().where('captchaToken', '=', captchaToken).executeTakeFirst();
  if (matches(row, answer, now)) return true;
  if (row && row.usedAt === null) await db.updateTable('captcha').set({ usedAt: now }).where('captchaToken', '=', captchaToken).execute();
  return false;
}
