/**
 * Enterprise rules (issue 14): whether an enterprise may start a new payout order. A disabled
 * enterprise, or a disabled merchant above it (its own or that merchant's parent), blocks new orders;
 * enabling restores. The server loads the facts (domain/ent/order-gate.ts) and asks this rule.
 */
import { formatFen } from '../money';
import { MONEY_MESSAGES, RechargeStatus } from './money';

export const OrderGateMessages = {
  entDisabled: '企业已禁用，不能新建代发订单',
  merchantDisabled: '所属商户已禁用，不能新建代发订单',
} as const;

export interface OrderGateFacts {
  entStatus: number;
  merchtStatus: number;
  /** The status of the merchant's parent, null for a top merchant. */
  parentMerchtStatus: number | null;
}

/** The refusal of a new order, or null when the enterprise may order. */
export function newOrderRefusal(facts: OrderGateFacts): string | null {
  if (facts.entStatus !== 0) return OrderGateMessages.entDisabled;
  if (facts.merchtStatus !== 0 || (facts.parentMerchtStatus !== null && facts.parentMerchtStatus !== 0)) return OrderGateMessages.merchantDisabled;
  return null;
}

/** An enterprise's supplier as read for its money: its type, its parent (a 200's) and its distributor upstream (a 100's). */
export interface MoneySupplierFacts {
  id: number;
  merchtType: number;
  parentId: number | null;
  upstreamId: number | null;
}

/** The 300 supplier whose channels, limits and collection accounts apply (DOMAIN.md §1): a 200's parent, a 100's upstream, else itself. */
export function effectiveSupplierOf(s: MoneySupplierFacts): number | null {
  if (s.merchtType === 200) return s.parentId;
  if (s.merchtType === 100) return s.upstreamId ?? null;
  return s.id;
}

/** 通道余额: each channel's row of account sums (fen, numbers or numeric text) as the wire shows it (yuan), and the grand total. */
export function channelBalanceTotals(rows: ReadonlyArray<Record<string, unknown>>) {
  const sum = (k: 'accounts' | 'available' | 'locked') => rows.reduce((s, r) => s + Number(r[k]), 0);
  return {
    records: rows.map((r) => ({ channel: r.channel, channelName: r.channelName, accounts: Number(r.accounts), available: formatFen(Number(r.available)), locked: formatFen(Number(r.locked)) })),
    total: { accounts: sum('accounts'), available: formatFen(sum('available')), locked: formatFen(sum('locked')) },
  };
}

/** A bank channel's answer to 开始处理 (DOMAIN.md §3): arrived 20 → 50, not arrived 20 → 51, the adapter failing (null) 20 → 21; with the reason written. */
export function rechargeAnswerMove(arrived: boolean | null): { to: number; reason: string | null } {
  if (arrived === null) return { to: RechargeStatus.PROCESS_FAILED, reason: '通道处理异常' };
  return arrived ? { to: RechargeStatus.SUCCESS, reason: null } : { to: RechargeStatus.FAILED, reason: MONEY_MESSAGES.notArrived };
}
