/**
 * Line pricing with the calc-fee log (DOMAIN.md §2): rows priced in rowNo order from the month's
 * volumes, one enterprise at a time, and the reversal of charges when lines fail or orders close.
 */
import { FEE_MESSAGES, type FeeConfig, priceLine, splitFee } from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import { Code } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { Row } from '../../resource/codec';
import { feeConfigOf } from '../fee-common';
import { chunks, type Db, type EntContext } from './service';

/** A line priced for an order: its fee, lock and payee, and its calc-fee log charge row. */
export interface PricedLine {
  rowNo: number;
  feeFen: number;
  lockFen: number;
  payeeFen: number;
  charge: Omit<Database['calc_fee_log'], 'id' | 'detailId'>;
}

/**
 * Prices rows in rowNo order from the month volumes so far (charged, unreversed: a reversal's
 * negated amount cancels its charge), each row adding to the volumes of the rows after it.
 * The caller serialises pricing per enterprise (lockPricing).
 */
export async function priceRows(db: Db, ctx: EntContext, orderNo: string, rows: Array<{ rowNo: number; idNumber: string; amountFen: number }>, month: string, now: number): Promise<PricedLine[]> {
  const entCfg = await db.selectFrom('ent_fee_config').selectAll().where('entId', '=', ctx.entId).executeTakeFirst();
  if (!entCfg) throw new ApiError(Code.VALIDATION, FEE_MESSAGES.entConfigMissing);
  const merchantIds = [ctx.merchtId, ...(ctx.parentMerchtId === null ? [] : [ctx.parentMerchtId])];
  const costs = await db.selectFrom('mercht_fee_config').selectAll().where('merchtId', 'in', merchantIds).execute();
  const costOf = (id: number): FeeConfig => {
    const row = costs.find((c) => c.merchtId === id);
    if (!row) throw new ApiError(Code.VALIDATION, FEE_MESSAGES.merchantConfigMissing);
    return feeConfigOf(row as unknown as Row);
  };
  const price = feeConfigOf(entCfg as unknown as Row);
  const merchantCost = costOf(ctx.merchtId);
  const parentCost = ctx.parentMerchtId === null ? null : costOf(ctx.parentMerchtId);
  const sum = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => Number((await where(base()).executeTakeFirstOrThrow()).fen);
  const base = () => db.selectFrom('calc_fee_log').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountFen'), eb.lit(0)).as('fen')).where('month', '=', month);
  let entVolume = await sum((q) => q.where('entId', '=', ctx.entId));
  // One merchant has one month basis whichever role it plays on a line (DOMAIN.md §2): every earlier
  // line of the month where it is the merchant or the parent merchant.
  const merchantBasis = (id: number) => sum((q) => q.where((eb) => eb.or([eb('merchtId', '=', id), eb('parentMerchtId', '=', id)])));
  let merchtVolume = await merchantBasis(ctx.merchtId);
  let parentVolume = ctx.parentMerchtId === null ? 0 : await merchantBasis(ctx.parentMerchtId);
  const payeeVolume = new Map<string, number>();
  if (price.pattern === 2)
    for (const part of chunks([...new Set(rows.map((r) => r.idNumber))]))
      for (const v of await db
        .selectFrom('calc_fee_log')
        .select((eb) => ['idNumber', eb.fn.sum<number>('amountFen').as('fen')])
        .where('month', '=', month)
        .where('entId', '=', ctx.entId)
        .where('idNumber', 'in', part)
        .groupBy('idNumber')
        .execute())
        payeeVolume.set(v.idNumber, Number(v.fen));
  return rows.map((row) => {
    const basisBeforeFen = price.pattern === 2 ? (payeeVolume.get(row.idNumber) ?? 0) : entVolume;
    const line = priceLine({ ...price, calcMode: ctx.calcMode, basisBeforeFen, amountFen: row.amountFen });
    const split = splitFee({
      entFeeFen: line.feeFen,
      amountFen: row.amountFen,
      merchant: { config: merchantCost, basisBeforeFen: merchtVolume },
      parent: parentCost ? { config: parentCost, basisBeforeFen: parentVolume } : null,
    });
    entVolume += row.amountFen;
    merchtVolume += row.amountFen;
    parentVolume += row.amountFen;
    payeeVolume.set(row.idNumber, (payeeVolume.get(row.idNumber) ?? 0) + row.amountFen);
    return {
      rowNo: row.rowNo,
      feeFen: line.feeFen,
      lockFen: line.lockFen,
      payeeFen: line.payeeFen,
      charge: {
        orderNo,
        rowNo: row.rowNo,
        kind: 10,
        entId: ctx.entId,
        supplierId: ctx.supplierId,
        merchtId: ctx.merchtId,
        parentMerchtId: ctx.parentMerchtId,
        idNumber: row.idNumber,
        amountFen: row.amountFen,
        pattern: price.pattern,
        calcMode: ctx.calcMode,
        rounding: price.rounding,
        basisBeforeFen,
        bands: JSON.stringify(line.bands.map((b) => ({ from: b.fromFen, to: b.toFen, ratio: b.ratio, portion: b.portionFen }))),
        entFeeFen: line.feeFen,
        ...split,
        month,
        createdAt: now,
      },
    };
  });
}

/** Pricing reads the month volumes; one enterprise's orders are priced one at a time (PostgreSQL advisory lock). */
export async function lockPricing(trx: Db, dialect: DialectName, entId: number): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`order-pricing:${entId}`}))`.execute(trx);
}

/** Reversal rows (kind 20) of these lines' charges, every amount negated. */
export async function reverseFees(trx: Db, orderNo: string, rowNos: number[] | 'all', now: number): Promise<void> {
  let q = trx.selectFrom('calc_fee_log').selectAll().where('orderNo', '=', orderNo).where('kind', '=', 10);
  if (rowNos !== 'all') {
    if (rowNos.length === 0) return;
    q = q.where('rowNo', 'in', rowNos);
  }
  const charges = await q.execute();
  const already = new Set(
    (await trx.selectFrom('calc_fee_log').select('rowNo').where('orderNo', '=', orderNo).where('kind', '=', 20).execute()).map((r) => r.rowNo),
  );
  const neg = (v: number | null) => (v === null ? null : -Number(v));
  const rows = charges
    .filter((c) => !already.has(c.rowNo))
    .map(({ id: _id, ...c }) => ({
      ...c,
      kind: 20,
      amountFen: -Number(c.amountFen),
      entFeeFen: -Number(c.entFeeFen),
      merchtCostFen: -Number(c.merchtCostFen),
      merchtProfitFen: -Number(c.merchtProfitFen),
      parentCostFen: neg(c.parentCostFen),
      parentProfitFen: neg(c.parentProfitFen),
      supIncomeFen: -Number(c.supIncomeFen),
      createdAt: now,
    }));
  for (const part of chunks(rows)) await trx.insertInto('calc_fee_log').values(part).execute();
}
