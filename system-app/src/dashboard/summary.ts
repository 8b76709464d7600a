import { ENUMS, enumTone, formatMoney as kitMoney, parseMoneyToFen, todoTab, type AccountType, type EnumName, type TodoKey, type Tone } from '@flexpay/shared-utility';
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

/** One to-do of dashboard/summary's `todos`: what it counts and the list it opens, filtered to those rows. */
export interface TodoDef {
  key: string;
  label: string;
  link: string;
  tone: Tone;
}

/** A tile of to-dos: its total and each part linking to its filtered list. */
export interface TodoGroupDef {
  key: string;
  title: string;
  unit: string;
  parts: TodoDef[];
}

/**
 * An enterprise's to-dos (issue 22 item 11), each opening its list on the tab of those rows
 * (the list's URL state: ?tab=<status>).
 */
export const ENT_TODOS: TodoGroupDef[] = [
  { key: 'tempRejected', title: '驳回的制单', unit: '笔', parts: [{ key: 'tempRejected', label: '审核失败', link: `/order/prodOrder?tab=${todoTab('tempRejected')}`, tone: 'danger' }] },
  { key: 'tempToPay', title: '待确认支付', unit: '笔', parts: [{ key: 'tempToPay', label: '已提交待支付', link: `/order/prodOrder?tab=${todoTab('tempToPay')}`, tone: 'warning' }] },
  { key: 'rechargeRefused', title: '审核失败的充值', unit: '笔', parts: [{ key: 'rechargeRefused', label: '审核失败', link: `/ent/addBal?tab=${todoTab('rechargeRefused')}`, tone: 'danger' }] },
];

/**
 * A queue to-do on a status of an entity's list (the status its declaration counts, DASHBOARD_TODOS): the link
 * opens the list on that status (its tab, in the query or the path) and the tone is the one the status declares next to its label.
 */
function statusTodo(key: TodoKey, label: string, list: string, status: EnumName, tabIn: 'query' | 'path' = 'query'): TodoDef {
  const value = todoTab(key);
  return { key, label, link: tabIn === 'path' ? `${list}/${value}` : `${list}?tab=${value}`, tone: enumTone(ENUMS[status], value) ?? 'none' };
}

/** The platform's and a supplier's approval queue, in the order of the issue. */
export const QUEUE_TODOS: TodoGroupDef[] = [
  { key: 'temp', title: '制单审核', unit: '笔', parts: [statusTodo('tempReview', '待审核', '/order/prodOrder', 'tempOrderStatus')] },
  {
    key: 'recharge',
    title: '充值审核与到账',
    unit: '笔',
    parts: [
      statusTodo('rechargeReview', '待审核', '/ent/addBal', 'balanceApplyStatus'),
      statusTodo('rechargeProcess', '待处理', '/ent/addBal', 'balanceApplyStatus'),
      statusTodo('rechargeCredit', '待确认到账', '/ent/addBal', 'balanceApplyStatus'),
    ],
  },
  {
    key: 'refund',
    title: '退款',
    unit: '笔',
    parts: [statusTodo('refundReview', '待审核', '/ent/refund', 'refundStatus'), statusTodo('refundProcess', '退款中', '/ent/refund', 'refundStatus')],
  },
  {
    key: 'invoice',
    title: '开票',
    unit: '笔',
    parts: [statusTodo('invoiceReview', '待审核', '/invoice/toMeApply/1', 'invoiceStatus'), statusTodo('invoiceIssue', '待开票', '/invoice/toMeApply/1', 'invoiceStatus')],
  },
  { key: 'package', title: '任务包审核', unit: '个', parts: [statusTodo('packageReview', '待审核', '/task/userPackage1', 'packageReviewStatus', 'path')] },
];

export interface ShownTodoPart extends TodoDef {
  count: number;
}

export interface ShownTodoGroup extends Omit<TodoGroupDef, 'parts'> {
  total: number;
  parts: ShownTodoPart[];
}

/** The tiles the answer holds: a part shows only when the server counted it (the caller may act on it). */
export function readTodos(summary: DashboardSummary | null | undefined, defs: TodoGroupDef[]): { total: number; groups: ShownTodoGroup[] } {
  const todos = isRecord(summary) && isRecord(summary.todos) ? summary.todos : {};
  const groups: ShownTodoGroup[] = [];
  for (const def of defs) {
    const parts = def.parts.flatMap((part) => {
      const count = asCount(todos[part.key]);
      return count === null ? [] : [{ ...part, count }];
    });
    if (parts.length > 0) groups.push({ key: def.key, title: def.title, unit: def.unit, parts, total: parts.reduce((sum, part) => sum + part.count, 0) });
  }
  return { total: groups.reduce((sum, group) => sum + group.total, 0), groups };
}

export interface TrendView {
  dates: string[];
  counts: number[];
  /** Yuan as numbers for the chart's axis (display uses the strings). */
  amounts: number[];
  fees: number[];
}

const yuan = (value: unknown) => {
  const fen = typeof value === 'string' || typeof value === 'number' ? parseMoneyToFen(value) : null;
  return fen === null ? 0 : fen / 100;
};

/** The 30-day trend as chart series; days the answer lacks or malformed are left out. */
export function readTrend(summary: DashboardSummary | null | undefined): TrendView {
  const points = isRecord(summary) && Array.isArray(summary.trend) ? summary.trend.filter(isRecord) : [];
  const valid = points.filter((point) => typeof point.date === 'string');
  return {
    dates: valid.map((point) => String(point.date).slice(5)),
    counts: valid.map((point) => asCount(point.count) ?? 0),
    amounts: valid.map((point) => yuan(point.amount)),
    fees: valid.map((point) => yuan(point.fee)),
  };
}

/** Overview figures, in display order; only those present in the answer are shown. */
export const OVERVIEW_DEFS: StatDef[] = [
  { key: 'todayOrderCount', label: '今日订单数', kind: 'count', unit: '笔', link: '/order/index' },
  // Every order placed today, whatever became of it; the month's money that moved is in MONTH_DEFS.
  { key: 'todayOrderAmount', label: '今日下单金额', kind: 'money', unit: '元', link: '/order/index' },
  { key: 'monthOrderCount', label: '本月订单数', kind: 'count', unit: '笔', link: '/order/index' },
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

/** Money as the kit shows it ("1,234.50", issue 22 item 1); null when the value is not money. */
export function formatMoney(value: unknown, options: { yuan?: boolean } = {}): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (parseMoneyToFen(value) === null) return null;
  return kitMoney(value, options);
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
  overview: ShownStat[];
  month: ShownStat[];
}

/** This month's money in the caller's scope (orders that paid or are paying; failed ones left out). */
export const MONTH_DEFS: StatDef[] = [
  { key: 'monthPaidAmount', label: '本月代发', kind: 'money', unit: '元', link: '/order/index' },
  { key: 'monthFee', label: '本月服务费', kind: 'money', unit: '元', link: '/order/index' },
];

/** Reads the overview figures defensively: unknown or malformed fields are left out. */
export function readSummary(summary: DashboardSummary | null | undefined): DashboardView {
  const data = isRecord(summary) ? summary : {};
  return { overview: shown(OVERVIEW_DEFS, data), month: shown(MONTH_DEFS, data) };
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
