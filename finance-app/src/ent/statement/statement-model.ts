import type { StatementLine } from '@flexpay/shared-utility';

/** 对账单's calls; its wire shape is shared-utility's StatementAnswer (money as yuan strings). */
export const STATEMENT_PATH = 'ent/query/statement';

export type { StatementLine, StatementAnswer as Statement } from '@flexpay/shared-utility';

/** Today in Asia/Shanghai (the platform's dates), whatever the browser's time zone. */
export function shanghaiToday(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The print view reads at most this many moves (5 calls of 1 000); a longer statement prints its first pages and says so. */
export const PRINT_MAX_LINES = 5000;

/** Where a move's business number leads: its order, recharge or refund, found by number on that list. */
export function bizLink(line: Pick<StatementLine, 'bizType' | 'bizNo'>): string {
  const no = encodeURIComponent(line.bizNo);
  if (line.bizType === 20) return `/order/index?orderNo=${no}`;
  if (line.bizType === 10) return `/ent/addBal?applyNo=${no}`;
  return `/ent/refund?refundNo=${no}`;
}
