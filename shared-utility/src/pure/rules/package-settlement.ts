/**
 * 从业者结算 (DOMAIN.md §7 settlement), server-only rules (pure/rules/server.ts, not in the browser bundle): the summary of
 * one package — what the server read (the package, its takers and pay lines counted by status, its completed takers, the
 * enterprise's open channels) as the screen and 发起结算's dialog show it — and 发起结算's payout rows.
 */
import { enumLabel, ENUMS } from '../enums';
import { formatFen } from '../money';
import { PAY_LINE_KIND } from '../entities/task';
import { maskMiddle } from './identity';
import { parsePayoutAmount } from './order-checks';
import { PACKAGE_MESSAGES, TAKER_STATUS } from './package';

type Values = Readonly<Record<string, unknown>>;

/** What the summary says of the package itself, as stored (its enterprise by name). */
export const SUMMARY_OF_PACKAGE = ['packageCode', 'name', 'entId', 'entName', 'reviewStatus', 'status'] as const;

/** Rows counted by some columns' values (`{...values, n}`): how many have all of `values`. */
export const countOf = (groups: readonly Values[], values: Values) =>
  groups.filter((g) => Object.entries(values).every(([k, v]) => Number(g[k]) === v)).reduce((sum, g) => sum + Number(g.n), 0);

/**
 * The summary: the package, its settled total, its takers' counts (by `status`) and its lines' (by `kind`, `status`),
 * the completed takers with masked ID and card, and the open channels (each once, in order, by label).
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
    channels: [...new Set(channels)].sort((a, b) => a - b).map((c) => ({ value: c, label: enumLabel(ENUMS.payChannel, c, String(c)) })),
  };
}

/** A completed taker as 发起结算 pays them: to the talent's own bank card. */
export interface SettleTaker {
  custId: number;
  name: string;
  idType: number;
  idNumber: string;
  phone: string | null;
  bankCard: string | null;
  bankName: string | null;
}

/**
 * 发起结算's payout rows (DOMAIN.md §7): one row per asked completed taker (`sent`: the request's rows), in the order asked, paid to
 * the talent's bank card with the amount in yuan; else the first refusal, in the order the server
 * always checked them (not a completed taker, named twice, the amount, no bank card).
 */
export function settlementRows(completed: ReadonlyArray<SettleTaker>, sent: unknown): { rows: Array<Record<string, unknown>> } | { error: string } {
  // The request's rows as sent: not a list is none; a row that is not an object names nobody.
  const asked = (Array.isArray(sent) ? sent : []).map((r) => (r && typeof r === 'object' ? (r as Readonly<Record<string, unknown>>) : {}));
  if (asked.length === 0) return { error: PACKAGE_MESSAGES.settleRows };
  const byId = new Map(completed.map((t) => [t.custId, t]));
  const seen = new Set<number>();
  const rows: Array<Record<string, unknown>> = [];
  for (const r of asked) {
    const taker = byId.get(Number(r.custId));
    if (!taker) return { error: PACKAGE_MESSAGES.notCompleted };
    if (seen.has(taker.custId)) return { error: PACKAGE_MESSAGES.settleTwice };
    seen.add(taker.custId);
    const fen = parsePayoutAmount(r.amount);
    if (fen === null) return { error: PACKAGE_MESSAGES.settleAmount(taker.name) };
    if (!taker.bankCard) return { error: PACKAGE_MESSAGES.noBankCard(taker.name) };
    rows.push({ name: taker.name, idType: taker.idType, idNumber: taker.idNumber, phone: taker.phone, account: taker.bankCard, bankName: taker.bankName, amount: formatFen(fen), remark: null });
  }
  return { rows };
}
