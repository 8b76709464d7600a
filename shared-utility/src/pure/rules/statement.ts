/**
 * 对账单 (issue 25): an enterprise × channel statement over a date range, proven against the ledger
 * rather than reported from it. The proof, in pure functions the server runs (and the tests pin):
 *
 * - chain: every move's balance before equals the previous move's after, the first move's equals the
 *   opening balance, and each move moves available/locked exactly as its type says (DOMAIN.md §3);
 * - sums: opening + Σ moves = closing, for available and for locked;
 * - kinds: opening total + 充值入账 − 代发金额 − 服务费 − 退款 = closing total, where 代发金额 + 服务费 are
 *   the range's deducts of payout orders and equal the paid order lines (payee + fee = the line's lock)
 *   and the fee log of those lines;
 * - a range ending today closes at the account's balance now.
 *
 * A statement failing any check is refused with the first problem's message (naming the first bad
 * move where there is one), never shown as if it were correct.
 */
import { formatFen } from '../money';
import type { BalanceLogRow } from './ledger';

export interface StatementBalances {
  available: number;
  locked: number;
}

/** One ledger move as the statement reads it (fen). */
export interface StatementMove extends BalanceLogRow {
  /** 10 recharge, 20 payout order, 30 refund. */
  bizType: number;
  bizNo: string;
  /** 'yyyy-MM-dd HH:mm:ss' (only used to name a bad move). */
  time?: string;
}

/** What the range's moves sum to, by kind (fen). */
export interface StatementSums {
  count: number;
  /** Σ of each move type's amounts: 0 add, 1 lock, 2 unlock, 3 deduct. */
  byType: [number, number, number, number];
  /** Adds of recharges (充值入账). */
  recharge: number;
  /** Deducts of payout orders (代发金额 + 服务费). */
  orderDeduct: number;
  /** Deducts of refunds (退款). */
  refund: number;
}

export const STATEMENT_MAX_DAYS = 366;

export const STATEMENT_MESSAGES = {
  badDate: '日期格式应为yyyy-MM-dd',
  fromRequired: '请选择开始日期',
  toRequired: '请选择结束日期',
  reversed: '结束日期不能早于开始日期',
  tooLong: `对账期间不能超过${STATEMENT_MAX_DAYS}天`,
  future: '开始日期不能晚于今天',
  refusedPrefix: '对账单未通过核对，无法出具：',
  contact: '请联系平台核查账务。',
} as const;


const DAY_MS = 24 * 3600_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch of a real calendar date 'yyyy-MM-dd', or null. */
export function dayNumber(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (y < 2000 || y > 2999 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * A statement's range: both days 'yyyy-MM-dd' (Asia/Shanghai), inclusive, to ≥ from, at most 366
 * days, not starting after today. Answers the days or the Chinese message of the first problem.
 */
export function checkStatementRange(from: unknown, to: unknown, today: string): { from: string; to: string; days: number } | { error: string } {
  if (from === undefined || from === null || from === '') return { error: STATEMENT_MESSAGES.fromRequired };
  if (to === undefined || to === null || to === '') return { error: STATEMENT_MESSAGES.toRequired };
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === null || end === null) return { error: STATEMENT_MESSAGES.badDate };
  if (end < start) return { error: STATEMENT_MESSAGES.reversed };
  const days = end - start + 1;
  if (days > STATEMENT_MAX_DAYS) return { error: STATEMENT_MESSAGES.tooLong };
  const now = dayNumber(today);
  if (now !== null && start > now) return { error: STATEMENT_MESSAGES.future };
  return { from: from as string, to: to as string, days };
}

export type QuickRange = 'thisMonth' | 'lastMonth' | 'last30';

/** The quick picks of the statement screen: 本月 (1st → today), 上月 (whole month), 近30天 (today and 29 before). */
export function quickRange(pick: QuickRange, today: string): { from: string; to: string } {
  const day = dayNumber(today);
  if (day === null) throw new Error(`quickRange: bad day ${today}`);
  const d = new Date(day * DAY_MS);
  const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
  if (pick === 'thisMonth') return { from: dayText(Date.UTC(y, m, 1) / DAY_MS), to: today };
  if (pick === 'lastMonth') return { from: dayText(Date.UTC(y, m - 1, 1) / DAY_MS), to: dayText(Date.UTC(y, m, 0) / DAY_MS) };
  return { from: dayText(day - 29), to: today };
}

/** 'yyyy-MM' of the month before the one containing `today`. */
export function previousMonth(today: string): string {
  return quickRange('lastMonth', today).from.slice(0, 7);
}

/** The statement number: ST + enterprise code + channel + the range (stable: the same range gives the same number). */
export function statementNo(entCode: string, channel: number, from: string, to: string): string {
  return `ST${entCode}-${String(channel).padStart(2, '0')}-${from.replace(/-/g, '')}-${to.replace(/-/g, '')}`;
}

/** 对账单's wire shape (issue 25 §4): money as yuan strings; `lines` is one page, the rest covers the range. */
export interface StatementLine {
  time: string;
  bizType: number;
  bizNo: string;
  /** The ledger's move type: 0 add, 1 lock, 2 unlock, 3 deduct. */
  type: number;
  amount: string;
  availableAfter: string;
  lockedAfter: string;
}

export interface StatementAnswer {
  statementNo: string;
  entId: number;
  entName: string;
  channel: number;
  channelName: string;
  from: string;
  to: string;
  opening: { available: string; locked: string };
  closing: { available: string; locked: string };
  totals: { recharge: string; payout: string; fee: string; refund: string };
  count: number;
  lines: StatementLine[];
}

/** Who and what a statement is about. */
export interface StatementHeader {
  statementNo: string;
  entId: number;
  entName: string;
  entCode: string;
  channel: number;
  channelName: string;
  from: string;
  to: string;
}

/** A proven statement's header, figures (fen) and move count: what the wire shape and the mail are made of. */
export interface StatementSummary extends StatementHeader, StatementFigureSource<number> {
  count: number;
}

/** A statement's balances and totals in any money form: fen on the server, yuan strings on the wire. */
export interface StatementFigureSource<T> {
  opening: { available: T; locked: T };
  closing: { available: T; locked: T };
  totals: { recharge: T; payout: T; fee: T; refund: T };
}

/**
 * 对账单's figures in their order, declared once for the screen, the print view and the xlsx summary:
 * each with its key (the screen's test id), its title and whether it adds to or takes from the balance.
 */
export function statementFigures<T>(s: StatementFigureSource<T>): Array<{ key: string; label: string; value: T; tone?: 'in' | 'out' }> {
  return [
    { key: 'opening-available', label: '期初可用余额', value: s.opening.available },
    { key: 'opening-locked', label: '期初锁定金额', value: s.opening.locked },
    { key: 'total-recharge', label: '充值入账', value: s.totals.recharge, tone: 'in' },
    { key: 'total-payout', label: '代发金额', value: s.totals.payout, tone: 'out' },
    { key: 'total-fee', label: '服务费', value: s.totals.fee, tone: 'out' },
    { key: 'total-refund', label: '退款', value: s.totals.refund, tone: 'out' },
    { key: 'closing-available', label: '期末可用余额', value: s.closing.available },
    { key: 'closing-locked', label: '期末锁定金额', value: s.closing.locked },
  ];
}
