/**
 * Enterprise × channel balances (DOMAIN.md §3): one operation moves available and locked fen and
 * writes one log row; the server applies it inside its transaction and stores both. Server-only (rules/server.ts):
 * the browser's statuses and messages of money are rules/money.ts.
 */
import { MANUAL_CREDIT_CHANNELS, MONEY_MESSAGES, RefundStatus } from './money';

/** 0 add (avail +x), 1 lock (avail −x, locked +x), 2 unlock (the reverse), 3 deduct (locked −x). */
export type BalanceOpType = 0 | 1 | 2 | 3;

export interface BalanceState {
  availableFen: number;
  lockedFen: number;
  allowOverdraft: boolean;
  overdraftLimitFen: number;
}

export interface BalanceOp {
  type: BalanceOpType;
  amountFen: number;
  /** Only order locks may dip into the overdraft; refund locks never overdraw. */
  orderLock?: boolean;
}

/** The moving part of a balance log row (the server adds bizType, bizNo, operator). */
export interface BalanceLogRow {
  type: BalanceOpType;
  amount: number;
  availBefore: number;
  availAfter: number;
  lockedBefore: number;
  lockedAfter: number;
}

export const BALANCE_MESSAGES = {
  amount: '金额必须为大于0的整数分',
  insufficient: '可用余额不足',
  insufficientWithOverdraft: '可用余额不足（含透支额度）',
  lockedInsufficient: '锁定余额不足',
  overdraftLimitRequired: '请填写透支额度',
} as const;

/** How each type moves [available, locked] per fen. */
const MOVES: Record<BalanceOpType, readonly [number, number]> = { 0: [1, 0], 1: [-1, 1], 2: [1, -1], 3: [0, -1] };

export function applyBalanceOp(state: BalanceState, op: BalanceOp): { next: BalanceState; log: BalanceLogRow } | { error: string } {
  const { type, amountFen } = op;
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return { error: BALANCE_MESSAGES.amount };
  const [availMove, lockedMove] = MOVES[type];
  const availAfter = state.availableFen + availMove * amountFen;
  const lockedAfter = state.lockedFen + lockedMove * amountFen;
  if (type === 1) {
    const floor = op.orderLock && state.allowOverdraft ? -state.overdraftLimitFen : 0;
    if (availAfter < floor) return { error: op.orderLock ? BALANCE_MESSAGES.insufficientWithOverdraft : BALANCE_MESSAGES.insufficient };
  }
  if (lockedAfter < 0) return { error: BALANCE_MESSAGES.lockedInsufficient };
  return {
    next: { ...state, availableFen: availAfter, lockedFen: lockedAfter },
    log: { type, amount: amountFen, availBefore: state.availableFen, availAfter, lockedBefore: state.lockedFen, lockedAfter },
  };
}

/** Turning overdraft on needs a positive limit; turning it off is allowed even while available < 0. */
export function checkOverdraftSetting(allowOverdraft: boolean, overdraftLimitFen: number | null | undefined): string | null {
  return allowOverdraft && !(Number.isSafeInteger(overdraftLimitFen) && (overdraftLimitFen as number) > 0)
    ? BALANCE_MESSAGES.overdraftLimitRequired
    : null;
}

/**
 * Every broken invariant of an account's log (oldest first, from an empty account) and its current
 * state: rows chain (before = previous after), each row moves as its type says, locked never goes
 * below 0, and the totals give the final balances. Empty when the ledger is sound.
 */
export function checkLedger(rows: readonly BalanceLogRow[], final: Pick<BalanceState, 'availableFen' | 'lockedFen'>): string[] {
  const problems: string[] = [];
  let previous = { availAfter: 0, lockedAfter: 0 };
  let avail = 0;
  let locked = 0;
  rows.forEach((row, i) => {
    const at = `row ${i + 1}`;
    if (row.availBefore !== previous.availAfter || row.lockedBefore !== previous.lockedAfter)
      problems.push(`${at}: before ${row.availBefore}/${row.lockedBefore} ≠ previous after ${previous.availAfter}/${previous.lockedAfter}`);
    if (!Number.isSafeInteger(row.amount) || row.amount <= 0) problems.push(`${at}: amount ${row.amount} not > 0`);
    const [availMove, lockedMove] = MOVES[row.type] ?? [NaN, NaN];
    if (row.availAfter !== row.availBefore + availMove * row.amount || row.lockedAfter !== row.lockedBefore + lockedMove * row.amount)
      problems.push(`${at}: type ${row.type} of ${row.amount} does not move ${row.availBefore}/${row.lockedBefore} to ${row.availAfter}/${row.lockedAfter}`);
    if (row.lockedAfter < 0) problems.push(`${at}: locked ${row.lockedAfter} < 0`);
    avail += availMove * row.amount;
    locked += lockedMove * row.amount;
    previous = row;
  });
  if (final.availableFen !== avail) problems.push(`available ${final.availableFen} ≠ Σadd − Σlock + Σunlock = ${avail}`);
  if (final.lockedFen !== locked) problems.push(`locked ${final.lockedFen} ≠ Σlock − Σunlock − Σdeduct = ${locked}`);
  return problems;
}

/** Σlock − Σunlock − Σdeduct of one business number's rows: 0 once its order or refund has finished. */
export function outstandingLockFen(rows: ReadonlyArray<Pick<BalanceLogRow, 'type' | 'amount'>>): number {
  return rows.reduce((sum, row) => sum + MOVES[row.type][1] * row.amount, 0);
}

/** Whether a recharge on `channel` is credited by hand (the supplier's 确认到账) rather than by its channel's adapter. */
export const creditedByHand = (channel: unknown): boolean => MANUAL_CREDIT_CHANNELS.includes(channel as number);

/** Spec §3: 确认到账 and 未到账 are for the manual channels only (the bank channels' adapter answers): the refusal of a recharge's command, or null. */
export function rechargeCommandRefusal(name: string, row: Readonly<Record<string, unknown>>): string | null {
  return (name === 'credit' || name === 'notArrived') && !creditedByHand(row.payChannel) ? MONEY_MESSAGES.manualOnly : null;
}

/** The refunds that take of their recharge (refundableFen): pending, refunding and paid — not rejected or failed. */
export const REFUNDS_TAKING: readonly number[] = [RefundStatus.PENDING, RefundStatus.REFUNDING, RefundStatus.SUCCESS];

/**
 * What a new refund may take (DOMAIN.md §3): balance type 0/10 up to the available balance, type 20
 * up to its recharge's amount less the refunds on it that are not rejected or failed. Refunds never overdraw.
 */
export function refundableFen(input: { balanceType: number; availableFen: number; rechargeFen?: number; refundedFen?: number }): number {
  const available = Math.max(input.availableFen, 0);
  if (input.balanceType !== 20) return available;
  return Math.min(available, Math.max((input.rechargeFen ?? 0) - (input.refundedFen ?? 0), 0));
}
