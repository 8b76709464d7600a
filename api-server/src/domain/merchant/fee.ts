/**
 * /merchant/feeConfig, myFeeConfig, subFeeConfig (merchant costs, DOMAIN.md §2) and the matching
 * feeStats screens: SYS and the supplier set any merchant's cost, a merchant sets its subs' costs and
 * only reads its own. A fixed cost may not exceed a fixed price of one of its enterprises.
 */
import { AdminType, merchtFeeConfig, merchtFeeStats, priceCostRefusal } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyQuery, T } from '../../resource/entity-resource';
import { feeRoutes } from '../fee-common';
import { merchantScope } from '../org-scope';

/** A merchant's own row is read-only to it; every other row in its scope is one of its subs. */
const ownRow = (caller: Caller, row: Row) => caller.user.adminType === AdminType.MER && Number(row.merchtId) === caller.user.orgId;

/** A merchant's screens: 我的费率 asks `cond.own`, 下级费率 gets its subs; others see the whole scope. */
function listedFor(caller: Caller, cond: Row, qb: AnyQuery): AnyQuery {
  if (caller.user.adminType !== AdminType.MER) return qb;
  return qb.where(`${T}.merchtId`, cond.own === true || cond.own === 1 ? '=' : '!=', caller.user.orgId ?? -1);
}

export function merchantFeeRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  return feeRoutes(deps, merchtFeeConfig, {
    scope: merchantScope(db, `${T}.merchtId`),
    listed: listedFor,
    writers: ['SYS', 'SPR', 'MER'],
    mayWrite: (caller, row) => !ownRow(caller, row),
    // Costs belong to agent merchants in the caller's scope (3002 first); a merchant never sets its own.
    refersTo: [{ table: 'mercht', column: 'merchtId', where: { merchtType: 0 }, scope: merchantScope(db) }],
    check: async (ctx, next, before) => (!before && ownRow(ctx.caller, next) ? refuse(Code.NO_PERMISSION, Messages.noPermission) : undefined),
    // A cost no enterprise's price of the merchant undercuts.
    checkedAgainst: [{ table: 'ent_fee_config', match: { merchtId: 'merchtId' }, refusal: (cost, price) => priceCostRefusal(price, cost) }],
  }, merchtFeeStats, ['amount', 'income', 'cost', 'profit']);
}
