import type { StoredPayoutRow } from '@flexpay/shared-utility/src/pure';
import type { Generated } from 'kysely';

/**
 * Payout orders (migration migrations/0023-order.ts; DOMAIN.md §4). Money integer fen. A temp order's row is
 * the payout row as stored (shared pure StoredPayoutRow: the cells trimmed to their maxima) with its check.
 */
export interface TempOrderDetailTable extends StoredPayoutRow {
  id: Generated<number>;
  tempOrderId: number;
  errorType: number;
  errorMsg: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface OrderDetailTable {
  id: Generated<number>;
  orderId: number;
  orderNo: string;
  rowNo: number;
  /** orderNo-rowNo: the adapter's idempotency key. */
  serialNo: string;
  entId: number;
  supplierId: number;
  merchtId: number;
  payChannel: number;
  custId: number | null;
  name: string;
  idType: number;
  idNumber: string;
  phone: string | null;
  account: string;
  bankName: string | null;
  amountFen: number;
  feeFen: number;
  lockFen: number;
  payeeFen: number;
  /** 0 unprocessed, 10 submitted, 20 success, 30 failed, 50 processing failed. */
  status: number;
  errorType: number;
  reason: string | null;
  receiptFile: string | null;
  /** The temp order this failed line was copied into by 失败明细重新制单 (migration 0029). */
  remadeTempId: Generated<number | null>;
  remark: string | null;
  month: string;
  resultAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The simulated bank's record of a line (outcome 20 success / 30 failed, known at submit, told at resultAt). */
export interface SimBankTxnTable {
  id: Generated<number>;
  serialNo: string;
  batchNo: string;
  orderNo: string;
  entId: number;
  channel: number;
  day: string;
  payeeFen: number;
  outcome: number;
  reason: string | null;
  receiptFile: string | null;
  ackAt: number;
  resultAt: number;
  createdAt: number;
}

export interface OrderProgressTable {
  id: Generated<number>;
  orderNo: string;
  entId: number;
  supplierId: number;
  merchtId: number;
  status: number;
  lineCount: number;
  successCount: number;
  failCount: number;
  createdAt: number;
}

export interface PayoutLimitLockTable {
  id: Generated<number>;
  supplierId: number;
  /** idType:upper(idNumber). */
  person: string;
  month: string;
  touchedAt: number;
}

export interface OrderTables {
  temp_order_detail: TempOrderDetailTable;
  order_detail: OrderDetailTable;
  sim_bank_txn: SimBankTxnTable;
  order_progress: OrderProgressTable;
  payout_limit_lock: PayoutLimitLockTable;
}
