/**
 * An order's lines priced with their calc-fee log rows (DOMAIN.md §2), the reversal of such rows, and the
 * totals an order carries: pure, so the server prices from the month volumes it read and the browser could
 * show the same figures. Lines are priced in rowNo order, each adding to the volumes of the lines after it.
 */
import { formatRatio } from '../entity';
import { formatFen } from '../money';
import { type CalcMode, type FeeConfig, type FeeSplit, priceLine, splitFee } from './fees';
import type { StoredPayoutRow } from './order-checks';

/** The month volumes before the first line: the enterprise's, its merchant's and parent's, each payee's (pattern 2). */
export interface PricingBasis {
  entFen: number;
  merchantFen: number;
  parentFen: number;
  payeeFen: Map<string, number>;
}

/** Who a charge row names and when it is written. */
export interface ChargeHead {
  orderNo: string;
  entId: number;
  supplierId: number;
  merchtId: number;
  parentMerchtId: number | null;
  month: string;
  createdAt: number;
}

/** A calc-fee log row (kind 10 a charge, 20 its reversal), as stored. */
export interface FeeCharge extends ChargeHead, FeeSplit {
  rowNo: number;
  kind: number;
  idNumber: string;
  amountFen: number;
  pattern: number;
  calcMode: number;
  rounding: number;
  basisBeforeFen: number;
  bands: string;
  entFeeFen: number;
}

/** A line priced for an order: its fee, lock and payee, and its calc-fee log charge row. */
export interface PricedLine {
  rowNo: number;
  feeFen: number;
  lockFen: number;
  payeeFen: number;
  charge: FeeCharge;
}

export interface OrderPricing {
  price: FeeConfig;
  calcMode: CalcMode;
  merchantCost: FeeConfig;
  parentCost: FeeConfig | null;
}

/** Prices rows in rowNo order from `basis` (which it advances); pattern 2 reads each payee's own volume. */
export function priceOrderLines(pricing: OrderPricing, head: ChargeHead, basis: PricingBasis, rows: ReadonlyArray<{ rowNo: number; idNumber: string; amountFen: number }>): PricedLine[] {
  const { price, calcMode, merchantCost, parentCost } = pricing;
  return rows.map((row) => {
    const basisBeforeFen = price.pattern === 2 ? (basis.payeeFen.get(row.idNumber) ?? 0) : basis.entFen;
    const line = priceLine({ ...price, calcMode, basisBeforeFen, amountFen: row.amountFen });
    const split = splitFee({
      entFeeFen: line.feeFen,
      amountFen: row.amountFen,
      merchant: { config: merchantCost, basisBeforeFen: basis.merchantFen },
      parent: parentCost ? { config: parentCost, basisBeforeFen: basis.parentFen } : null,
    });
    basis.entFen += row.amountFen;
    basis.merchantFen += row.amountFen;
    basis.parentFen += row.amountFen;
    basis.payeeFen.set(row.idNumber, (basis.payeeFen.get(row.idNumber) ?? 0) + row.amountFen);
    const bands = JSON.stringify(line.bands.map((b) => ({ from: b.fromFen, to: b.toFen, ratio: b.ratio, portion: b.portionFen })));
    const charge: FeeCharge = { ...head, rowNo: row.rowNo, kind: 10, idNumber: row.idNumber, amountFen: row.amountFen, pattern: price.pattern, calcMode, rounding: price.rounding, basisBeforeFen, bands, entFeeFen: line.feeFen, ...split };
    return { rowNo: row.rowNo, feeFen: line.feeFen, lockFen: line.lockFen, payeeFen: line.payeeFen, charge };
  });
}

const neg = (v: number | null) => (v === null ? null : -Number(v));

/** The reversal (kind 20) of a charge row: every amount negated, written at `now`. */
export function feeReversal<C extends Omit<FeeCharge, 'createdAt'>>(charge: C, now: number): C & { kind: number; createdAt: number } {
  return {
    ...charge,
    kind: 20,
    amountFen: -Number(charge.amountFen),
    entFeeFen: -Number(charge.entFeeFen),
    merchtCostFen: -Number(charge.merchtCostFen),
    merchtProfitFen: -Number(charge.merchtProfitFen),
    parentCostFen: neg(charge.parentCostFen),
    parentProfitFen: neg(charge.parentProfitFen),
    supIncomeFen: -Number(charge.supIncomeFen),
    createdAt: now,
  };
}

/** Who and what an order made from a temp order names (its lines copy them). */
export interface PayoutOrderHead {
  orderNo: string;
  entId: number;
  /** The enterprise's supplier: the order names it. */
  supplierId: number;
  /** The 300 supplier whose limits apply: the lines name it. */
  effSupplierId: number;
  merchtId: number;
  payChannel: number;
  calcMode: number;
  /** The temp order it is made from, its remark, and who made it. */
  tempOrderNo: string;
  remark: string | null;
  operatorName: string;
  month: string;
  now: number;
}

/**
 * The order a temp order's checked and priced rows make (DOMAIN.md §4): its row (totals, status 0, due to
 * the worker now), and one line per row — numbered `<orderNo>-<rowNo>` for the channel, with its price,
 * its talent and status 0.
 */
export function payoutOrderOf(head: PayoutOrderHead, rows: ReadonlyArray<StoredPayoutRow & { amountFen: number }>, priced: readonly PricedLine[], custIds: ReadonlyArray<number | null>) {
  const { orderNo, entId, effSupplierId, merchtId, payChannel, month, now } = head;
  const sum = (f: (p: PricedLine) => number) => priced.reduce((s, p) => s + f(p), 0);
  const totals = { amountFen: rows.reduce((s, r) => s + r.amountFen, 0), feeFen: sum((p) => p.feeFen), lockFen: sum((p) => p.lockFen), detailCount: rows.length };
  const { supplierId, calcMode, tempOrderNo, remark, operatorName } = head;
  const order = { ...totals, orderNo, entId, supplierId, merchtId, status: 0, payChannel, calcMode, tempOrderNo, remark, operatorName, nextRunAt: now, createdAt: now, updatedAt: now };
  const lines = rows.map((r, i) => ({
    orderNo,
    rowNo: r.rowNo,
    serialNo: `${orderNo}-${r.rowNo}`,
    entId,
    supplierId: effSupplierId,
    merchtId,
    payChannel,
    custId: custIds[i] ?? null,
    name: r.name,
    idType: r.idType!,
    idNumber: r.idNumber,
    phone: r.phone,
    account: r.account,
    bankName: r.bankName,
    amountFen: r.amountFen,
    feeFen: priced[i].feeFen,
    lockFen: priced[i].lockFen,
    payeeFen: priced[i].payeeFen,
    status: 0,
    errorType: 0,
    remark: r.remark,
    month,
    createdAt: now,
    updatedAt: now,
  }));
  return { order, lines };
}

/** A charge row's bands (stored as priceOrderLines writes them) as the wire shows them: money and ratio strings. */
export function feeBandsShown(stored: unknown): Array<{ from: string; to: string; ratio: string; portion: string }> {
  const bands = (typeof stored === 'string' ? JSON.parse(stored) : (stored ?? [])) as Array<{ from: number; to: number; ratio: number; portion: number }>;
  return bands.map((b) => ({ from: formatFen(b.from), to: formatFen(b.to), ratio: formatRatio(b.ratio)!, portion: formatFen(b.portion) }));
}
