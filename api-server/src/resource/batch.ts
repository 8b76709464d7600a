/**
 * Batches of rows (an import's thousands, a payout's lines): statements in parts small enough for
 * SQLite's and PostgreSQL's bound-parameter limits, written once instead of a loop per table.
 */
import type { AnyDb } from '../db/schema';
import type { Row } from './codec';

/** Rows per statement of a batch (an INSERT, an IN list). */
export const CHUNK = 200;

/** `items` in parts of `size`. */
export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What `read` answers for each part of `values` (an IN list per part), in order. */
export async function readChunked<T, R>(values: T[], read: (part: T[]) => Promise<R[]>, size = CHUNK): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(values, size)) out.push(...(await read(part)));
  return out;
}

/** `q` with a condition per entry of `where`: the column equals its value (a list: is one of them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const whereEach = <Q>(q: Q, where: Record<string, unknown>): Q => Object.entries(where).reduce((out: any, [column, value]) => out.where(column, Array.isArray(value) ? 'in' : '=', value), q);

/**
 * The `columns` of `table`'s rows matching `where` (whereEach), its first list read in parts of `size` — a batch's
 * look-up declared instead of written: `readIn(db, 'cust_card', ['custId', 'cardNo'], { custId: ids })`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readIn<R = any>(db: AnyDb, table: string, columns: readonly string[], where: Record<string, unknown>, size = CHUNK): Promise<R[]> {
  return inParts(where, size, (part) => whereEach(db.selectFrom(table).select(columns as string[]), part).execute() as Promise<R[]>);
}

/** `read` of `where` with its first list cut in parts of `size`. */
function inParts<R>(where: Record<string, unknown>, size: number, read: (part: Record<string, unknown>) => Promise<R[]>): Promise<R[]> {
  const [listed, values] = Object.entries(where).find(([, v]) => Array.isArray(v)) as [string, unknown[]];
  return readChunked(values, (part) => read({ ...where, [listed]: part }), size);
}

/**
 * Sets `set` on `table`'s rows matching `where` (whereEach), its first list in parts of `size`; answers the
 * `returning` columns of the rows it moved: `updateIn(trx, 'order_detail', { status: 20 }, { id: ids, status: 10 }, ['id'])`.
 */
export async function updateIn(trx: AnyDb, table: string, set: Row, where: Record<string, unknown>, returning: string[] = [], size = CHUNK): Promise<Row[]> {
  return inParts(where, size, async (part) => {
    const update = whereEach(trx.updateTable(table).set(set), part);
    if (returning.length > 0) return (await update.returning(returning).execute()) as Row[];
    await update.execute();
    return [];
  });
}

/**
 * The INSERT of `rows` that leaves out each row whose `unique` columns are already taken (ON CONFLICT DO NOTHING, both
 * databases; concurrent writers of one key never fail): `await insertNew(trx, 'payout_limit_lock', rows, ['supplierId', 'person', 'month']).execute()`.
 */
export const insertNew = (trx: AnyDb, table: string, rows: Row[], unique: string[]) => trx.insertInto(table).values(rows).onConflict((oc) => oc.columns(unique).doNothing());

/** Inserts `rows` into `table` one part per statement; answers the `returning` columns of every row. */
export async function insertChunked(trx: AnyDb, table: string, rows: object[], returning: string[] = [], size = CHUNK): Promise<Row[]> {
  return readChunked(rows, async (part) => {
    const insert = trx.insertInto(table).values(part);
    if (returning.length > 0) return (await insert.returning(returning).execute()) as Row[];
    await insert.execute();
    return [];
  }, size);
}

/**
 * Inserts each of `rows` unless `table` (or an earlier row of the batch) already has its values of the `unique` columns
 * (a talent's missing cooperation rows, a card it lacks); answers per row whether it was inserted. Read and write in parts.
 */
export async function insertMissing(trx: AnyDb, table: string, rows: Row[], unique: string[]): Promise<boolean[]> {
  const keyOf = (row: Row) => JSON.stringify(unique.map((c) => String(row[c])));
  const firsts = [...new Set(rows.map((r) => r[unique[0]]))];
  const seen = new Set((await readIn<Row>(trx, table, unique, { [unique[0]]: firsts })).map(keyOf));
  const missing = rows.map((row) => !seen.has(keyOf(row)) && Boolean(seen.add(keyOf(row))));
  await insertChunked(trx, table, rows.filter((_, i) => missing[i]));
  return missing;
}
