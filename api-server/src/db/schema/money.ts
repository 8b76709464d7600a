import type { Generated } from 'kysely';

/** Enterprise money (migration migrations/0010-money.ts); amounts in integer fen. */
export interface EntAccountTable {
  id: Generated<number>;
  entId: number;
  channel: number;
  availableFen: number;
  lockedFen: number;
  allowOverdraft: number;
  overdraftLimitFen: number;
  /** Bumped by every ledger move: an UPDATE naming the version it read cannot overwrite another's. */
  version: number;
  status: number;
  createdAt: number;
  updatedAt: number;
}

/** One row per change of an account (DOMAIN.md §3); before = the previous row's after. */
export interface BalanceLogTable {
  id: Generated<number>;
  entId: number;
  channel: number;
  /** 0 add, 1 lock, 2 unlock, 3 deduct. */
  type: number;
  amountFen: number;
  availBeforeFen: number;
  availAfterFen: number;
  lockedBeforeFen: number;
  lockedAfterFen: number;
  /** 10 recharge, 20 order, 30 refund. */
  bizType: number;
  bizNo: string;
  operatorName: string;
  createdAt: number;
}

export interface BalanceApplyTable {
  id: Generated<number>;
  applyNo: string;
  entId: number;
  supplierId: number;
  amountFen: number;
  payChannel: number;
  status: number;
  /** The reviewer's or processor's reason (review failed, revoked, not arrived). */
  reason: string | null;
  /** JSON {url, fileMd5, name} of the payment voucher. */
  voucher: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface RefundApplyTable {
  id: Generated<number>;
  refundNo: string;
  entId: number;
  channel: number;
  /** 0 default (= 10), 10 normal available balance, 20 one recharge's rest (applyId). */
  balanceType: number;
  applyId: number | null;
  amountFen: number;
  payeeAcctName: string;
  payeeAcct: string;
  payeeBank: string;
  remark: string | null;
  /** refundStatus: 0 pending, 10 refunding, 20 rejected, 30 success, 40 failed. */
  status: number;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}

/** 完税记录 (migration 0019). */
export interface EntTaxProofTable {
  id: Generated<number>;
  entId: number;
  month: string;
  personCount: number;
  taxAmountFen: number;
  /** JSON {url, fileMd5, name} of the uploaded proof. */
  file: string;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

/** 综合统计: a view over balance_log and calc_fee_log (migration 0019). */
export interface EntMonthStatsView {
  statKey: string;
  month: string;
  entId: number;
  rechargeFen: number;
  paidFen: number;
  feeFen: number;
  refundFen: number;
  closingFen: number;
}

export interface MoneyTables {
  ent_account: EntAccountTable;
  balance_log: BalanceLogTable;
  balance_apply: BalanceApplyTable;
  refund_apply: RefundApplyTable;
  ent_tax_proof: EntTaxProofTable;
  ent_month_stats: EntMonthStatsView;
}
