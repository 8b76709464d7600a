import type { Kysely } from 'kysely';
import type { Database } from '../../api-server/src/db/schema';
import { storedPayoutRow } from '../../shared-utility/src/pure/rules/order-checks';
import { checkRows, entContext, monthOf } from '../../api-server/src/domain/order/service';
import { goodTalents } from '../../api-server/test/support/order';

/** Payout rows for ENT0001's people passing every row check (a 1.00 probe row each); one line in 500 fails at the bank. */
export async function benchRows(db: Kysely<Database>, lines: number): Promise<{ entId: number; rows: Array<Record<string, string>> }> {
  const ent = await db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
  const candidates = await goodTalents(db, ent.id, ent.supplierId);
  const checks = await checkRows(db, await entContext(db, ent.id), candidates.map((p, i) => storedPayoutRow({ ...p, idType: String(p.idType), amount: '1.00' }, i + 1)), { packageCode: null, month: monthOf(Date.now()) });
  const people = candidates.filter((_, i) => checks[i].errorType === 0);
  const rows = Array.from({ length: lines }, (_, i) => {
    const p = people[i % people.length];
    return { name: p.name, idType: String(p.idType), idNumber: p.idNumber, account: i % 500 === 499 ? '6222020000000009999' : p.account, amount: `${1 + (i % 9)}.${String(i % 100).padStart(2, '0')}` };
  });
  return { entId: ent.id, rows };
}
