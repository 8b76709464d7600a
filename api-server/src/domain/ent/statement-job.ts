/**
 * 对账单 by mail (issue 25 §6): on the 1st of each month from 01:00 (Asia/Shanghai, the platform's
 * time — every date on the wire is Shanghai time), each enterprise's administrators get last month's
 * statement summary through the mail provider (the outbox), with each channel's closing balance.
 *
 * Once only: the run claims `statementMail:<yyyy-MM>` in job_run (migration 0030) in the same
 * transaction as the mails. With several server processes on one PostgreSQL database the others block
 * on the key until the first commits and then find it taken; after a restart the key is there. A run
 * that fails rolls its key back with its mails and is tried at the next tick. A server that was down at
 * 01:00 on the 1st sends the month's run when it starts later that month.
 */
import { AdminType, balanceLog, previousMonth, quickRange } from '@flexpay/shared-utility/src/pure';
import { statementMailLine, statementMailSubject, statementMailText } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refusalOf } from '../../http/envelope';
import { type MailProvider, outboxMailProvider } from '../../providers/mail';
import { whereEach } from '../../resource/batch';
import { startPeriodic } from '../../resource/periodic';
import { formatDateTime, HOUR_MS, shanghaiMonthStart } from '../../util/time';
import { proveAccountStatement } from './statement-proof';

const STATEMENT_JOB = 'statementMail';
const STATEMENT_JOB_EVERY_MS = 60_000;
/** The run's hour on the 1st (Shanghai). */
const STATEMENT_JOB_HOUR = 1;

/** The key of the run due at `now`, or null before 01:00 on the 1st of the month. */
export function dueRunKey(now: number): string | null {
  if (now < shanghaiMonthStart(now) + STATEMENT_JOB_HOUR * HOUR_MS) return null;
  return `${STATEMENT_JOB}:${previousMonth(formatDateTime(now)!.slice(0, 10))}`;
}

/** One enterprise's mail: each channel's totals and closing balance, or why its statement could not be proven. */
async function summaryOf(trx: Kysely<Database>, ent: { id: number; entName: string }, range: { from: string; to: string }, now: number): Promise<string> {
  const accounts = await trx.selectFrom('ent_account').select('channel').where('entId', '=', ent.id).orderBy('channel').execute();
  const parts: string[] = [];
  for (const { channel } of accounts) {
    const statement = await refusalOf(proveAccountStatement(trx, { entId: ent.id, channel, ...range }, now));
    parts.push(statement instanceof ApiError ? `通道${channel}：${statement.message}` : statementMailLine(statement));
  }
  return statementMailText(ent.entName, range, parts);
}


/**
 * Runs the month's statement mails if due and not run yet. The key's insert and the mails share one
 * transaction: all or nothing, and once. Answers `{ key, ran, mails }`: `ran` false when the run was not due or another
 * process (or an earlier start) had done it.
 */
export async function runStatementMail(db: Kysely<Database>, now: number, mail: MailProvider = outboxMailProvider) {
  const key = dueRunKey(now);
  if (!key) return { key, ran: false, mails: 0 };
  const month = key.slice(STATEMENT_JOB.length + 1);
  const range = quickRange('lastMonth', formatDateTime(now)!.slice(0, 10));
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('job_run').values({ jobKey: key, startedAt: now }).onConflict((oc) => oc.column('jobKey').doNothing()).returning('jobKey').executeTakeFirst();
    if (!claimed) return { key, ran: false, mails: 0 };
    const ents = await trx.selectFrom('ent').select(['id', 'entName']).where('status', '=', 0).where('id', 'in', trx.selectFrom('ent_account').select('entId')).orderBy('id').execute();
    let mails = 0;
    for (const ent of ents) {
      // The enterprise's top administrators and the accounts holding the ledger's query code, with an address.
      const admins = await whereEach(trx.selectFrom('admin_user as u').select(['u.email']), { 'u.adminType': AdminType.ENT, 'u.orgId': ent.id, 'u.status': 0 })
        .where('u.email', 'is not', null)
        .where('u.email', '!=', '')
        .where((eb) => eb.or([eb('u.isTopAdmin', '=', 1), eb.exists(eb.selectFrom('admin_user_perm as p').select('p.code').whereRef('p.userId', '=', 'u.userId').where('p.code', '=', balanceLog.codes.query))]))
        .orderBy('u.userId')
        .execute();
      if (admins.length === 0) continue;
      const content = await summaryOf(trx, ent, range, now);
      for (const email of new Set(admins.map((a) => String(a.email)))) {
        await mail.send(trx, { email, subject: statementMailSubject(month, ent.entName), content }, now);
        mails += 1;
      }
    }
    await trx.updateTable('job_run').set({ finishedAt: now, result: `已发送${mails}封对账单邮件（${ents.length}家企业）` }).where('jobKey', '=', key).execute();
    return { key, ran: true, mails };
  });
}

/**
 * Checks every minute on the given clock; answers the stop function (awaited on close, before the
 * database closes). Errors are reported, never thrown out of the timer. A key this process found done
 * is not asked again.
 */
export function startStatementJob(db: Kysely<Database>, options: { now: () => number; everyMs?: number; mail?: MailProvider; onError?: (error: unknown) => void }): () => Promise<void> {
  let done: string | null = null;
  const tick = async () => {
    const now = options.now();
    const key = dueRunKey(now);
    if (!key || key === done) return;
    await runStatementMail(db, now, options.mail);
    done = key;
  };
  return startPeriodic(tick, options.everyMs ?? STATEMENT_JOB_EVERY_MS, options.onError);
}
