/**
 * 制单's commands (shared-utility/src/pure/entities/order.ts tempOrder): the route, the state move
 * (status and needReview), the stale check and the audit are the kit's; this is the business work.
 */
import { PAYOUT_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { EffectContext, Effects } from '../../resource/commands';
import type { Db } from './service';
import { headOf, recheck } from './temp-writes';

/** 提交 / 提交审核: the rows are checked again; a row in error refuses the move (nothing is written). */
async function rowsPass({ trx, row, now }: EffectContext): Promise<void> {
  const bad = (await recheck(trx as unknown as Db, headOf(row), now)).filter((c) => c.errorType !== 0).length;
  if (bad > 0) refuse(Code.VALIDATION, PAYOUT_MESSAGES.rowErrors(bad));
}

export const tempEffects: Effects = { submit: rowsPass, submitReview: rowsPass };
