/**
 * Demo fees (DOMAIN.md §2, §12): a cost for every demo merchant, a price for every demo enterprise
 * matching its effective contract, and the calc-fee log of the demo orders priced by the shared fee
 * engine exactly as transOrder will price them — rows in order, month volumes as they grow, failed
 * lines reversed — so 按月统计 and the merchants' statistics show real sums on first start.
 */
import { type FeeConfig, formatLadder, type LadderBand, priceLine, splitFee } from '@flexpay/shared-utility/src/pure';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { CalcFeeLogTable } from '../db/schema/fee';
import { formatDateTime } from '../util/time';

const yuan = (y: number) => Math.round(y * 100);
const pct = (p: number) => Math.round(p * 10_000);
const ladder = (bands: Array<[number, number]>): LadderBand[] => bands.map(([fenceYuan, percent]) => ({ fenceFen: yuan(fenceYuan), ratio: pct(percent) }));

const MERCHANT_COSTS: Record<string, FeeConfig> = {
  MER0001: { pattern: 0, rounding: 0, ratio: pct(4.5) },
  MER0002: { pattern: 1, rounding: 0, ladder: ladder([[0, 5], [500_000, 4.5]]) },
  // MER0003 is MER0001's sub: its cost sits above its parent's.
  MER0003: { pattern: 0, rounding: 0, ratio: pct(5.5) },
};

/** [price, calc mode]: the mode follows each enterprise's contract (ENT0002's is inner). */
const ENT_PRICES: Record<string, [FeeConfig, 0 | 1]> = {
  ENT0001: [{ pattern: 1, rounding: 0, ladder: ladder([[0, 7], [100_000, 6], [500_000, 5]]) }, 0],
  ENT0002: [{ pattern: 0, rounding: 0, ratio: pct(6.5) }, 1],
  ENT0003: [{ pattern: 2, rounding: 1, ladder: ladder([[0, 5], [30_000, 8]]) }, 0],
  ENT0004: [{ pattern: 0, rounding: 2, ratio: pct(6.5) }, 0],
  ENT0005: [{ pattern: 2, rounding: 0, ladder: ladder([[0, 6], [30_000, 5.5]]) }, 0],
};

const configColumns = (c: FeeConfig) => ({
  feePattern: c.pattern,
  rounding: c.rounding,
  ratio: c.pattern === 0 ? c.ratio! : null,
  ladder: c.pattern === 0 ? null : JSON.stringify(formatLadder(c.ladder!)),
});

/** transOrder prices every order (DOMAIN.md §4 →0 charge rows); 24/64 ended unpaid, 162 lost its last line. */
const PRICED = new Set([0, 10, 12, 20, 22, 24, 50, 52, 54, 60, 62, 64, 162]);
const reversedLines = (status: number, lines: number) => (status === 24 || status === 64 ? lines : status === 162 ? 1 : 0);

/** An order's amount over its lines by weights 1, 2, 3 …; the last line takes the rest. */
function splitAmount(amountFen: number, lines: number): number[] {
  const weight = (lines * (lines + 1)) / 2;
  const parts = Array.from({ length: lines }, (_, i) => Math.floor((amountFen * (i + 1)) / weight));
  parts[lines - 1] += amountFen - parts.reduce((a, b) => a + b, 0);
  return parts;
}

export async function seedFees(trx: Transaction<Database>, now: number): Promise<void> {
  const merchants = await trx.selectFrom('mercht').select(['id', 'merchtCode', 'parentId']).where('merchtCode', 'in', Object.keys(MERCHANT_COSTS)).execute();
  await trx
    .insertInto('mercht_fee_config')
    .values(merchants.map((m) => ({ merchtId: m.id, ...configColumns(MERCHANT_COSTS[m.merchtCode]), createdAt: now, updatedAt: now })))
    .execute();
  const ents = await trx.selectFrom('ent').select(['id', 'entCode', 'merchtId', 'supplierId']).where('entCode', 'in', Object.keys(ENT_PRICES)).execute();
  await trx
    .insertInto('ent_fee_config')
    .values(ents.map((e) => ({ entId: e.id, merchtId: e.merchtId, calcMode: ENT_PRICES[e.entCode][1], ...configColumns(ENT_PRICES[e.entCode][0]), createdAt: now, updatedAt: now })))
    .execute();

  const costOf = new Map(merchants.map((m) => [m.id, { config: MERCHANT_COSTS[m.merchtCode], parentId: m.parentId }]));
  const entOf = new Map(ents.map((e) => [e.id, e]));
  const payees = await trx.selectFrom('cust').select(['entId', 'idNumber']).orderBy('id').execute();
  const orders = await trx.selectFrom('pay_order').select(['orderNo', 'entId', 'status', 'amountFen', 'detailCount', 'createdAt']).orderBy('createdAt').orderBy('id').execute();

  // Month volumes of charged, unreversed lines: per enterprise, per payee within it, per merchant.
  const volume = new Map<string, number>();
  const basis = (key: string) => volume.get(key) ?? 0;
  const add = (key: string, fen: number) => volume.set(key, basis(key) + fen);
  const rows: Array<Omit<CalcFeeLogTable, 'id'>> = [];
  for (const order of orders) {
    const ent = entOf.get(order.entId);
    if (!ent || !PRICED.has(order.status)) continue;
    const [price, calcMode] = ENT_PRICES[ent.entCode];
    const merchant = costOf.get(ent.merchtId)!;
    const parentId = merchant.parentId;
    const month = formatDateTime(order.createdAt)!.slice(0, 7);
    const own = payees.filter((p) => p.entId === order.entId);
    const amounts = splitAmount(order.amountFen, order.detailCount);
    const reversedFrom = amounts.length - reversedLines(order.status, amounts.length);
    amounts.forEach((amountFen, i) => {
      const idNumber = own[i % own.length].idNumber;
      const keys = { ent: `${month}:e${ent.id}`, payee: `${month}:e${ent.id}:${idNumber}`, mer: `${month}:m${ent.merchtId}`, parent: `${month}:m${parentId}` };
      const basisBeforeFen = price.pattern === 2 ? basis(keys.payee) : basis(keys.ent);
      const line = priceLine({ ...price, calcMode, basisBeforeFen, amountFen });
      const split = splitFee({
        entFeeFen: line.feeFen,
        amountFen,
        merchant: { config: merchant.config, basisBeforeFen: basis(keys.mer) },
        parent: parentId === null ? null : { config: costOf.get(parentId)!.config, basisBeforeFen: basis(keys.parent) },
      });
      const charge = {
        orderNo: order.orderNo, detailId: null, rowNo: i + 1, kind: 10, entId: ent.id, supplierId: ent.supplierId, merchtId: ent.merchtId, parentMerchtId: parentId, idNumber,
        amountFen, pattern: price.pattern, calcMode, rounding: price.rounding, basisBeforeFen,
        bands: JSON.stringify(line.bands.map((b) => ({ from: b.fromFen, to: b.toFen, ratio: b.ratio, portion: b.portionFen }))),
        entFeeFen: line.feeFen, merchtCostFen: split.merchtCostFen, merchtProfitFen: split.merchtProfitFen, parentCostFen: split.parentCostFen, parentProfitFen: split.parentProfitFen,
        supIncomeFen: split.supIncomeFen, month, createdAt: order.createdAt,
      };
      rows.push(charge);
      if (i >= reversedFrom) {
        const negate = (fen: number | null) => (fen === null ? null : -fen);
        rows.push({
          ...charge, kind: 20, amountFen: -amountFen, entFeeFen: -charge.entFeeFen, merchtCostFen: -charge.merchtCostFen, merchtProfitFen: -charge.merchtProfitFen,
          parentCostFen: negate(charge.parentCostFen), parentProfitFen: negate(charge.parentProfitFen), supIncomeFen: -charge.supIncomeFen, createdAt: order.createdAt + 3_600_000,
        });
        return;
      }
      for (const key of [keys.ent, keys.payee, keys.mer, ...(parentId === null ? [] : [keys.parent])]) add(key, amountFen);
    });
  }
  if (rows.length) await trx.insertInto('calc_fee_log').values(rows).execute();
}
