/**
 * /merchant/feeConfig, myFeeConfig, subFeeConfig (merchant costs, DOMAIN.md §2) and the matching
 * feeStats screens: SYS and the supplier set any merchant's cost, a merchant sets its subs' costs and
 * only reads its own. A fixed cost may not exceed a fixed price of one of its enterprises.
 */
import { AdminType, checkFeeConfigs, FEE_MESSAGES, merchtFeeConfig, merchtFeeStats } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyDb, type AnyQuery, defineResource, T, type WriteContext } from '../../resource/entity-resource';
import { customSumByRange, feeColumns, feeConfigOf, feeConfigRoutes } from '../fee-common';
import { merchantScope } from '../org-scope';

/** A merchant's own row is read-only to it; every other row in its scope is one of its subs. */
const ownRow = (caller: Caller, row: Row) => caller.user.adminType === AdminType.MER && Number(row.merchtId) === caller.user.orgId;

/** A merchant's screens: 我的费率 asks `cond.own`, 下级费率 gets its subs; others see the whole scope. */
function listedFor(caller: Caller, cond: Row, qb: AnyQuery): AnyQuery {
  if (caller.user.adminType !== AdminType.MER) return qb;
  return qb.where(`${T}.merchtId`, cond.own === true || cond.own === 1 ? '=' : '!=', caller.user.orgId ?? -1);
}

async function checkMerchtFee(ctx: WriteContext, next: Row) {
  const cost = feeConfigOf(next);
  const prices = (await ctx.trx.selectFrom('ent_fee_config').selectAll().where('merchtId', '=', Number(next.merchtId)).execute()) as Row[];
  if (prices.some((price) => checkFeeConfigs(feeConfigOf(price), cost))) refuse(Code.VALIDATION, FEE_MESSAGES.belowMerchantCost);
}

export function merchantFeeRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const configs = defineResource(deps, merchtFeeConfig, {
    scope: merchantScope(db, `${T}.merchtId`),
    listed: listedFor,
    writers: ['SYS', 'SPR', 'MER'],
    mayWrite: (caller, row) => !ownRow(caller, row),
    ...feeConfigRoutes<typeof merchtFeeConfig.fields>('merchtId'),
    // Costs belong to agent merchants in the caller's scope; a merchant never sets its own.
    beforeCreate: async (ctx, values) => {
      const target = (await merchantScope(ctx.trx)(ctx.caller, ctx.trx.selectFrom(`mercht as ${T}`) as never)
        .select([`${T}.id`, `${T}.merchtType`])
        .where(`${T}.id`, '=', Number(values.merchtId))
        .executeTakeFirst()) as Row | undefined;
      if (!target || target.merchtType !== 0) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
      if (ownRow(ctx.caller, values)) refuse(Code.NO_PERMISSION, Messages.noPermission);
      return { ...values, ...feeColumns(values) };
    },
    check: checkMerchtFee,
  });
  const stats = defineResource(deps, merchtFeeStats, { scope: merchantScope(db, `${T}.merchtId`), listed: listedFor, simple: false, export: true, summary: ['amount', 'income', 'cost', 'profit'] });
  return [...configs.routes, ...stats.routes, customSumByRange(stats.resource)];
}
