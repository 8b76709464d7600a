/**
 * 从业者结算's summary of one package (DOMAIN.md §7 settlement): what the server read — the package, its takers
 * and pay lines counted by status, its completed takers and the enterprise's open channels — as the screen
 * and 发起结算's dialog show it. Server-only (pure/rules/server.ts).
 */
import { enumLabel, ENUMS } from '../enums';
import { formatFen } from '../money';
import { PAY_LINE_KIND } from '../entities/task';
import { maskMiddle } from './identity';
import { type SettleTaker, TAKER_STATUS } from './package';

type Values = Readonly<Record<string, unknown>>;

/** What the summary says of the package itself, as stored (its enterprise by name). */
export const SUMMARY_OF_PACKAGE = ['packageCode', 'name', 'entId', 'entName', 'reviewStatus', 'status'] as const;

/** Rows counted by some columns' values (`{...values, n}`): how many have all of `values`. */
export const countOf = (groups: readonly Values[], values: Values) =>
  groups.filter((g) => Object.entries(values).every(([k, v]) => Number(g[k]) === v)).reduce((sum, g) => sum + Number(g.n), 0);

/**
 * The summary: the package, its settled total, its takers' counts (by `status`) and its lines' (by `kind`, `status`),
 * the completed takers with masked ID and card, and the open channels (each once, by label).
 */
export function settlementSummary(pkg: Values, takers: readonly Values[], lines: readonly Values[], completed: readonly SettleTaker[], channels: readonly number[]) {
  const { ORDER, TEMP } = PAY_LINE_KIND;
  return {
    id: Number(pkg.id),
    ...Object.fromEntries(SUMMARY_OF_PACKAGE.map((column) => [column, pkg[column]])),
    settledAmount: formatFen(Number(pkg.settledFen)),
    takerCount: countOf(takers, { status: TAKER_STATUS.TAKEN }) + countOf(takers, { status: TAKER_STATUS.COMPLETED }),
    completedCount: countOf(takers, { status: TAKER_STATUS.COMPLETED }),
    orderLineCount: countOf(lines, { kind: ORDER }),
    successLineCount: countOf(lines, { kind: ORDER, status: 20 }),
    tempLineCount: countOf(lines, { kind: TEMP }),
    completedTakers: completed.map((t) => ({ custId: t.custId, name: t.name, idNumber: maskMiddle(t.idNumber), account: t.bankCard ? maskMiddle(t.bankCard) : null, bankName: t.bankName })),
    channels: [...new Set(channels)].map((c) => ({ value: c, label: enumLabel(ENUMS.payChannel, c, String(c)) })),
  };
}
