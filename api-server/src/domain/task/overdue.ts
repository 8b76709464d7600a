/**
 * Packages past their end date go overdue (DOMAIN.md §7: → 40, by the system): a job inside the server,
 * run at start and then every few minutes; no outside cron. Idempotent and safe in several processes:
 * each package moves by one conditional UPDATE and only the process that moved it writes the audit row.
 */
import { PACKAGE_LIFECYCLE, packageOverdue, type PackageTriple } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { startPeriodic } from '../../resource/periodic';
import { systemMoves } from '../../resource/system-move';
import { formatDateTime } from '../../util/time';

/** Moves every running package whose end date is before today (Asia/Shanghai at `now`) to 40; answers how many moved. */
export async function markOverduePackages(db: Kysely<Database>, now: number): Promise<number> {
  const today = formatDateTime(now)!.slice(0, 10);
  const candidates = (await db
    .selectFrom('work_package')
    .select(['id', 'reviewStatus', 'pkgStatus', 'status', 'endDate'])
    .where('endDate', '<', today)
    .where('status', 'in', [0, 10, 30])
    .execute()).filter((row) => packageOverdue(row as PackageTriple & { endDate: string }, today));
  // The lifecycle's overdue move: its pkgStatus and status.
  return systemMoves(db, candidates.map((before) => ({ table: 'work_package', entity: 'workPackage', before, where: ['status'], set: PACKAGE_LIFECYCLE.overdue.to!, action: 'overdue', now })));
}

/** Runs the overdue check now and every `everyMs` (five minutes unless told) on the given clock; answers the stop function (awaited on close). */
export function startOverdueJob(db: Kysely<Database>, options: { now: () => number; everyMs?: number; onError?: (error: unknown) => void }): () => Promise<void> {
  return startPeriodic(() => markOverduePackages(db, options.now()), options.everyMs ?? 5 * 60_000, options.onError);
}
