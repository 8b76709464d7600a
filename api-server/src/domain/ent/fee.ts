/**
 * /ent/feeConfig 企业费率 and /ent/feeStats 按月统计 (DOMAIN.md §2, §11): SYS and the supplier price
 * their enterprises (update creates or replaces, reset removes the price so orders stop until a new
 * one is set); the calc mode must match the effective original contract, and a fixed price may not
 * undercut the merchant's fixed cost. An enterprise reads its own price and its months, without the
 * merchants' profits (they would tell it the merchant's cost).
 */
import { checkCalcModeMatchesContract, checkFeeConfigs, entFeeConfig, entFeeStats } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyDb, T, type WriteContext } from '../../resource/entity-resource';
import { formatDateTime } from '../../util/time';
import { feeConfigOf, feeRoutes } from '../fee-common';
import { entScope } from '../org-scope';
import { originalsDuring } from './contract';

/** The contract type (10 outer, 20 inner) of the enterprise's original contract in force today, if any. */
export async function effectiveContractType(db: AnyDb, entId: number, now: number): Promise<number | null> {
  const today = formatDateTime(now)!.slice(0, 10);
  const row = (await originalsDuring(db, entId, today, today).select('contractType').executeTakeFirst()) as Row | undefined;
  return row ? Number(row.contractType) : null;
}

async function checkEntFee(ctx: WriteContext, next: Row) {
  const config = feeConfigOf(next);
  const mismatch = checkCalcModeMatchesContract(Number(next.calcMode) as 0 | 1, await effectiveContractType(ctx.trx, Number(next.entId), ctx.now));
  if (mismatch) refuse(Code.VALIDATION, mismatch);
  // The enterprise's merchant (recorded with the price when it was created) and its cost.
  const cost = (await ctx.trx.selectFrom('mercht_fee_config').selectAll().where('merchtId', '=', Number(next.merchtId)).executeTakeFirst()) as Row | undefined;
  const below = cost ? checkFeeConfigs(config, feeConfigOf(cost)) : null;
  if (below) refuse(Code.VALIDATION, below);
}

export function entFeeRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  // A price only for an enterprise the caller sees (3002 first); its merchant is recorded for the list.
  const refersTo = [{ table: 'ent', column: 'entId', scope: entScope(db), takes: { merchtId: 'merchtId' } }];
  // The merchants' profits and the supplier's income are not an enterprise's to read (their fields' `for`).
  return feeRoutes(deps, entFeeConfig, { scope: entScope(db, `${T}.entId`), writers: ['SYS', 'SPR'], refersTo, check: checkEntFee }, entFeeStats, ['amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome']);
}
