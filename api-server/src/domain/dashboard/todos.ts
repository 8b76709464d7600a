import { type AccountType, codeOf, MANUAL_CREDIT_CHANNELS } from '@flexpay/shared-utility/src/pure';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { type OrgScope, rowInScope, tieCondition } from '../../account/scope';
import type { Database } from '../../db/schema';
import type { SignedInContext } from '../../http/guard';

export type ScopedTable = 'pay_order' | 'temp_order' | 'balance_apply' | 'invoice_apply' | 'work_package' | 'refund_apply';
export type Where = (eb: ExpressionBuilder<Database, keyof Database>) => Expression<SqlBool>;

/**
 * What awaits the signed-in account's action (issue 22 item 11): each to-do names the rows, the code
 * that acts on them and the account types whose dashboard shows it. A tile counts only when the caller
 * holds its code — an account that may only look at a list has nothing to do there.
 */
export const TODOS = [
  // An enterprise's own work: fix and resubmit a rejected sheet, confirm a submitted one's payment, re-apply a refused recharge.
  { key: 'tempRejected', table: 'temp_order', where: eqStatus('temp_order', 21), code: 'ACT_TEMP_ORDER_MGR', for: ['ENT'] },
  { key: 'tempToPay', table: 'temp_order', where: eqStatus('temp_order', 10), code: 'ACT_TEMP_ORDER_MGR', for: ['ENT'] },
  { key: 'rechargeRefused', table: 'balance_apply', where: eqStatus('balance_apply', 11), code: 'ACT_ENT_BALANCE_APPLY', for: ['ENT'] },
  // The platform's and a supplier's approval queue.
  { key: 'tempReview', table: 'temp_order', where: eqStatus('temp_order', 20), code: 'ACT_TEMP_ORDER_REVIEW', for: ['SYS', 'SPR'] },
  { key: 'rechargeReview', table: 'balance_apply', where: eqStatus('balance_apply', 0), code: 'ACT_ENT_BALANCE_APPLY_REVIEW', for: ['SYS', 'SPR'] },
  { key: 'rechargeProcess', table: 'balance_apply', where: eqStatus('balance_apply', 10), code: 'ACT_ENT_BALANCE_APPLY_REVIEW', for: ['SYS', 'SPR'] },
  // 确认到账 / 未到账 are people's only on the manual channels; a bank channel's adapter answers by itself.
  {
    key: 'rechargeCredit',
    table: 'balance_apply',
    where: (eb) => eb.and([eb('balance_apply.status', '=', 20), eb('balance_apply.payChannel', 'in', [...MANUAL_CREDIT_CHANNELS])]),
    code: 'ACT_ENT_BALANCE_APPLY_REVIEW',
    for: ['SYS', 'SPR'],
  },
  { key: 'refundReview', table: 'refund_apply', where: eqStatus('refund_apply', 0), code: 'ACT_ENT_REFUND_REVIEW', for: ['SYS', 'SPR'] },
  { key: 'refundProcess', table: 'refund_apply', where: eqStatus('refund_apply', 10), code: 'ACT_ENT_REFUND_REVIEW', for: ['SYS', 'SPR'] },
  { key: 'invoiceReview', table: 'invoice_apply', where: eqStatus('invoice_apply', 10), code: 'ACT_INVOICE_REVIEW', for: ['SYS', 'SPR'] },
  { key: 'invoiceIssue', table: 'invoice_apply', where: eqStatus('invoice_apply', 20), code: 'ACT_INVOICE_ISSUE', for: ['SYS', 'SPR'] },
  { key: 'packageReview', table: 'work_package', where: (eb) => eb('work_package.reviewStatus', '=', 'INIT'), code: 'ACT_PACKAGE_REVIEW', for: ['SYS', 'SPR'] },
] satisfies Array<{ key: string; table: ScopedTable; where: Where; code: string; for: AccountType[] }>;

export type TodoKey = (typeof TODOS)[number]['key'];

function eqStatus(table: ScopedTable, status: number): Where {
  return (eb) => eb(sql.ref(`${table}.status`), '=', status);
}

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
  for (const todo of TODOS) {
    if (!type || !(todo.for as AccountType[]).includes(type) || !ctx.caller.perms.has(codeOf(todo.code))) continue;
    const n = await count(db, ctx, todo.table, todo.where);
    todos[todo.key] = n;
    todos.total += n;
  }
  return todos;
}
