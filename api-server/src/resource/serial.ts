/**
 * A code series (TS0004, XKJ004, CLI00000012): an entity's field declaring `serial` is numbered by the kit's
 * create (entity-resource.ts) with the next number after the highest of its prefix, under the series' lock.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/connect';
import { lockName } from './lock';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The next code of a series: prefix + the next number, zero-padded (TS0004, XKJ004). */
export async function nextCode(db: AnyDb, table: string, column: string, prefix: string, width: number): Promise<string> {
  const row = (await db
    .selectFrom(table)
    .select((eb) => eb.fn.max(sql<number>`CAST(SUBSTR(${sql.ref(column)}, ${prefix.length + 1}) AS INTEGER)`).as('n'))
    .where(column, 'like', `${prefix}%`)
    .executeTakeFirst()) as { n: number | null } | undefined;
  return `${prefix}${String(Number(row?.n ?? 0) + 1).padStart(width, '0')}`;
}

/** nextCode for concurrent creates: on PostgreSQL they take turns on the series' lock (SQLite has one writer). */
export async function serialCode(dialect: DialectName, trx: AnyDb, table: string, column: string, prefix: string, width: number): Promise<string> {
  await lockName(trx, dialect, `${table}.${column}`);
  return nextCode(trx, table, column, prefix, width);
}
