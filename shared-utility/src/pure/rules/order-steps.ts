/**
 * The system's status decisions in a payout order's steps (DOMAIN.md §4 "Order"): pure, so the worker and
 * the manual results only read, lock and write.
 */

/** 10 → 20 / 50 once Σlock is locked: review needed (the manual channel 0, or the enterprise's orderReview) or not. */
export const lockedOrderStatus = (payChannel: number, orderReview: boolean): 20 | 50 => (payChannel === 0 || orderReview ? 20 : 50);

/** 60 → 62 / 162 / 64 when the last line resolves: every line paid / some failed / every line failed. */
export const finishedOrderStatus = (counts: { successCount: number; failCount: number }): 62 | 162 | 64 =>
  counts.failCount === 0 ? 62 : counts.successCount === 0 ? 64 : 162;
