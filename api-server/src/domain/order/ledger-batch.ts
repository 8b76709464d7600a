/**
 * The batch form of ledger.ts's moveBalance for an order's line results: one account row lock, the
 * moves applied in order by the shared rule (applyBalanceOp), one account update and the log rows
 * (one per line, same columns as moveBalance writes) in multi-row inserts — a chunk of 1 000 results
 * costs a handful of statements instead of four per line.
 */
import { applyBalanceOp, type BalanceOpType } from '@flexpay/shared-utility/src/pure';
import type { DialectName } from '../../db/connect';
import { Code } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import { type BizTypeValue, lockAccount } from '../ent/ledger';
import { chunks, type Db } from './service';

export async function moveBalances(
  trx: Db,
  dialect: DialectName,
  common: { entId: number; channel: number; bizType: BizTypeValue; bizNo: string; operatorName: string; now: number },
  moves: Array<{ type: BalanceOpType; amountFen: number }>,
): Promise<void> {
  if (moves.length === 0) return;
  const account = await lockAccount(trx, dialect, common.entId, common.channel, common.now);
  let state = { availableFen: Number(account.availableFen), lockedFen: Number(account.lockedFen), allowOverdraft: account.allowOverdraft === 1, overdraftLimitFen: Number(account.overdraftLimitFen) };
  const rows = moves.map((move) => {
    const result = applyBalanceOp(state, move);
    if ('error' in result) throw new ApiError(Code.VALIDATION, result.error);
    state = result.next;
    const log = result.log;
    return {
      entId: common.entId,
      channel: common.channel,
      type: log.type,
      amountFen: log.amount,
      availBeforeFen: log.availBefore,
      availAfterFen: log.availAfter,
      lockedBeforeFen: log.lockedBefore,
      lockedAfterFen: log.lockedAfter,
      bizType: common.bizType,
      bizNo: common.bizNo,
      operatorName: common.operatorName.slice(0, 50),
      createdAt: common.now,
    };
  });
  const moved = await trx
    .updateTable('ent_account')
    .set({ availableFen: state.availableFen, lockedFen: state.lockedFen, version: account.version + moves.length, updatedAt: common.now })
    .where('id', '=', account.id)
    .where('version', '=', account.version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new Error(`ledger: account ${account.id} changed under its lock`);
  for (const part of chunks(rows)) await trx.insertInto('balance_log').values(part).execute();
}
