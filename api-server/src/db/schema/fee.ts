import type { FeeCharge } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Generated } from 'kysely';

/** Fees (migration migrations/0011-fee.ts); ratios are percent × 10⁴, money integer fen. */
interface FeeConfigColumns {
  /** 0 fixed, 1 enterprise month volume ladder, 2 payee month volume ladder. */
  feePattern: number;
  /** 0 half up, 1 up, 2 down. */
  rounding: number;
  ratio: number | null;
  /** JSON `[{fence: "0.00", ratio: "7.0000"}]`, fences increasing from 0. */
  ladder: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface EntFeeConfigTable extends FeeConfigColumns {
  entId: number;
  /** The enterprise's merchant when the price was saved (the list shows it). */
  merchtId: number;
  /** 0 outer, 1 inner; matches the effective original contract (10 ↔ 0, 20 ↔ 1). */
  calcMode: number;
}

export interface MerchtFeeConfigTable extends FeeConfigColumns {
  merchtId: number;
}

/**
 * One row per order line per event (DOMAIN.md §2); entFee = merchtProfit + parentProfit + supIncome. Its
 * columns are the pure pricing's FeeCharge (kind 10 charge, 20 reversal; bands JSON; month yyyy-MM Asia/Shanghai).
 */
export interface CalcFeeLogTable extends FeeCharge {
  id: Generated<number>;
  detailId: number | null;
}

/** Views grouping calc_fee_log by month (read-only). */
export interface EntFeeMonthView {
  statKey: string;
  month: string;
  entId: number;
  lineCount: number;
  amountFen: number;
  entFeeFen: number;
  merchtProfitFen: number;
  parentProfitFen: number;
  supIncomeFen: number;
}

export interface MerchtFeeMonthView {
  statKey: string;
  month: string;
  merchtId: number;
  lineCount: number;
  amountFen: number;
  incomeFen: number;
  costFen: number;
  profitFen: number;
}

export interface FeeTables {
  ent_fee_config: EntFeeConfigTable;
  mercht_fee_config: MerchtFeeConfigTable;
  calc_fee_log: CalcFeeLogTable;
  ent_fee_month: EntFeeMonthView;
  mercht_fee_month: MerchtFeeMonthView;
}
