/**
 * A payout sheet's rows checked together (DOMAIN.md §4 table): each row's facts read from what the server
 * looked up in batches, a person's earlier passing rows counting against the monthly limit, and the
 * per-person limits an enterprise's rows are held to. Pure: the server only looks the facts up.
 */
import { entConfig } from '../entities/org';
import type { BalanceOp } from './ledger';
import { checkPayoutRow, type PayoutRowFacts, type RowCheck, type StoredPayoutRow } from './order-checks';

/** One person across rows, talents and month usage: the ID type and the upper-cased number. */
export const payoutPersonKey = (idType: number | null, idNumber: string) => `${idType ?? ''}:${idNumber.toUpperCase()}`;

/** What the server looked up for a batch of rows (talents by person key; the rest by talent id). */
export interface PayoutLookups {
  talents: Map<string, { id: number; name: string; realNameStatus: number }>;
  /** A talent's ID photo sides on file (0 front, 1 back). */
  photos: Map<number, Set<number>>;
  coopEnt: Map<number, number>;
  coopSup: Map<number, { status: number; signStatus: number; taxRegStatus: number }>;
  /** By `${talentId}:${cardNo}`. */
  cards: Map<string, { validated: number; cardType: string; cardAttr: string }>;
  /** Takers in 10/20 of the temp order's package; null when it names none. */
  takers: Set<number> | null;
  /** The person's lines this month under the effective supplier, by person key. */
  monthUsedFen: Map<string, number>;
}

/** The rows the server read for a batch (each look-up one query per part of its keys); `takers` null when no package is named. */
export interface PayoutFound {
  talents: Array<{ id: number; name: string; idType: number | null; idNumber: string; realNameStatus: number }>;
  photos: Array<{ custId: number; fileType: number }>;
  coopEnt: Array<{ custId: number; status: number }>;
  coopSup: Array<{ custId: number; status: number; signStatus: number; taxRegStatus: number }>;
  cards: Array<{ custId: number; cardNo: string; validated: number; cardType: string; cardAttr: string }>;
  takers: Array<{ custId: number }> | null;
  used: Array<{ idType: number | null; idNumber: string; fen: number | string }>;
}

/** The look-ups' maps from the rows read: talents and month usage by person key, the rest by talent id (a card by talent and number). */
export function payoutLookupsOf(found: PayoutFound): PayoutLookups {
  const photos = new Map<number, Set<number>>();
  for (const f of found.photos) photos.set(f.custId, (photos.get(f.custId) ?? new Set()).add(f.fileType));
  return {
    talents: new Map(found.talents.map((t) => [payoutPersonKey(t.idType, t.idNumber), t])),
    photos,
    coopEnt: new Map(found.coopEnt.map((c) => [c.custId, c.status])),
    coopSup: new Map(found.coopSup.map((c) => [c.custId, c])),
    cards: new Map(found.cards.map((c) => [`${c.custId}:${c.cardNo}`, c])),
    takers: found.takers && new Set(found.takers.map((t) => t.custId)),
    monthUsedFen: new Map(found.used.map((u) => [payoutPersonKey(u.idType, u.idNumber), Number(u.fen)])),
  };
}

export interface PayoutRowsContext {
  ent: PayoutRowFacts['ent'];
  limits: PayoutRowFacts['limits'];
  /** Inner mode: the priced payee per row number. */
  payeeFen?: Map<number, number>;
}

/** Each row's first failing check with its talent; a row that passes adds its amount to its person's later rows. */
export function checkPayoutRows(rows: readonly StoredPayoutRow[], looked: PayoutLookups, context: PayoutRowsContext): Array<RowCheck & { custId: number | null }> {
  const earlier = new Map<string, number>();
  return rows.map((row) => {
    const key = payoutPersonKey(row.idType, row.idNumber);
    const talent = looked.talents.get(key);
    const cid = talent?.id ?? null;
    const sup = cid === null ? undefined : looked.coopSup.get(cid);
    const card = cid === null ? undefined : looked.cards.get(`${cid}:${row.account}`);
    const photos = talent ? looked.photos.get(talent.id) : undefined;
    const facts: PayoutRowFacts = {
      talent: talent ? { name: talent.name, realName: talent.realNameStatus, idPhotoFront: photos?.has(0) ?? false, idPhotoBack: photos?.has(1) ?? false } : null,
      card: card ?? null,
      coopEntStatus: cid === null ? null : (looked.coopEnt.get(cid) ?? null),
      coopSupStatus: sup?.status ?? null,
      signStatus: sup?.signStatus ?? 0,
      taxRegStatus: sup?.taxRegStatus ?? 0,
      ent: context.ent,
      payeeFen: context.payeeFen?.get(row.rowNo) ?? null,
      packageTaker: looked.takers === null ? null : cid !== null && looked.takers.has(cid),
      limits: context.limits,
      monthUsedFen: looked.monthUsedFen.get(key) ?? 0,
      earlierRowsFen: earlier.get(key) ?? 0,
    };
    const result = checkPayoutRow({ name: row.name, idType: row.idType ?? '?', idNumber: row.idNumber, account: row.account, amount: row.amountText }, facts);
    if (result.errorType === 0) earlier.set(key, (earlier.get(key) ?? 0) + (row.amountFen ?? 0));
    return { ...result, custId: cid };
  });
}

/** DOMAIN.md §1: the tax source's per-person defaults when the supplier names none. */
export const DEFAULT_PAYOUT_LIMITS = { singleFen: 5_000_000, monthlyFen: 10_000_000 };

/**
 * An enterprise's per-person limits by its limitType: 1 its own (a blank one the default), 0 the effective
 * supplier's tax source (`taxSource`, undefined when it has none: the defaults), −1 none.
 */
export function payoutLimits(
  limitType: number | null,
  own: { singleFen: number | null; monthlyFen: number | null },
  taxSource: { singleFen: number; monthlyFen: number } | undefined,
): { singleFen: number; monthlyFen: number } | null {
  const type = limitType ?? 0;
  if (type === 1) return { singleFen: Number(own.singleFen ?? DEFAULT_PAYOUT_LIMITS.singleFen), monthlyFen: Number(own.monthlyFen ?? DEFAULT_PAYOUT_LIMITS.monthlyFen) };
  if (type === 0) return taxSource ? { singleFen: Number(taxSource.singleFen), monthlyFen: Number(taxSource.monthlyFen) } : DEFAULT_PAYOUT_LIMITS;
  return null;
}

/** The enterprise's switches an order reads (DOMAIN.md §4). */
export const ORDER_SWITCHES = ['requireIdPhoto', 'requireSign', 'requireTaxReg', 'orderReview', 'tempOrderReview'] as const;

/** An enterprise's row as its orders read it: ent, merchant (parentId), config (limits, switches: null without a row), fee config (calcMode). */
export type OrderEntRow = { supplierId: number; merchtId: number; parentId: number | null; limitType: number | null; singleLimitFen: number | null; monthlyLimitFen: number | null; calcMode: number | null } & Record<(typeof ORDER_SWITCHES)[number], number | null>;

/**
 * Everything about an enterprise its orders depend on: each switch its declared default (entConfig) when the
 * enterprise has no config row, the calc mode (1 inner, else 0) and the per-person limits (payoutLimits).
 */
export function orderEntContext(entId: number, effSupplierId: number, ent: OrderEntRow, taxSource: { singleFen: number; monthlyFen: number } | undefined) {
  const switches = Object.fromEntries(ORDER_SWITCHES.map((s) => [s, (ent[s] ?? entConfig.fields[s].defaultValue) === 1])) as Record<(typeof ORDER_SWITCHES)[number], boolean>;
  const limits = payoutLimits(ent.limitType, { singleFen: ent.singleLimitFen, monthlyFen: ent.monthlyLimitFen }, taxSource);
  return { entId, supplierId: ent.supplierId, effSupplierId, merchtId: ent.merchtId, parentMerchtId: ent.parentId ?? null, ...switches, calcMode: (ent.calcMode === 1 ? 1 : 0) as 0 | 1, limits };
}

/**
 * What a batch of resolved lines does to its order: the ledger moves in row order (a success deducts its lock, 3;
 * a failure unlocks it, 2), the failed rows (their fees are reversed) and what the order's totals grow by.
 */
export function lineResultTotals<L extends { rowNo: number; amountFen: number | string; lockFen: number | string }>(moved: ReadonlyArray<{ line: L; success: boolean }>) {
  const inOrder = [...moved].sort((a, b) => a.line.rowNo - b.line.rowNo);
  const [won, lost] = [true, false].map((success) => inOrder.filter((m) => m.success === success).map((m) => m.line));
  const fen = (lines: L[]) => lines.reduce((sum, l) => sum + Number(l.amountFen), 0);
  return {
    ops: inOrder.map((m): BalanceOp => ({ type: m.success ? 3 : 2, amountFen: Number(m.line.lockFen) })),
    failedRows: lost.map((l) => l.rowNo),
    grow: { successFen: fen(won), failFen: fen(lost), successCount: won.length, failCount: lost.length },
  };
}

/** A line's result as the channel reports it, by the line's serial number. */
export interface LineResult {
  serialNo: string;
  result: string;
  reason?: string | null;
  receiptFile?: string | null;
}

/** The receipt a simulated bank names after the serial number (`回单_<serialNo>.pdf`): one statement names them all. */
export const SERIAL_RECEIPT = '#serial';

/**
 * Lines of one outcome move together: successes with no receipt or the serial-named one; a success with a
 * receipt of its own alone; failures by reason.
 */
export function lineResultGroups<L extends { id: number; serialNo: string }>(lines: readonly L[], results: readonly LineResult[]) {
  const bySerial = new Map(results.map((r) => [r.serialNo, r]));
  const groups = new Map<string, { success: boolean; reason: string | null; receipt: string | null; lines: L[] }>();
  for (const line of lines) {
    const event = bySerial.get(line.serialNo)!;
    const success = event.result === 'SUCCESS';
    const own = success && event.receiptFile && event.receiptFile !== `回单_${line.serialNo}.pdf` ? event.receiptFile : null;
    const receipt = own ?? (success && event.receiptFile ? SERIAL_RECEIPT : null);
    const reason = success ? null : (event.reason ?? null);
    const key = `${success}|${reason}|${receipt ?? ''}|${own ? line.id : ''}`;
    if (!groups.has(key)) groups.set(key, { success, reason, receipt, lines: [] });
    groups.get(key)!.lines.push(line);
  }
  return [...groups.values()];
}
