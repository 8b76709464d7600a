/**
 * The system's status decisions in a payout order's steps (DOMAIN.md §4 "Order"): pure, so the worker and
 * the manual results only read, lock and write.
 */
import { formatFen } from '../money';
import { payoutPersonKey } from './order-rows';

/** 10 → 20 / 50 once Σlock is locked: review needed (the manual channel 0, or the enterprise's orderReview) or not. */
export const lockedOrderStatus = (payChannel: number, orderReview: boolean): 20 | 50 => (payChannel === 0 || orderReview ? 20 : 50);

/** 60 → 62 / 162 / 64 when the last line resolves: every line paid / some failed / every line failed. */
export const finishedOrderStatus = (counts: { successCount: number; failCount: number }): 62 | 162 | 64 =>
  counts.failCount === 0 ? 62 : counts.successCount === 0 ? 64 : 162;

/** An order's stored line as the preprocess step re-checks it (amounts stored in fen, as numbers or bigint text). */
export interface StoredOrderLine {
  id: number;
  rowNo: number;
  idType: number | null;
  idNumber: string;
  month: string;
  amountFen: number | string;
  payeeFen: number | string;
  errorType: number;
}

/**
 * What the preprocess step (10) checks again of an order's lines: the rows as the row checks read them (the amount
 * text from its fen), the priced payee per row number, the month, the people whose month rows it locks.
 */
export function recheckOf<L extends StoredOrderLine>(lines: readonly L[]) {
  return {
    rows: lines.map((l) => ({ ...l, amountText: formatFen(Number(l.amountFen)), amountFen: Number(l.amountFen) })),
    payeeFen: new Map(lines.map((l) => [l.rowNo, Number(l.payeeFen)])),
    month: lines[0]?.month ?? '',
    people: lines.map((l) => payoutPersonKey(l.idType, l.idNumber)),
  };
}

/** The re-check's outcome: how many rows fail, and each line whose error changed with its new error and reason. */
export function recheckedLines(lines: ReadonlyArray<Pick<StoredOrderLine, 'id' | 'errorType'>>, checks: ReadonlyArray<{ errorType: number; errorMsg: string | null }>) {
  const changed = lines.flatMap((l, i) => (checks[i].errorType === l.errorType ? [] : [{ id: l.id, errorType: checks[i].errorType, reason: checks[i].errorMsg }]));
  return { failed: checks.filter((c) => c.errorType !== 0).length, changed };
}
