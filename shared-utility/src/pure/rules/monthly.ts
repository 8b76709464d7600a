/** 按月汇总 (a stats screen's chart, `customSumByRange`): monthly money sums as the screens show them. */
import { formatFen } from '../money';

/**
 * Each month's sums in yuan text ("1234.50") — with its priced lines' count when the view counts them
 * (`counted`) — and the range's total the same way. Rows are the database's sums in fen (numbers or
 * numeric strings; a missing sum is 0), oldest month first.
 */
export function monthlySums(rows: ReadonlyArray<Readonly<Record<string, unknown>>>, moneyFields: readonly string[], counted: boolean) {
  const show = (r: Readonly<Record<string, unknown>>) => ({
    ...(counted ? { lineCount: Number(r.lineCount ?? 0) } : {}),
    ...Object.fromEntries(moneyFields.map((f) => [f, formatFen(Number(r[f] ?? 0))])),
  });
  const total = Object.fromEntries([...(counted ? ['lineCount'] : []), ...moneyFields].map((k) => [k, rows.reduce((n, r) => n + Number(r[k] ?? 0), 0)]));
  return { months: rows.map((r) => ({ month: r.month, ...show(r) })), total: show(total) };
}
