/**
 * The business work of the recharge (充值申请) and refund (退款申请) commands declared on the entities
 * (shared-utility/src/pure/entities/money.ts `commands`), each inside the transaction the kit derived
 * (resource/commands.ts: the route, the stale check on the status, the audit entry). Every balance
 * change goes through ledger.ts moveBalance in that same transaction, in integer fen, so the balance
 * stays the ledger's sum; an effect that refuses rolls the status move back with it.
 */
import { balanceApply, formatFen, MONEY_MESSAGES, RechargeStatus } from '@flexpay/shared-utility/src/pure';
import { checkOverdraftSetting, creditedByHand, rechargeAnswerMove } from '@flexpay/shared-utility/src/pure/rules/server';
import { audit } from '../../account/audit';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, SignedInContext } from '../../http/guard';
import type { ChannelAdapter } from '../../providers/channel-adapter';
import { outboxProvider, SmsType } from '../../providers/sms';
import type { EffectContext, Effects } from '../../resource/commands';
import type { Row, WriteContext } from '../../resource/entity-resource';
import { BizType, type LedgerMove, moveBalance } from './ledger';

const operatorName = (ctx: SignedInContext) => ctx.caller.user.name ?? ctx.caller.user.username;

/** A refund's move of its amount on its account (1 the lock taken when applying, 2 its release, 3 the deduct), by the caller. */
export const refundMove = (ctx: WriteContext, row: Row, type: 1 | 2 | 3): LedgerMove => ({ entId: row.entId as number, channel: row.channel as number, type, amountFen: Number(row.amountFen), bizType: BizType.REFUND, bizNo: String(row.refundNo), operatorName: operatorName(ctx), now: ctx.now });

/** Recharge (100) and refund (110) notices to the enterprise's contact, through the SMS provider. */
async function notify(deps: AppDeps, { trx, now }: WriteContext, row: Row, smsType: number, text: string): Promise<void> {
  const ent = await trx.selectFrom('ent').select('contactPhone').where('id', '=', row.entId).executeTakeFirst();
  if (!ent?.contactPhone) return;
  await (deps.sms ?? outboxProvider).send(trx, { phone: String(ent.contactPhone), smsType, content: text }, now);
}

/** A successful recharge: the add and the SMS 100, in the transaction that moved the status to 50. */
async function creditRecharge(deps: AppDeps, ctx: WriteContext, row: Row, operator = operatorName(ctx)): Promise<void> {
  const log = await moveBalance(ctx.trx, deps.dialect, { entId: row.entId as number, channel: row.payChannel as number, type: 0, amountFen: Number(row.amountFen), bizType: BizType.RECHARGE, bizNo: String(row.applyNo), operatorName: operator, now: ctx.now });
  await notify(deps, ctx, row, SmsType.RECHARGE_NOTICE, `【FlexPay】贵司充值${formatFen(Number(row.amountFen))}元已到账，当前可用余额${formatFen(log.availAfter)}元。`);
}

/** 确认到账 (manual channels) credits; 未到账 records why. */
export function rechargeEffects(deps: AppDeps): Effects {
  return {
    credit: async (ctx) => creditRecharge(deps, ctx, ctx.row),
    notArrived: async () => ({ set: { reason: MONEY_MESSAGES.notArrived } }),
  };
}

/**
 * Bank channels: when 开始处理 has moved the application to 20 (and its audit entry is written) the
 * adapter is asked for the money; its answer moves the application on (20 → 50 with the add, 20 → 51
 * not arrived, 20 → 21 when the adapter fails) in the same transaction, audited as `adapterCredit`.
 */
export function rechargeAfterProcess(deps: AppDeps, adapter: ChannelAdapter) {
  return async (ctx: WriteContext, name: string, row: Row): Promise<void> => {
    if (name !== 'process' || creditedByHand(row.payChannel)) return;
    // The adapter's own failure (null) ends the application (DOMAIN.md §3 20→21); the enterprise applies again.
    const arrived = await adapter.credit({ applyNo: String(row.applyNo), channel: row.payChannel as number, amountFen: Number(row.amountFen) }).then((answer) => answer.arrived, () => null);
    const { to, reason } = rechargeAnswerMove(arrived);
    await ctx.trx.updateTable('balance_apply').set({ status: to, reason, updatedAt: ctx.now }).where('id', '=', row.id).where('status', '=', RechargeStatus.PROCESSING).execute();
    await audit(ctx.trx, { operator: ctx.caller.user, now: ctx.now, action: 'adapterCredit', entity: balanceApply.name, entityId: String(row.id), changes: { status: { from: RechargeStatus.PROCESSING, to }, ...(reason ? { reason: { from: null, to: reason } } : {}) } });
    if (to === RechargeStatus.SUCCESS) await creditRecharge(deps, ctx, row, '银行通道');
  };
}

/** 透支设置: on needs a limit > 0; off sets the limit to 0 (allowed while available < 0). */
export const accountEffects: Effects = {
  toggleAllowOverdraft: async ({ trx, row, input, now }) => {
    const allow = Number(input.allowOverdraft);
    const limitFen = allow === 1 ? Number(input.overdraftLimit) : 0;
    const refusal = checkOverdraftSetting(allow === 1, limitFen);
    if (refusal) refuse(Code.VALIDATION, refusal);
    await trx.updateTable('ent_account').set({ allowOverdraft: allow, overdraftLimitFen: limitFen, updatedAt: now }).where('id', '=', row.id).execute();
    return { changes: { allowOverdraft: { from: row.allowOverdraft, to: allow }, overdraftLimit: { from: row.overdraftLimitFen, to: limitFen } } };
  },
};

/** The refund's lock (taken when applying) is released by 驳回 and 退款失败 (type 2) and deducted by 退款成功 (type 3, SMS 110). */
export function refundEffects(deps: AppDeps): Effects {
  const move = (type: 2 | 3) => async (ctx: EffectContext) => {
    await moveBalance(ctx.trx, deps.dialect, refundMove(ctx, ctx.row, type));
    if (type === 3) await notify(deps, ctx, ctx.row, SmsType.REFUND_NOTICE, `【FlexPay】贵司退款${formatFen(Number(ctx.row.amountFen))}元已处理成功，请注意查收。`);
  };
  return { reject: move(2), fail: move(2), succeed: move(3) };
}
