import { type AccountType, codeOf, DASHBOARD_TODOS, type TodoKey, type TodoRows } from '@flexpay/shared-utility/src/pure';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { type OrgScope, rowInScope, tieCondition } from '../../account/scope';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';

type ScopedTable = TodoRows['table'];
type Where = (eb: ExpressionBuilder<Database, keyof Database>) => Expression<SqlBool>;

/** A to-do's rows (DASHBOARD_TODOS): each column at its value, or any of its values. */
const whereOf = ({ table, where }: TodoRows): Where => (eb) => eb.and(Object.entries(where).map(([column, value]) => eb(sql.ref(`${table}.${column}`), Array.isArray(value) ? 'in' : '=', value)));

/** The rows of a table inside the caller's scope; refunds carry no supplier column and are tied by their enterprise as the money screens tie them (`ownEnt`). */
function inScope(db: Kysely<Database>, scope: OrgScope, table: ScopedTable): Where {
  if (table !== 'refund_apply') return rowInScope(db, scope, { ent: `${table}.entId`, supplier: `${table}.supplierId` });
  const condition = tieCondition(db, { ownEnt: 'refund_apply.entId' }, scope);
  return (eb) => (condition === null ? sql<SqlBool>`1 = 1` : typeof condition === 'function' ? condition(eb as never) : condition);
}

export async function count(db: Kysely<Database>, ctx: SignedInContext, table: ScopedTable, where?: Where): Promise<number> {
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(inScope(db, ctx.caller.scope, table));
  if (where) query = query.where(where);
  return Number((await query.executeTakeFirstOrThrow()).n);
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
