/** Parts of dashboard/summary's answer that the server writes and the dashboard reads (money as yuan strings). */
import type { AccountType } from './enums';
import { formatFen } from './money';
import { MANUAL_CREDIT_CHANNELS } from './rules/money';

/** A to-do's rows: its table and the values of its columns (a list: any of them); the first is the list's tab. */
export interface TodoRows {
  table: 'temp_order' | 'balance_apply' | 'invoice_apply' | 'work_package' | 'refund_apply';
  where: Readonly<Record<string, number | string | readonly number[]>>;
  /** The permission's key (codeOf). */
  code: string;
  for: readonly AccountType[];
}

/**
 * What awaits the signed-in account's action (issue 22 item 11): each to-do names the rows, the code
 * that acts on them and the account types whose dashboard shows it. The server counts those the caller
 * holds the code of, in its scope; the dashboard links each to its list on the tab of the first value.
 */
export const DASHBOARD_TODOS = {
  // An enterprise's own work: fix and resubmit a rejected sheet, confirm a submitted one's payment, re-apply a refused recharge.
  tempRejected: { table: 'temp_order', where: { status: 21 }, code: 'ACT_TEMP_ORDER_MGR', for: ['ENT'] },
  tempToPay: { table: 'temp_order', where: { status: 10 }, code: 'ACT_TEMP_ORDER_MGR', for: ['ENT'] },
  rechargeRefused: { table: 'balance_apply', where: { status: 11 }, code: 'ACT_ENT_BALANCE_APPLY', for: ['ENT'] },
  // The platform's and a supplier's approval queue.
  tempReview: { table: 'temp_order', where: { status: 20 }, code: 'ACT_TEMP_ORDER_REVIEW', for: ['SYS', 'SPR'] },
  rechargeReview: { table: 'balance_apply', where: { status: 0 }, code: 'ACT_ENT_BALANCE_APPLY_REVIEW', for: ['SYS', 'SPR'] },
  rechargeProcess: { table: 'balance_apply', where: { status: 10 }, code: 'ACT_ENT_BALANCE_APPLY_REVIEW', for: ['SYS', 'SPR'] },
  // 确认到账 / 未到账 are people's only on the manual channels; a bank channel's adapter answers by itself.
  rechargeCredit: { table: 'balance_apply', where: { status: 20, payChannel: MANUAL_CREDIT_CHANNELS }, code: 'ACT_ENT_BALANCE_APPLY_REVIEW', for: ['SYS', 'SPR'] },
  refundReview: { table: 'refund_apply', where: { status: 0 }, code: 'ACT_ENT_REFUND_REVIEW', for: ['SYS', 'SPR'] },
  refundProcess: { table: 'refund_apply', where: { status: 10 }, code: 'ACT_ENT_REFUND_REVIEW', for: ['SYS', 'SPR'] },
  invoiceReview: { table: 'invoice_apply', where: { status: 10 }, code: 'ACT_INVOICE_REVIEW', for: ['SYS', 'SPR'] },
  invoiceIssue: { table: 'invoice_apply', where: { status: 20 }, code: 'ACT_INVOICE_ISSUE', for: ['SYS', 'SPR'] },
  packageReview: { table: 'work_package', where: { reviewStatus: 'INIT' }, code: 'ACT_PACKAGE_REVIEW', for: ['SYS', 'SPR'] },
} as const satisfies Record<string, TodoRows>;

export type TodoKey = keyof typeof DASHBOARD_TODOS;

/** The value of a to-do's first column: the tab its list opens on. */
export const todoTab = (key: TodoKey): number | string => Object.values(DASHBOARD_TODOS[key].where)[0] as number | string;

/** Days in the trend (today and the 29 before it). */
export const TREND_DAYS = 30;
const DAY_MS = 24 * 3600_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

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
 * One Asia/Shanghai day's orders as the server sums them: the day's number ((createdAt + 8 h) div 24 h),
 * count, amount and fee in fen of those that paid or are paying, and the amount of all (`allFen`).
 */
export interface OrderDay {
  day: unknown;
  n: unknown;
  amountFen: unknown;
  feeFen: unknown;
  allFen?: unknown;
}

/** The dashboard's order figures: today's and this month's orders (every status), the trend and this month's money. */
export interface OrderFigures {
  todayOrderCount: number;
  todayOrderAmount: string;
  monthOrderCount: number;
  monthOrderAmount: string;
  trend: TrendPoint[];
  monthPaidAmount: string;
  monthFee: string;
}

/**
 * The order figures from the orders per day since `from` (a day start, the earlier of 29 days ago and the
 * 1st): every day up to `today` present (zero when it had no orders), the last TREND_DAYS of them as the
 * trend; the days from `monthStart` summed as this month's (count and all amounts; money that moved and
 * fees), `today`'s as today's.
 */
export function orderTrend(days: OrderDay[], from: number, today: number, monthStart: number): OrderFigures {
  const byDay = new Map(days.map((d) => [Number(d.day), d]));
  const trend: TrendPoint[] = [];
  const month = { n: 0, allFen: 0, amountFen: 0, feeFen: 0 };
  let todays = { n: 0, allFen: 0 };
  for (let start = from; start <= today; start += DAY_MS) {
    const day = byDay.get((start + SHANGHAI_OFFSET_MS) / DAY_MS);
    const figures = { n: Number(day?.n ?? 0), allFen: Number(day?.allFen ?? 0), amountFen: Number(day?.amountFen ?? 0), feeFen: Number(day?.feeFen ?? 0) };
    if (start >= monthStart) for (const key of ['n', 'allFen', 'amountFen', 'feeFen'] as const) month[key] += figures[key];
    if (start === today) todays = figures;
    trend.push({ date: new Date(start + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10), count: figures.n, amount: formatFen(figures.amountFen), fee: formatFen(figures.feeFen) });
  }
  return {
    todayOrderCount: todays.n,
    todayOrderAmount: formatFen(todays.allFen),
    monthOrderCount: month.n,
    monthOrderAmount: formatFen(month.allFen),
    trend: trend.slice(-TREND_DAYS),
    monthPaidAmount: formatFen(month.amountFen),
    monthFee: formatFen(month.feeFen),
  };
}

/** An enterprise's balance on one payment channel. */
export interface DashboardAccountCard {
  channel: number;
  available: string;
  locked: string;
  allowOverdraft: number;
  overdraftLimit: string;
  status: number;
}

/** One channel's orders today (SYS and SPR). */
export interface DashboardChannelHealth {
  channel: number;
  orderCount: number;
  successCount: number;
  successAmount: string;
  failCount: number;
  failAmount: string;
}

/** A merchant's month: its profit, its own enterprises' volume and each sub-merchant's. */
export interface DashboardMerchantMonth {
  profit: string;
  ownAmount: string;
  ownCount: number;
  subs: Array<{ id: number; name: string; amount: string; count: number }>;
}

/**
 * A figure the server sums over orders: a column's sum (`sum`), else a count of them; `moving`: only orders that
 * paid or are paying (a failed one left out, issue 22 item 3); `money`: answered in yuan.
 */
export interface OrderFigure {
  sum?: 'amountFen' | 'feeFen' | 'successCount' | 'successFen' | 'failCount' | 'failFen';
  moving?: true;
  money?: true;
}

/** One day's orders as orderTrend reads them (OrderDay): every order counted, all amounts, and the money that moved. */
export const DAY_FIGURES = { n: {}, allFen: { sum: 'amountFen' }, amountFen: { sum: 'amountFen', moving: true }, feeFen: { sum: 'feeFen', moving: true } } as const satisfies Record<string, OrderFigure>;

/** Today's orders of one channel (DashboardChannelHealth): the orders, their lines paid and failed. */
export const CHANNEL_FIGURES = {
  orderCount: {},
  successCount: { sum: 'successCount' },
  successAmount: { sum: 'successFen', money: true },
  failCount: { sum: 'failCount' },
  failAmount: { sum: 'failFen', money: true },
} as const satisfies Record<string, OrderFigure>;

/** A merchant's (or a sub-merchant's) month of orders that paid or are paying (DashboardMerchantMonth). */
export const VOLUME_FIGURES = { amount: { sum: 'amountFen', moving: true, money: true }, count: { moving: true } } as const satisfies Record<string, OrderFigure>;

/** The declared figures of a summed row (none when it is missing: zero), money in yuan. */
export function figuresOf<F extends Record<string, OrderFigure>>(figures: F, row: Readonly<Record<string, unknown>> | undefined): { [K in keyof F]: F[K] extends { money: true } ? string : number } {
  return Object.fromEntries(Object.entries(figures).map(([name, figure]) => [name, figure.money ? formatFen(Number(row?.[name] ?? 0)) : Number(row?.[name] ?? 0)])) as never;
}
