/**
 * A resource's `keptWhile`: the delete is refused while other rows still refer to the record (an
 * enterprise with talents, a category with sub-categories), each reference with its own message.
 * Read by entity-resource's remove, in the delete's transaction, before `checkRemove`.
 */
import { type Kysely, sql } from 'kysely';
import { Code, type CodeValue } from '../http/codes';
import { refuse } from '../http/envelope';
import type { Row } from './codec';

export interface KeptWhile {
  /** The referring table(s), asked in order. */
  table: string | readonly string[];
  /** Its column holding this record's key, or its columns by the record's columns they hold ({ clientCode: 'clientCode' }). */
  column: string | Readonly<Record<string, string>>;
  message: string;
  /** The refusal's code (default 1009, 数据冲突). */
  code?: CodeValue;
}

/** Refuses with the first reference found, in the declared order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function refuseWhileReferenced(trx: Kysely<any>, keptWhile: readonly KeptWhile[], row: Row, keyColumn: string): Promise<void> {
  for (const kept of keptWhile) {
    const pairs = typeof kept.column === 'string' ? [[kept.column, keyColumn]] : Object.entries(kept.column);
    for (const table of typeof kept.table === 'string' ? [kept.table] : kept.table) {
      let qb = trx.selectFrom(table).select(sql<number>`1`.as('one'));
      for (const [column, own] of pairs) qb = qb.where(column, '=', row[own]);
      if (await qb.limit(1).executeTakeFirst()) refuse(kept.code ?? Code.CONFLICT, kept.message);
    }
  }
}
