/**
 * Line pricing with the calc-fee log (DOMAIN.md §2): rows priced in rowNo order from the month's
 * volumes, one enterprise at a time, and the reversal of charges when lines fail or orders close.
 */
import { FEE_MESSAGES, type FeeConfig, pick } from '@flexpay/shared-utility/src/pure';
import { feeReversal, type PricedLine, priceOrderLines } from '@flexpay/shared-utility/src/pure/rules/server';
import type { DialectName } from '../../db/connect';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { insertChunked, whereEach } from '../../resource/batch';
import { lockName } from '../../resource/lock';
import { feeConfigOf } from '../fee-common';
import { type Db, type EntContext, readParts } from './service';

/**
 * Prices rows in rowNo order from the month volumes so far (charged, unreversed: a reversal's
 * negated amount cancels its charge) by the shared rule priceOrderLines.
 * The caller serialises pricing per enterprise (lockPricing).
 */
export async function priceRows(db: Db, ctx: EntContext, orderNo: string, rows: Array<{ rowNo: number; idNumber: string; amountFen: number }>, month: string, now: number): Promise<PricedLine[]> {
  const entCfg = (await db.selectFrom('ent_fee_config').selectAll().where('entId', '=', ctx.entId).executeTakeFirst()) ?? refuse(Code.VALIDATION, FEE_MESSAGES.entConfigMissing);
  const costs = await db.selectFrom('mercht_fee_config').selectAll().where('merchtId', 'in', [ctx.merchtId, ctx.parentMerchtId ?? ctx.merchtId]).execute();
  const costOf = (id: number): FeeConfig => feeConfigOf(costs.find((c) => c.merchtId === id) ?? refuse(Code.VALIDATION, FEE_MESSAGES.merchantConfigMissing));
  const price = feeConfigOf(entCfg);
  const pricing = { price, calcMode: ctx.calcMode, merchantCost: costOf(ctx.merchtId), parentCost: ctx.parentMerchtId === null ? null : costOf(ctx.parentMerchtId) };
  const sum = async (q: ReturnType<typeof base>) => Number((await q.executeTakeFirstOrThrow()).fen);
  const base = () => db.selectFrom('calc_fee_log').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountFen'), eb.lit(0)).as('fen')).where('month', '=', month);
  // One merchant has one month basis whichever role it plays on a line (DOMAIN.md §2): every earlier
  // line of the month where it is the merchant or the parent merchant.
  const merchantBasis = (id: number) => sum(base().where((eb) => eb.or([eb('merchtId', '=', id), eb('parentMerchtId', '=', id)])));
  const payees = price.pattern === 2 ? await readParts([...new Set(rows.map((r) => r.idNumber))], (part) => whereEach(base().select('idNumber'), { entId: ctx.entId, idNumber: part }).groupBy('idNumber').execute()) : [];
  const basis = {
    entFen: await sum(base().where('entId', '=', ctx.entId)),
    merchantFen: await merchantBasis(ctx.merchtId),
    parentFen: ctx.parentMerchtId === null ? 0 : await merchantBasis(ctx.parentMerchtId),
    payeeFen: new Map(payees.map((v) => [v.idNumber, Number(v.fen)])),
  };
  const head = { ...pick(ctx, ['entId', 'supplierId', 'merchtId', 'parentMerchtId']), orderNo, month, createdAt: now };
  return priceOrderLines(pricing, head, basis, rows);
}

/** Pricing reads the month volumes; one enterprise's orders are priced one at a time (PostgreSQL advisory lock). */
export const lockPricing = (trx: Db, dialect: DialectName, entId: number) => lockName(trx, dialect, `order-pricing:${entId}`);

/** Reversal rows (kind 20) of these lines' charges, every amount negated. */
export async function reverseFees(trx: Db, orderNo: string, rowNos: number[] | 'all', now: number): Promise<void> {
  if (rowNos !== 'all' && rowNos.length === 0) return;
  const ofKind = (kind: number) => trx.selectFrom('calc_fee_log').where('orderNo', '=', orderNo).where('kind', '=', kind);
  // Charges (kind 10) of these lines not reversed yet.
  const charges = await ofKind(10).selectAll().where('rowNo', 'not in', ofKind(20).select('rowNo')).$if(rowNos !== 'all', (q) => q.where('rowNo', 'in', rowNos as number[])).execute();
  await insertChunked(trx, 'calc_fee_log', charges.map(({ id: _id, ...c }) => feeReversal(c, now)), [], 500);
}
