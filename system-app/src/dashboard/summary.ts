import { parseMoneyToFen, type AccountType } from '@flexpay/shared-utility';
import { asyncScheduler, type Observable, throttleTime } from 'rxjs';

/** dashboard/summary answers an object of counts scoped to the caller's organisation. */
export type DashboardSummary = Record<string, unknown>;

export interface StatDef {
  key: string;
  label: string;
  kind: 'count' | 'money';
  unit: string;
  /** Where the card leads, when the viewer may open it. */
  link?: string;
}

/** Pending-review breakdown, in display order. */
export const PENDING_DEFS: StatDef[] = [
  { key: 'tempOrders', label: '待审核制单', kind: 'count', unit: '笔', link: '/order/prodOrder' },
  { key: 'balanceApplies', label: '待审核充值', kind: 'count', unit: '笔', link: '/ent/addBal' },
  { key: 'invoiceApplies', label: '待审核开票', kind: 'count', unit: '笔', link: '/invoice/toMeApply/1' },
  { key: 'packages', label: '待审核任务包', kind: 'count', unit: '个', link: '/task/userPackage1/INIT' },
  { key: 'refunds', label: '待处理退款', kind: 'count', unit: '笔', link: '/ent/refund' },
];

/** Overview figures, in display order; only those present in the answer are shown. */
export const OVERVIEW_DEFS: StatDef[] = [
  { key: 'todayOrderCount', label: '今日订单数', kind: 'count', unit: '笔', link: '/order/index' },
  { key: 'todayOrderAmount', label: '今日代发金额', kind: 'money', unit: '元', link: '/order/index' },
  { key: 'monthOrderCount', label: '本月订单数', kind: 'count', unit: '笔', link: '/order/index' },
  { key: 'monthOrderAmount', label: '本月代发金额', kind: 'money', unit: '元', link: '/order/index' },
  { key: 'balance', label: '账户余额', kind: 'money', unit: '元', link: '/ent/balanceLog' },
  { key: 'supplierCount', label: '供应商数', kind: 'count', unit: '家', link: '/supplier/index' },
  { key: 'merchtCount', label: '商户数', kind: 'count', unit: '家', link: '/merchant/index' },
  { key: 'entCount', label: '企业数', kind: 'count', unit: '家', link: '/ent/index' },
  { key: 'custCount', label: '人才数', kind: 'count', unit: '人', link: '/cust/ent' },
  { key: 'packageCount', label: '任务包数', kind: 'count', unit: '个', link: '/task/userPackage' },
];

export const ACCOUNT_TYPE_LABEL: Record<AccountType, string> = {
  SYS: '平台运营',
  SPR: '供应商',
  MER: '商户',
  ENT: '企业',
};

function asCount(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "1234.5" → "1,234.50" without floating point; null when the value is not money. */
export function formatMoney(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const fen = parseMoneyToFen(value);
  if (fen === null) return null;
  const negative = fen < 0;
  const abs = Math.abs(fen);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatCount(value: unknown): string | null {
  const n = asCount(value);
  return n === null ? null : n.toLocaleString('zh-CN');
}

export interface ShownStat extends StatDef {
  text: string;
}

function shown(defs: StatDef[], source: Record<string, unknown>): ShownStat[] {
  const out: ShownStat[] = [];
  for (const def of defs) {
    if (!(def.key in source)) continue;
    const text = def.kind === 'money' ? formatMoney(source[def.key]) : formatCount(source[def.key]);
    if (text !== null) out.push({ ...def, text });
  }
  return out;
}

export interface DashboardView {
  /** Total awaiting review, when the answer has one (or its breakdown adds up to one). */
  pendingTotal: number | null;
  pending: ShownStat[];
  overview: ShownStat[];
}

/**
 * Reads whatever the summary holds, defensively: `pendingReviews` may be a number (with the
 * breakdown beside it, top level or under `pendingBreakdown`) or an object with `total` and the
 * breakdown; unknown or malformed fields are left out.
 */
export function readSummary(summary: DashboardSummary | null | undefined): DashboardView {
  const data = isRecord(summary) ? summary : {};
  const rawPending = data.pendingReviews;
  const breakdown: Record<string, unknown> = {
    ...data,
    ...(isRecord(data.pendingBreakdown) ? data.pendingBreakdown : {}),
    ...(isRecord(rawPending) ? rawPending : {}),
  };
  const pending = shown(PENDING_DEFS, breakdown);
  let pendingTotal = asCount(rawPending) ?? (isRecord(rawPending) ? asCount(rawPending.total) : null);
  if (pendingTotal === null && pending.length > 0) {
    pendingTotal = PENDING_DEFS.reduce((sum, def) => sum + (asCount(breakdown[def.key]) ?? 0), 0);
  }
  return { pendingTotal, pending, overview: shown(OVERVIEW_DEFS, data) };
}

export function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** At most one reload of the figures per this many milliseconds while orders progress. */
export const LIVE_REFRESH_MS = 1000;

/**
 * When the dashboard reloads its figures while orders are processed: at the first progress event,
 * then at most once per `quietMs`, and once more after the last event of a burst so the final state
 * is never missed (a new order counts today, a lock or deduction moves the balance).
 */
export function liveRefreshes<T>(progress$: Observable<T>, quietMs = LIVE_REFRESH_MS): Observable<T> {
  return progress$.pipe(throttleTime(quietMs, asyncScheduler, { leading: true, trailing: true }));
}
