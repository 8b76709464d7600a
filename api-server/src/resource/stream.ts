/**
 * A query's rows read in one pass (a cursor on PostgreSQL, an iterator on SQLite) and handed on in parts of
 * `size` as they arrive: an export written while it is read (export.ts), a statement's moves walked and proven
 * without holding them whole (domain/ent/statement-proof.ts).
 */
export async function streamChunks<R>(query: { stream(size?: number): AsyncIterable<R> }, size: number, each: (rows: R[]) => Promise<void>): Promise<void> {
  const part: R[] = [];
  for await (const row of query.stream(size)) {
    part.push(row);
    if (part.length === size) await each(part.splice(0));
  }
  if (part.length > 0) await each(part.splice(0));
}
