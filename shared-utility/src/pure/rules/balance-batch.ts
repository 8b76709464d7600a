/**
 * Balance moves applied in turn (DOMAIN.md §3) and the balance_log row a move writes: the batch of an
 * order's line results takes one account lock, applies every move by applyBalanceOp, then stores the
 * final state once and one log row per move. Pure: the server only locks, reads and writes.
 */
import { applyBalanceOp, type BalanceLogRow, type BalanceOp, type BalanceState } from './ledger';

/** An ent_account row's balance state (PostgreSQL may answer bigints as text). */
export const balanceStateOf = (account: { availableFen: unknown; lockedFen: unknown; allowOverdraft: unknown; overdraftLimitFen: unknown }): BalanceState => ({
  availableFen: Number(account.availableFen),
  lockedFen: Number(account.lockedFen),
  allowOverdraft: Number(account.allowOverdraft) === 1,
  overdraftLimitFen: Number(account.overdraftLimitFen),
});

/** Every move in order from `state`: the final state and a log row per move, or the first refusal. */
export function applyBalanceOps(state: BalanceState, ops: readonly BalanceOp[]): { next: BalanceState; logs: BalanceLogRow[] } | { error: string } {
  const logs: BalanceLogRow[] = [];
  for (const op of ops) {
    const result = applyBalanceOp(state, op);
    if ('error' in result) return result;
    state = result.next;
    logs.push(result.log);
  }
  return { next: state, logs };
}

/** What a move is for and who made it: the columns a log row adds to the moving part. */
export interface BalanceMoveHead {
  entId: number;
  channel: number;
  bizType: number;
  bizNo: string;
  operatorName: string;
  now: number;
}

/** The balance_log row of one move (the operator's name cut to the column's 50). */
export const balanceLogValues = (log: BalanceLogRow, head: BalanceMoveHead) => ({
  entId: head.entId,
  channel: head.channel,
  type: log.type,
  amountFen: log.amount,
  availBeforeFen: log.availBefore,
  availAfterFen: log.availAfter,
  lockedBeforeFen: log.lockedBefore,
  lockedAfterFen: log.lockedAfter,
  bizType: head.bizType,
  bizNo: head.bizNo,
  operatorName: head.operatorName.slice(0, 50),
  createdAt: head.now,
});
