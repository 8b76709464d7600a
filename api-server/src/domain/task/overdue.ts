/**
 * Packages past their end date go overdue (DOMAIN.md §7: → 40, by the system): a job inside the server,
 * run at start and then every few minutes; no outside cron. Idempotent and safe in several processes:
 * each package moves by one conditional UPDATE and only the process that moved it writes the audit row.
 */
import { packageAfter, packageOverdue, type PackageTriple } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import { auditBySystem } from '../../account/audit';
import type { Database } from '../../db/schema';
import { formatDateTime } from '../../util/time';

export const OVERDUE_EVERY_MS = 5 * 60_000;

/** Moves every running package whose end date is before today (Asia/Shanghai at `now`) to 40; answers how many moved. */
export async function markOverduePackages(db: Kysely<Database>, now: number): Promise<number> {
  const today = formatDateTime(now)!.slice(0, 10);
  const candidates = await db
    .selectFrom('work_package')
    .select(['id', 'reviewStatus', 'pkgStatus', 'status', 'endDate'])
    .where('endDate', '<', today)
    .where('status', 'in', [0, 10, 30])
    .execute();
  let moved = 0;
  for (const row of candidates) {
    const triple = { reviewStatus: row.reviewStatus, pkgStatus: row.pkgStatus, status: row.status } as PackageTriple;
    if (!packageOverdue({ ...triple, endDate: row.endDate }, today)) continue;
    const after = packageAfter('overdue', triple);
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('work_package')
        .set({ pkgStatus: after.pkgStatus, status: after.status, updatedAt: now })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return;
      moved++;
      await auditBySystem(trx, { action: 'overdue', entity: 'workPackage', entityId: row.id, changes: { status: { from: row.status, to: after.status }, pkgStatus: { from: row.pkgStatus, to: after.pkgStatus } }, now });
    });
  }
  return moved;
}

/**
 * Runs the overdue check now and every `everyMs` on the given clock; answers the stop function (the
 * server awaits it on close, before the database closes). Errors are reported, never thrown out of the timer.
 */
export function startOverdueJob(db: Kysely<Database>, options: { now: () => number; everyMs?: number; onError?: (error: unknown) => void }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => markOverduePackages(db, options.now())).catch((error: unknown) => options.onError?.(error));
  };
  tick();
  const timer = setInterval(tick, options.everyMs ?? OVERDUE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
