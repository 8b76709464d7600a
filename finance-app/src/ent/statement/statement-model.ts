/** 对账单's wire shape (issue 25 §4) as the screen and the print view read it: money as yuan strings. */
export const STATEMENT_PATH = 'ent/query/statement';

export interface StatementLine {
  time: string;
  bizType: number;
  bizNo: string;
  type: number;
  amount: string;
  availableAfter: string;
  lockedAfter: string;
}

export interface Statement {
  statementNo: string;
  entId: number;
  entName: string;
  channel: number;
  channelName: string;
  from: string;
  to: string;
  opening: { available: string; locked: string };
  closing: { available: string; locked: string };
  totals: { recharge: string; payout: string; fee: string; refund: string };
  count: number;
  lines: StatementLine[];
}

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
