/** Parts of dashboard/summary's answer that the server writes and the dashboard reads (money as yuan strings). */
import { formatFen } from './money';

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

/** One Asia/Shanghai day's orders as the server sums them: the day's number ((createdAt + 8 h) div 24 h), count, amount and fee in fen. */
export interface OrderDay {
  day: unknown;
  n: unknown;
  amountFen: unknown;
  feeFen: unknown;
}

/**
 * The trend and this month's money from the orders per day since `from` (a day start, the earlier of 29
 * days ago and the 1st): every day up to `today` present (zero when it had no orders), the last
 * TREND_DAYS of them as the trend, and the amount and fees of the days from `monthStart` summed.
 */
export function orderTrend(days: OrderDay[], from: number, today: number, monthStart: number): { trend: TrendPoint[]; monthPaidAmount: string; monthFee: string } {
  const byDay = new Map(days.map((d) => [Number(d.day), d]));
  const trend: TrendPoint[] = [];
  let monthFen = 0;
  let monthFeeFen = 0;
  for (let start = from; start <= today; start += DAY_MS) {
    const day = byDay.get((start + SHANGHAI_OFFSET_MS) / DAY_MS);
    const amountFen = Number(day?.amountFen ?? 0);
    const feeFen = Number(day?.feeFen ?? 0);
    if (start >= monthStart) {
      monthFen += amountFen;
      monthFeeFen += feeFen;
    }
    trend.push({ date: new Date(start + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10), count: Number(day?.n ?? 0), amount: formatFen(amountFen), fee: formatFen(feeFen) });
  }
  return { trend: trend.slice(-TREND_DAYS), monthPaidAmount: formatFen(monthFen), monthFee: formatFen(monthFeeFen) };
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
