import {
  AdminType,
  type AccountType,
  accountTypeOf,
  codeOf,
  type DashboardAccountCard,
  type DashboardChannelHealth,
  type DashboardMerchantMonth,
  formatFen,
  MANUAL_CREDIT_CHANNELS,
  payOrder,
} from '@flexpay/shared-utility/src/pure';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { type OrgScope, rowInScope } from '../account/scope';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import type { RouteSpec, SignedInContext } from '../http/guard';
import { shanghaiDayStart, shanghaiMonthStart } from '../util/time';

type ScopedTable = 'pay_order' | 'temp_order' | 'balance_apply' | 'invoice_apply' | 'work_package' | 'refund_apply';
type Where = (eb: ExpressionBuilder<Database, keyof Database>) => Expression<SqlBool>;

const DAY_MS = 24 * 3600_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** Days in the trend (today and the 29 before it). */
export const TREND_DAYS = 30;

/**
 * What awaits the signed-in account's action (issue 22 item 11): each to-do names the rows, the code
 * that acts on them and the account types whose dashboard shows it. A tile counts only when the caller
 * holds its code — an account that may only look at a list has nothing to do there.
 */
const TODOS = [
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

/** Orders whose money did not move and will not (payOrder's totals parts marked excluded: 失败). */
const FAILED_ORDER_STATUSES: number[] = (payOrder.totals?.parts ?? []).filter((part) => part.excluded).flatMap((part) => part.values.map(Number));

function eqStatus(table: ScopedTable, status: number): Where {
  return (eb) => eb(sql.ref(`${table}.status`), '=', status);
}

export interface TrendPoint {
  /** yyyy-MM-dd, Asia/Shanghai. */
  date: string;
  /** Orders created that day (every status). */
  count: number;
  /** Amount and fee of that day's orders that paid or are paying (failed ones left out). */
  amount: string;
  fee: string;
}

/**
 * Keys are present only when the caller may see them: `todos` has the to-dos of the caller's account
 * type whose code it holds, `balance` and `accounts` are for enterprises, `channelHealth` for SYS and
 * SPR, `merchant` for merchants, supplier/merchant counts for SYS.
 */
export interface DashboardSummary {
  todos: { total: number } & Partial<Record<TodoKey, number>>;
  todayOrderCount: number;
  todayOrderAmount: string;
  monthOrderCount: number;
  monthOrderAmount: string;
  /** This month's orders that paid or are paying, and their fees (the trend's days of this month). */
  monthPaidAmount: string;
  monthFee: string;
  trend: TrendPoint[];
  balance?: string;
  accounts?: DashboardAccountCard[];
  channelHealth?: DashboardChannelHealth[];
  merchant?: DashboardMerchantMonth;
  supplierCount?: number;
  merchtCount?: number;
  entCount: number;
  custCount: number;
  packageCount: number;
}

/** The rows of a table inside the caller's scope; refunds carry no supplier column and are scoped through their enterprise. */
function inScope(db: Kysely<Database>, scope: OrgScope, table: ScopedTable): Where {
  if (table !== 'refund_apply') return rowInScope(db, scope, { ent: `${table}.entId`, supplier: `${table}.supplierId` });
  if (scope.kind === 'all') return () => sql<SqlBool>`1 = 1`;
  if (scope.kind === 'ent') return (eb) => eb('refund_apply.entId', '=', scope.entId);
  return (eb) => eb('refund_apply.entId', 'in', db.selectFrom('ent').select('ent.id').where(rowInScope(db, scope, { ent: 'ent.id', supplier: 'ent.supplierId' })));
}

async function count(db: Kysely<Database>, ctx: SignedInContext, table: ScopedTable, where?: Where): Promise<number> {
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(inScope(db, ctx.caller.scope, table));
  if (where) query = query.where(where);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

async function ordersSince(db: Kysely<Database>, ctx: SignedInContext, since: number) {
  const row = await db
    .selectFrom('pay_order')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('pay_order.amountFen'), eb.lit(0)).as('fen')])
    .where(rowInScope(db, ctx.caller.scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }, ctx.caller.entShare))
    .where('pay_order.createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), amount: formatFen(Number(row.fen)) };
}

/**
 * The talents in the caller's scope (the rule of talentInScope, domain/cust/scope.ts), counted on the
 * cooperation rows themselves: (custId, entId) and (custId, supplierId) are unique and custId references
 * cust, so an enterprise's or a supplier's talents are exactly its cooperation rows — an index-only count
 * on (entId, custId) / (supplierId, custId). Counting cust rows `IN` those rows hash-joined every one back
 * to cust (a supplier's 133 000 talents of 200 000: ~200 ms at 1 000 000 orders on PostgreSQL; now ~15 ms).
 * On PostgreSQL the count runs without parallel workers: starting them cost more than the whole index-only
 * scan (SYS, 200 000 talents: 55–90 ms with two workers, 10 ms alone).
 */
async function talentCount(db: Kysely<Database>, dialect: DialectName, scope: OrgScope): Promise<number> {
  const run = async (q: Kysely<Database>) => {
    switch (scope.kind) {
      case 'all':
        return q.selectFrom('cust').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      case 'ent':
        return q.selectFrom('cust_coop_ent').select((eb) => eb.fn.countAll<number>().as('n')).where('cust_coop_ent.entId', '=', scope.entId).executeTakeFirstOrThrow();
      case 'supplier':
        return q.selectFrom('cust_coop_sup').select((eb) => eb.fn.countAll<number>().as('n')).where('cust_coop_sup.supplierId', '=', scope.supplierId).executeTakeFirstOrThrow();
      case 'merchant':
        return { n: 0 };
    }
  };
  if (scope.kind === 'merchant') return 0;
  const row =
    dialect === 'postgres'
      ? await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
          return run(trx);
        })
      : await run(db);
  return Number(row.n);
}

/** Money of orders that paid or are paying: a failed order's amount and fee are left out (issue 22 item 3). */
function movingFen(column: 'amountFen' | 'feeFen') {
  return sql<number>`coalesce(sum(case when ${sql.ref('pay_order.status')} in (${sql.join(FAILED_ORDER_STATUSES)}) then 0 else ${sql.ref(`pay_order.${column}`)} end), 0)`;
}

/**
 * The caller's orders per Asia/Shanghai day from the earlier of 29 days ago and the 1st of the month:
 * one range scan of the createdAt index grouped by day (bounded to ≤ 31 days of orders), every day
 * present (zero when none). The day is (createdAt + 8 h) div 24 h, integer division on both databases.
 */
async function ordersByDay(db: Kysely<Database>, ctx: SignedInContext): Promise<Array<TrendPoint & { start: number; amountFen: number; feeFen: number }>> {
  const today = shanghaiDayStart(ctx.now);
  const from = Math.min(today - (TREND_DAYS - 1) * DAY_MS, shanghaiMonthStart(ctx.now));
  const day = sql<number>`(${sql.ref('pay_order.createdAt')} + ${sql.lit(SHANGHAI_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('pay_order')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n'), movingFen('amountFen').as('amountFen'), movingFen('feeFen').as('feeFen')])
    .where(rowInScope(db, ctx.caller.scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }, ctx.caller.entShare))
    .where('pay_order.createdAt', '>=', from)
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((row) => [Number(row.day), row]));
  const points: Array<TrendPoint & { start: number; amountFen: number; feeFen: number }> = [];
  for (let start = from; start <= today; start += DAY_MS) {
    const row = byDay.get((start + SHANGHAI_OFFSET_MS) / DAY_MS);
    const amountFen = Number(row?.amountFen ?? 0);
    const feeFen = Number(row?.feeFen ?? 0);
    points.push({
      start,
      date: new Date(start + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10),
      count: Number(row?.n ?? 0),
      amount: formatFen(amountFen),
      fee: formatFen(feeFen),
      amountFen,
      feeFen,
    });
  }
  return points;
}

/** Today's orders per payment channel: their lines paid and failed (SYS and SPR). */
async function channelHealth(db: Kysely<Database>, ctx: SignedInContext): Promise<DashboardChannelHealth[]> {
  const rows = await db
    .selectFrom('pay_order')
    .select((eb) => [
      'pay_order.payChannel as channel',
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('pay_order.successCount'), eb.lit(0)).as('successCount'),
      eb.fn.coalesce(eb.fn.sum<number>('pay_order.successFen'), eb.lit(0)).as('successFen'),
      eb.fn.coalesce(eb.fn.sum<number>('pay_order.failCount'), eb.lit(0)).as('failCount'),
      eb.fn.coalesce(eb.fn.sum<number>('pay_order.failFen'), eb.lit(0)).as('failFen'),
    ])
    .where(rowInScope(db, ctx.caller.scope, { ent: 'pay_order.entId', supplier: 'pay_order.supplierId' }, ctx.caller.entShare))
    .where('pay_order.createdAt', '>=', shanghaiDayStart(ctx.now))
    .groupBy('pay_order.payChannel')
    .orderBy('pay_order.payChannel')
    .execute();
  return rows.map((row) => ({
    channel: Number(row.channel),
    orderCount: Number(row.n),
    successCount: Number(row.successCount),
    successAmount: formatFen(Number(row.successFen)),
    failCount: Number(row.failCount),
    failAmount: formatFen(Number(row.failFen)),
  }));
}

/**
 * A merchant's month: its profit (as the enterprises' merchant and as a sub-merchant's parent, from the
 * fee log's charges and reversals since the 1st), the volume of its own enterprises and of each
 * sub-merchant's (orders that paid or are paying).
 */
async function merchantMonth(db: Kysely<Database>, ctx: SignedInContext, merchtId: number): Promise<NonNullable<DashboardSummary['merchant']>> {
  const since = shanghaiMonthStart(ctx.now);
  const profit = await db
    .selectFrom('calc_fee_log')
    .select(
      sql<number>`coalesce(sum(case when ${sql.ref('calc_fee_log.merchtId')} = ${merchtId} then ${sql.ref('calc_fee_log.merchtProfitFen')} else 0 end), 0)
        + coalesce(sum(case when ${sql.ref('calc_fee_log.parentMerchtId')} = ${merchtId} then coalesce(${sql.ref('calc_fee_log.parentProfitFen')}, 0) else 0 end), 0)`.as('fen'),
    )
    .where('calc_fee_log.createdAt', '>=', since)
    .where((eb) => eb.or([eb('calc_fee_log.merchtId', '=', merchtId), eb('calc_fee_log.parentMerchtId', '=', merchtId)]))
    .executeTakeFirstOrThrow();
  const subs = await db.selectFrom('mercht').select(['mercht.id', 'mercht.name']).where('mercht.parentId', '=', merchtId).orderBy('mercht.id').execute();
  const volume = await db
    .selectFrom('pay_order')
    .select(['pay_order.merchtId', sql<number>`sum(case when ${sql.ref('pay_order.status')} in (${sql.join(FAILED_ORDER_STATUSES)}) then 0 else 1 end)`.as('n'), movingFen('amountFen').as('fen')])
    .where('pay_order.createdAt', '>=', since)
    .where('pay_order.merchtId', 'in', [merchtId, ...subs.map((sub) => sub.id)])
    .groupBy('pay_order.merchtId')
    .execute();
  const of = (id: number) => volume.find((row) => Number(row.merchtId) === id);
  return {
    profit: formatFen(Number(profit.fen)),
    ownAmount: formatFen(Number(of(merchtId)?.fen ?? 0)),
    ownCount: Number(of(merchtId)?.n ?? 0),
    subs: subs.map((sub) => ({ id: sub.id, name: sub.name, amount: formatFen(Number(of(sub.id)?.fen ?? 0)), count: Number(of(sub.id)?.n ?? 0) })),
  };
}

async function summary(ctx: SignedInContext): Promise<DashboardSummary> {
  const { db } = ctx.deps;
  const { user, scope, perms } = ctx.caller;
  const type = accountTypeOf(user.adminType);
  const todos: DashboardSummary['todos'] = { total: 0 };
  for (const todo of TODOS) {
    if (!type || !(todo.for as AccountType[]).includes(type) || !perms.has(codeOf(todo.code))) continue;
    const n = await count(db, ctx, todo.table, todo.where);
    todos[todo.key] = n;
    todos.total += n;
  }
  const today = await ordersSince(db, ctx, shanghaiDayStart(ctx.now));
  const month = await ordersSince(db, ctx, shanghaiMonthStart(ctx.now));
  const days = await ordersByDay(db, ctx);
  const monthStart = shanghaiMonthStart(ctx.now);
  const thisMonth = days.filter((point) => point.start >= monthStart);
  const ents = await db
    .selectFrom('ent')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(rowInScope(db, scope, { ent: 'ent.id', supplier: 'ent.supplierId' }))
    .executeTakeFirstOrThrow();
  const result: DashboardSummary = {
    todos,
    todayOrderCount: today.count,
    todayOrderAmount: today.amount,
    monthOrderCount: month.count,
    monthOrderAmount: month.amount,
    monthPaidAmount: formatFen(thisMonth.reduce((sum, point) => sum + point.amountFen, 0)),
    monthFee: formatFen(thisMonth.reduce((sum, point) => sum + point.feeFen, 0)),
    trend: days.slice(-TREND_DAYS).map(({ date, count: n, amount, fee }) => ({ date, count: n, amount, fee })),
    entCount: Number(ents.n),
    custCount: await talentCount(db, ctx.deps.dialect, scope),
    packageCount: await count(db, ctx, 'work_package'),
  };
  if (user.adminType === AdminType.ENT) {
    const accounts = await db
      .selectFrom('ent_account')
      .select(['channel', 'availableFen', 'lockedFen', 'allowOverdraft', 'overdraftLimitFen', 'status'])
      .where('ent_account.entId', '=', user.orgId ?? -1)
      .orderBy('ent_account.channel')
      .execute();
    result.balance = formatFen(accounts.reduce((sum, account) => sum + Number(account.availableFen), 0));
    result.accounts = accounts.map((account) => ({
      channel: Number(account.channel),
      available: formatFen(Number(account.availableFen)),
      locked: formatFen(Number(account.lockedFen)),
      allowOverdraft: Number(account.allowOverdraft),
      overdraftLimit: formatFen(Number(account.overdraftLimitFen)),
      status: Number(account.status),
    }));
  }
  if (user.adminType === AdminType.SYS || user.adminType === AdminType.SPR) result.channelHealth = await channelHealth(db, ctx);
  if (user.adminType === AdminType.MER) result.merchant = await merchantMonth(db, ctx, user.orgId ?? -1);
  if (user.adminType === AdminType.SYS) {
    const orgs = await db
      .selectFrom('mercht')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('merchtType', '>=', 100).as('suppliers'),
        eb.fn.countAll<number>().filterWhere('merchtType', '=', 0).as('merchants'),
      ])
      .executeTakeFirstOrThrow();
    result.supplierCount = Number(orgs.suppliers);
    result.merchtCount = Number(orgs.merchants);
  }
  return result;
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
