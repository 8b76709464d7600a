import { AdminType, codeOf, formatFen } from '@flexpay/shared-utility/src/pure';
import { type Kysely, sql } from 'kysely';
import { rowInScope } from '../account/scope';
import type { Database } from '../db/schema';
import type { RouteSpec, SignedInContext } from '../http/guard';
import { shanghaiDayStart } from '../util/time';

/** Statuses that wait for someone's action (spec §4). */
export const PENDING = { tempOrder: 20, balanceApply: 0, invoiceApply: 10 } as const;

type ScopedTable = 'pay_order' | 'temp_order' | 'balance_apply' | 'invoice_apply' | 'cust' | 'ent_balance';

export interface DashboardSummary {
  /** null when the caller may neither query nor review that area. */
  pendingTempOrders: number | null;
  pendingBalanceApplies: number | null;
  pendingInvoiceApplies: number | null;
  todayOrderCount: number;
  todayOrderAmount: string;
  /** ENT only: available balance summed over its suppliers. */
  entBalance: string | null;
  entCount: number;
  custCount: number;
}

function holdsAny(ctx: SignedInContext, keys: string[]): boolean {
  return keys.some((key) => ctx.caller.perms.has(codeOf(key)));
}

async function countWhere(db: Kysely<Database>, ctx: SignedInContext, table: ScopedTable, status?: number): Promise<number> {
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(rowInScope(db, ctx.caller.scope, { ent: `${table}.entId`, supplier: `${table}.supplierId` }));
  if (status !== undefined) query = query.where((eb) => eb(sql.ref(`${table}.status`), '=', status));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

async function summary(ctx: SignedInContext): Promise<DashboardSummary> {
  const { db } = ctx.deps;
  const { scope } = ctx.caller;
  const dayStart = shanghaiDayStart(ctx.now);
  const today = await db
    .selectFrom('pay_order')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('pay_order.amountFen'), eb.lit(0)).as('fen')])
    .where(rowInScope(db, scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }))
    .where('pay_order.createdAt', '>=', dayStart)
    .executeTakeFirstOrThrow();
  const ents = await db
    .selectFrom('ent')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(rowInScope(db, scope, { ent: 'ent.id', supplier: 'ent.supplierId' }))
    .executeTakeFirstOrThrow();
  let entBalance: string | null = null;
  if (ctx.caller.user.adminType === AdminType.ENT) {
    const bal = await db
      .selectFrom('ent_balance')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ent_balance.balanceFen'), eb.lit(0)).as('fen'))
      .where('ent_balance.entId', '=', ctx.caller.user.orgId ?? -1)
      .executeTakeFirstOrThrow();
    entBalance = formatFen(Number(bal.fen));
  }
  const see = (keys: string[]) => holdsAny(ctx, keys);
  return {
    pendingTempOrders: see(['ACT_TEMP_ORDER_QUERY', 'ACT_TEMP_ORDER_REVIEW'])
      ? await countWhere(db, ctx, 'temp_order', PENDING.tempOrder)
      : null,
    pendingBalanceApplies: see(['ACT_ENT_BALANCE_APPLY_QUERY', 'ACT_ENT_BALANCE_APPLY_REVIEW'])
      ? await countWhere(db, ctx, 'balance_apply', PENDING.balanceApply)
      : null,
    pendingInvoiceApplies: see(['ACT_INVOICE_MY_QUERY', 'ACT_INVOICE_TO_ME_QUERY', 'ACT_INVOICE_REVIEW'])
      ? await countWhere(db, ctx, 'invoice_apply', PENDING.invoiceApply)
      : null,
    todayOrderCount: Number(today.n),
    todayOrderAmount: formatFen(Number(today.fen)),
    entBalance,
    entCount: Number(ents.n),
    custCount: await countWhere(db, ctx, 'cust'),
  };
}

export function dashboardRoutes(): RouteSpec[] {
  return [
    {
      path: 'dashboard/summary',
      // Login-only code: every signed-in account has a home page.
      perm: codeOf('ACT_LOGIN_INFO'),
      handler: (ctx) => summary(ctx as SignedInContext),
    },
  ];
}
