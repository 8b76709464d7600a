/**
 * A package's settled total (DOMAIN.md §7 "success adds to settledFen"): called where payout lines
 * succeed (order/worker.ts settleLines, for the bank's results and the manual ones alike), in the
 * same transaction as the lines' move to 20.
 */
import { sql } from 'kysely';
import type { Db } from './service';

/** Adds the amount of lines that just succeeded to the package named by the order's temp order, if any. */
export async function addSettled(trx: Db, order: { id: number; entId: number }, successFen: number): Promise<void> {
  if (successFen <= 0) return;
  const code = trx
    .selectFrom('pay_order as o')
    .innerJoin('temp_order as tp', 'tp.tempNo', 'o.tempOrderNo')
    .select('tp.packageCode')
    .where('o.id', '=', order.id);
  await trx
    .updateTable('work_package')
    .set({ settledFen: sql`"settledFen" + ${successFen}` })
    .where('packageCode', '=', code)
    .where('entId', '=', order.entId)
    .execute();
}
