/**
 * What time does to signing and tax registration (DOMAIN.md §6): the e-sign provider's and the tax
 * channel's answers after their delay (signed/registered with real-name 10, failed otherwise), an
 * unanswered sign request expires after 7 days, a signature a year after signing. A job inside the
 * server process on its own clock (tests pass theirs); each row moves by one conditional UPDATE, so
 * several processes may run it and only the one that moved a row writes its audit entry.
 */
import { SIGN, SIGNED_VALIDITY_MS, TAX_REG } from '@flexpay/shared-utility/src/pure';
import { dueSteps, type SignDelays } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ESignProvider, simulatedESign } from '../../providers/esign';
import { startPeriodic } from '../../resource/periodic';
import { systemMoves } from '../../resource/system-move';

export const SIGN_JOB_EVERY_MS = 5_000;

/** Applies every move due at `now`; answers how many status changes it made. */
export async function runSignJobs(db: Kysely<Database>, now: number, delays: SignDelays): Promise<number> {
  const rows = await db
    .selectFrom('cust_coop_sup as s')
    .innerJoin('cust as c', 'c.id', 's.custId')
    .selectAll('s')
    .select('c.realNameStatus')
    .where((eb) =>
      eb.or([
        eb('s.signStatus', '=', SIGN.signing),
        eb.and([eb('s.signStatus', '=', SIGN.success), eb('s.signedAt', '<=', now - SIGNED_VALIDITY_MS)]),
        eb('s.taxRegStatus', '=', TAX_REG.applying),
      ]),
    )
    .execute();
  const moves = rows.flatMap((row) =>
    dueSteps(row, row.realNameStatus, now, delays).map((step) => {
      const set = { [step.column]: step.to, ...step.set };
      const changes = { [step.column]: { from: step.from, to: step.to } };
      return { table: 'cust_coop_sup', entity: 'custCoopSup', before: row, where: [step.column], set, action: step.action, now, changes };
    }),
  );
  return systemMoves(db, moves);
}

/**
 * Runs the job now and every `everyMs` on the given clock; answers the stop function (awaited on
 * close, before the database closes). Errors are reported, never thrown out of the timer.
 */
export function startSignScheduler(
  db: Kysely<Database>,
  options: { now: () => number; provider?: ESignProvider; everyMs?: number; onError?: (error: unknown) => void },
): () => Promise<void> {
  const provider = options.provider ?? simulatedESign();
  return startPeriodic(() => runSignJobs(db, options.now(), provider.delays), options.everyMs ?? SIGN_JOB_EVERY_MS, options.onError);
}
