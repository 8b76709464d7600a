import { type AccountType, codeOf, DASHBOARD_TODOS, type TodoKey, type TodoRows } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import { scoped, type Tie } from '../../account/scope';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';
import { whereEach } from '../../resource/batch';
import type { AnyQuery } from '../../resource/entity-resource';

/** How a counted table's rows are tied to the organisations: by enterprise and supplier; refunds carry no supplier and are tied by their enterprise as the money screens tie them (`ownEnt`). */
const tieOf = (table: TodoRows['table'] | 'ent'): Tie =>
  table === 'refund_apply' ? { ownEnt: 'refund_apply.entId' } : { entSupplier: { ent: `${table}.${table === 'ent' ? 'id' : 'entId'}`, supplier: `${table}.supplierId` } };

/** The rows of a table inside the caller's scope (its tie) holding `where`'s values (a list: any of them), counted. */
export async function count(db: Kysely<Database>, ctx: SignedInContext, table: TodoRows['table'] | 'ent', where: TodoRows['where'] = {}): Promise<number> {
  const query = scoped(db, tieOf(table))(ctx.caller, whereEach(db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')) as AnyQuery, where));
  return Number(((await query.executeTakeFirstOrThrow()) as { n: unknown }).n);
}

/** The to-dos (DASHBOARD_TODOS) of the caller's account type whose code it holds, counted in its scope, and their total. */
export async function todosOf(db: Kysely<Database>, ctx: SignedInContext, type: AccountType | null): Promise<{ total: number } & Partial<Record<TodoKey, number>>> {
  const due = (Object.entries(DASHBOARD_TODOS) as Array<[TodoKey, TodoRows]>).filter(([, todo]) => type && todo.for.includes(type) && ctx.caller.perms.has(codeOf(todo.code)));
  const counts: Partial<Record<TodoKey, number>> = {};
  for (const [key, todo] of due) counts[key] = await count(db, ctx, todo.table, todo.where);
  return { total: Object.values(counts).reduce((sum, n) => sum + n, 0), ...counts };
}
