/**
 * The money screens' statuses and messages (DOMAIN.md §3), shared by the browser and the server; the balance
 * algebra itself is server-only (rules/ledger.ts).
 */

/** Spec §3: channels whose recharges a supplier credits by hand; the others' adapter credits them. */
export const MANUAL_CREDIT_CHANNELS: readonly number[] = [0, 2, 4, 7, 99];

export const MONEY_MESSAGES = {
  amountPositive: '金额必须大于0',
  noAccount: '该企业未开通此支付通道',
  channelOff: '支付通道已停用',
  notConfigured: '供应商未配置此支付通道，无法开通',
  manualOnly: '该通道不支持手工入账',
  adapterOnly: '该通道由银行接口入账，请勿手工处理',
  notArrived: '未查询到到账记录',
  overRefundable: '退款金额超过可退金额',
  rechargeRequired: '请选择充值记录',
  rechargeMismatch: '所选充值记录不属于该企业的此通道或未充值成功',
} as const;

/** Recharge statuses of DOMAIN.md §3 the system moves itself (the machine holds the people's moves). */
export const RechargeStatus = { SUBMITTED: 0, REVIEWED: 10, REVIEW_FAILED: 11, PROCESSING: 20, PROCESS_FAILED: 21, SUCCESS: 50, FAILED: 51, CANCELLED: 90 } as const;

/** Refund statuses (refundStatus enum); pending and refunding hold a lock on the amount. */
export const RefundStatus = { PENDING: 0, REFUNDING: 10, REJECTED: 20, SUCCESS: 30, FAILED: 40 } as const;

/** The spec's handle/process pair of a refund status (handle 0 / 10 approved / 20 rejected; process 0 / 10 / 20 success / 30 failed). */
export function refundHandleProcess(status: number): { handleStatus: number; processStatus: number } {
  switch (status) {
    case RefundStatus.REFUNDING:
      return { handleStatus: 10, processStatus: 10 };
    case RefundStatus.REJECTED:
      return { handleStatus: 20, processStatus: 0 };
    case RefundStatus.SUCCESS:
      return { handleStatus: 10, processStatus: 20 };
    case RefundStatus.FAILED:
      return { handleStatus: 10, processStatus: 30 };
    default:
      return { handleStatus: 0, processStatus: 0 };
  }
}
