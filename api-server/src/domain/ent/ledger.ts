/**
 * The one way balances move (DOMAIN.md §3): add, lock, unlock and deduct on an enterprise × channel
 * account, each writing one balance_log row with before/after in the caller's transaction. Recharges,
 * refunds and payout orders all call moveBalance(s); nothing else updates ent_account's money columns.
 *
 * Concurrency: the account row is locked before it is read (resource/lock.ts lockRow: `SELECT … FOR UPDATE`
 * on PostgreSQL; on SQLite a no-op write to the row first takes the database's single write lock), so no
 * other writer can read the old values in between. The final UPDATE also names the version it read, so a
 * move computed from stale values can never land.
 */
import { MONEY_MESSAGES, type StatementMove } from '@flexpay/shared-utility/src/pure';
import { applyBalanceOps, type BalanceLogRow, type BalanceOp, balanceLogValues, type BalanceMoveHead, balanceStateOf, STATEMENT_MOVE_COLUMNS, statementMoveOf } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { EntAccountTable } from '../../db/schema/money';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { insertChunked, whereEach } from '../../resource/batch';
import { ruled } from '../../resource/codec';
import { lockRow } from '../../resource/lock';

export const BizType = { RECHARGE: 10, ORDER: 20, REFUND: 30 } as const;
export type BizTypeValue = (typeof BizType)[keyof typeof BizType];

/** One move: what it is for and who made it (the log row's head, declared once in the pure rules) and the moving part. */
export interface LedgerMove extends BalanceMoveHead, BalanceOp {
  bizType: BizTypeValue;
}

export type Account = Omit<EntAccountTable, 'id'> & { id: number };

/**
 * Balance moves of one account inside the caller's transaction, applied in turn (an order's line results in
 * one batch): one row lock, then `check` (a rule that depends on other rows of the account — a refund's rest —
 * sees a settled state), one versioned update of the final state and a log row per move. A refused move
 * throws 1001 with the rule's Chinese message and the transaction rolls back.
 */
export async function moveBalances(trx: Kysely<Database>, dialect: DialectName, head: BalanceMoveHead, ops: BalanceOp[], check?: (account: Account) => Promise<void> | void): Promise<BalanceLogRow[]> {
  if (ops.length === 0) return [];
  // The account row locked for the rest of the transaction (resource/lock.ts) and read; 1001 when it is not open.
  const account = await lockRow<Account>(trx, dialect, 'ent_account', { entId: head.entId, channel: head.channel });
  if (!account) refuse(Code.VALIDATION, MONEY_MESSAGES.noAccount);
  await check?.(account);
  const applied = ruled(applyBalanceOps(balanceStateOf(account), ops));
  const moved = await trx
    .updateTable('ent_account')
    .set({ availableFen: applied.next.availableFen, lockedFen: applied.next.lockedFen, version: account.version + ops.length, updatedAt: head.now })
    .where('id', '=', account.id)
    .where('version', '=', account.version)
    .executeTakeFirst();
  // Unreachable while the row lock holds; kept as the guarantee that a stale read never writes.
  if (Number(moved.numUpdatedRows) !== 1) throw new Error(`ledger: account ${account.id} changed under its lock`);
  await insertChunked(trx, 'balance_log', applied.logs.map((log) => balanceLogValues(log, head)), [], 500);
  return applied.logs;
}

/** One balance move: moveBalances' one-op case (recharges, refunds, the demo seeds). */
export async function moveBalance(trx: Kysely<Database>, dialect: DialectName, move: LedgerMove, check?: (account: Account) => Promise<void> | void): Promise<BalanceLogRow> {
  const { type, amountFen, orderLock, ...head } = move;
  return (await moveBalances(trx, dialect, head, [{ type, amountFen, orderLock }], check))[0];
}

/** An account's ledger oldest first, in the pure rules' shape (invariant checks, tests, bench). */
export async function ledgerRows(db: Kysely<Database>, entId: number, channel: number): Promise<StatementMove[]> {
  return (await whereEach(db.selectFrom('balance_log').select(STATEMENT_MOVE_COLUMNS), { entId, channel }).orderBy('id').execute()).map(statementMoveOf);
}
