import { type AccountType, codeOf, DASHBOARD_TODOS, type TodoKey, type TodoRows } from '@flexpay/shared-utility/src/pure';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { scoped, type Tie } from '../../account/scope';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';
import type { AnyQuery } from '../../resource/entity-resource';

type Where = (eb: ExpressionBuilder<Database, keyof Database>) => Expression<SqlBool>;

/** A to-do's rows (DASHBOARD_TODOS): each column at its value, or any of its values. */
const whereOf = ({ table, where }: TodoRows): Where => (eb) => eb.and(Object.entries(where).map(([column, value]) => eb(sql.ref(`${table}.${column}`), Array.isArray(value) ? 'in' : '=', value)));

/** How a counted table's rows are tied to the organisations: by enterprise and supplier; refunds carry no supplier and are tied by their enterprise as the money screens tie them (`ownEnt`). */
const tieOf = (table: TodoRows['table'] | 'ent'): Tie =>
  table === 'refund_apply' ? { ownEnt: 'refund_apply.entId' } : { entSupplier: { ent: `${table}.${table === 'ent' ? 'id' : 'entId'}`, supplier: `${table}.supplierId` } };

/** The rows of a table inside the caller's scope (its tie), counted. */
export async function count(db: Kysely<Database>, ctx: SignedInContext, table: TodoRows['table'] | 'ent', where?: Where): Promise<number> {
  const query = scoped(db, tieOf(table))(ctx.caller, db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')) as AnyQuery);
  return Number(((await (where ? query.where(where as never) : query).executeTakeFirstOrThrow()) as { n: unknown }).n);
}

/** The to-dos of the caller's account type whose code it holds, counted in its scope, and their total. */
export async function todosOf(db: Kysely<Database>, ctx: SignedInContext, type: AccountType | null): Promise<{ total: number } & Partial<Record<TodoKey, number>>> {
  const todos: { total: number } & Partial<Record<TodoKey, number>> = { total: 0 };
  for (const [key, todo] of Object.entries(DASHBOARD_TODOS) as Array<[TodoKey, TodoRows]>) {
    if (!type || !todo.for.includes(type) || !ctx.caller.perms.has(codeOf(todo.code))) continue;
    const n = await count(db, ctx, todo.table, whereOf(todo));
    todos[key] = n;
    todos.total += n;
  }
  return todos;
}
