/** VAT of an invoice application (DOMAIN.md §5): the total includes tax, so tax = total·rate/(100 + rate). */
import { RATIO_MAX, roundQuotient } from './fees';

/** `taxRate` is a stored ratio (percent × 10⁴, "6.0000" → 60000); tax is rounded half up, excl takes the rest. */
export function invoiceAmounts(totalFen: number, taxRate: number): { taxFen: number; exclFen: number } {
  if (!Number.isSafeInteger(totalFen) || totalFen < 0 || !Number.isInteger(taxRate) || taxRate < 0 || taxRate > RATIO_MAX)
    throw new RangeError(`invoiceAmounts: bad total ${totalFen} or rate ${taxRate}`);
  const taxFen = roundQuotient(BigInt(totalFen) * BigInt(taxRate), BigInt(RATIO_MAX + taxRate), 0);
  return { taxFen, exclFen: totalFen - taxFen };
}
