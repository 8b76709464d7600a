/**
 * /ent/feeConfig 企业费率 and /ent/feeStats 按月统计 (DOMAIN.md §2, §11): SYS and the supplier price
 * their enterprises (update creates or replaces, reset removes the price so orders stop until a new
 * one is set); the calc mode must match the effective original contract, and a fixed price may not
 * undercut the merchant's fixed cost. An enterprise reads its own price and its months, without the
 * merchants' profits (they would tell it the merchant's cost).
 */
import { calcModeRefusal, entFeeConfig, entFeeStats, priceCostRefusal } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { type AnyDb, T } from '../../resource/entity-resource';
import { formatDateTime } from '../../util/time';
import { feeRoutes } from '../fee-common';
import { entScope } from '../org-scope';

/** The contract type (10 outer, 20 inner) of the enterprise's original contract (category 0) in force (status 0) today, if any. */
export async function effectiveContractType(db: AnyDb, entId: number, now: number): Promise<number | null> {
  const today = formatDateTime(now)!.slice(0, 10);
  const row = await db.selectFrom('ent_contract').select('contractType').where('entId', '=', entId).where('category', '=', 0).where('status', '=', 0).where('startDate', '<=', today).where('endDate', '>=', today).executeTakeFirst();
  return row ? Number(row.contractType) : null;
}

export function entFeeRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  // The merchants' profits and the supplier's income are not an enterprise's to read (their fields' `for`).
  return feeRoutes(deps, entFeeConfig, {
    scope: entScope(db, `${T}.entId`),
    writers: ['SYS', 'SPR'],
    // A price only for an enterprise the caller sees (3002 first); its merchant is recorded for the list.
    refersTo: [{ table: 'ent', column: 'entId', scope: entScope(db), takes: { merchtId: 'merchtId' } }],
    // A valid config first (the entity's `checks`); its calc mode agrees with the original contract in force, and it does not undercut its merchant's cost.
    checkedAgainst: [
      { table: 'ent_contract', match: { entId: 'entId' }, refusal: calcModeRefusal },
      { table: 'mercht_fee_config', match: { merchtId: 'merchtId' }, refusal: priceCostRefusal },
    ],
  }, entFeeStats, ['amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome']);
}
