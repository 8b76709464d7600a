/**
 * Enterprise money (spec §2 /ent/channelStats, /ent/balanceLog, /ent/addBal, /ent/refund; §7 ent
 * payChannel, balance apply/log/refund; DOMAIN.md §3): the recharge and refund applications here, the
 * accounts in money-accounts.ts, the ledger's lists in money-log.ts. Every balance change goes through
 * ledger.ts inside the command's (money.effects.ts) or the create's transaction.
 *
 * Scope: SYS all, SPR the enterprises of its supplier, MER its enterprises read-only (no machine
 * transition and no create is declared for MER), ENT only its own money — a parent enterprise edits
 * a sub's profile, never its money (DOMAIN.md §1).
 */
import {
  type AccountType,
  balanceApply,
  formatFen,
  MONEY_MESSAGES,
  RechargeStatus,
  refundApply,
} from '@flexpay/shared-utility/src/pure';
import { rechargeCommandRefusal, refundableFen, REFUNDS_TAKING } from '@flexpay/shared-utility/src/pure/rules/server';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { type ChannelAdapter, simChannelAdapter } from '../../providers/channel-adapter';
import { defineResource } from '../../resource/entity-resource';
import { moveBalance } from './ledger';
import { accountRoutes } from './money-accounts';
import { moneyScope } from './money-base';
import { rechargeAfterProcess, rechargeEffects, refundEffects, refundMove } from './money.effects';
import { ledgerRoutes } from './money-log';

export { effectiveSupplierId, moneyScope } from './money-base';

export function moneyRoutes(deps: AppDeps, adapter: ChannelAdapter = simChannelAdapter): RouteSpec[] {
  // 充值申请 and 退款申请 alike: the money scope, SYS and ENT apply (ENT for itself), no edits (moves are commands), exported, the amount summed.
  const applications = { scope: moneyScope(deps.db), writers: ['SYS', 'ENT'] as AccountType[], update: false as const, export: true, summary: ['amount'] as Array<'amount'> };

  const recharges = defineResource(deps, balanceApply, {
    ...applications,
    create: 'addBalApply',
    // The enterprise's supplier is written with the application (read first); after the amount (the entity's checks):
    // the enterprise's account on the channel is open, and the channel is enabled.
    refersTo: [
      { table: 'ent', column: 'entId', takes: { supplierId: 'supplierId' }, message: MONEY_MESSAGES.noAccount },
      { table: 'ent_account', column: 'entId', key: 'entId', match: { channel: 'payChannel' }, message: MONEY_MESSAGES.noAccount },
      { table: 'pay_channel', column: 'payChannel', key: 'channel', where: { status: 0 }, message: MONEY_MESSAGES.channelOff },
    ],
    // Spec §3: only the manual channels are credited by hand; the bank channels' adapter answers.
    transitionRefusal: rechargeCommandRefusal,
    effects: rechargeEffects(deps),
    afterTransition: rechargeAfterProcess(deps, adapter),
  });

  const refunds = defineResource(deps, refundApply, {
    ...applications,
    create: 'apply',
    beforeCreate: async (_ctx, values) => ({ ...values, applyId: values.balanceType === 20 ? values.applyId : null }),
    // A refund of a recharge names a successful recharge of the same enterprise and channel.
    refersTo: [{ table: 'balance_apply', column: 'applyId', match: { entId: 'entId', payChannel: 'channel' }, where: { status: RechargeStatus.SUCCESS }, message: MONEY_MESSAGES.rechargeMismatch }],
    // Apply = lock: the rest is read after the account's row lock, so concurrent refunds of one recharge see each other.
    afterCreate: async (ctx, key, columns) => {
      const move = refundMove(ctx, columns, 1);
      await moveBalance(ctx.trx, deps.dialect, move, async (account) => {
        // The recharge with what its other refunds (pending, refunding, paid) already took of it.
        const recharge = await ctx.trx
          .selectFrom('balance_apply as b')
          .select((eb) => ['b.amountFen', eb.selectFrom('refund_apply as r').select((e) => e.fn.coalesce(e.fn.sum('r.amountFen'), e.lit(0)).as('fen')).whereRef('r.applyId', '=', 'b.id').where('r.id', '!=', key).where('r.status', 'in', REFUNDS_TAKING).as('taken')])
          .where('b.id', '=', columns.applyId)
          .executeTakeFirst();
        const rest = refundableFen({ balanceType: columns.balanceType as number, availableFen: account.availableFen, rechargeFen: recharge && Number(recharge.amountFen), refundedFen: recharge && Number(recharge.taken) });
        if (move.amountFen > rest) refuse(Code.VALIDATION, `${MONEY_MESSAGES.overRefundable}（可退${formatFen(rest)}元）`);
      });
    },
    effects: refundEffects(deps),
  });

  return [
    ...accountRoutes(deps),
    ...recharges.routes,
    ...refunds.routes,
    ...ledgerRoutes(deps),
  ];
}
