import { invoiceAmounts } from '../../src/pure/rules/invoice-tax';
import { forAll } from './prng';

describe('invoice tax', () => {
  it('1 314.81 at 6 % → tax 74.42, excl 1 240.39 (DOMAIN §5)', () => {
    expect(invoiceAmounts(131_481, 60_000)).toEqual({ taxFen: 7_442, exclFen: 124_039 });
  });

  it('rounds half up and handles 0 %, 13 % and a zero total', () => {
    // 106 fen at 6 %: exactly 6 tax; 53 fen: 3.0 → 3; 9 fen: 0.509… → 1.
    expect(invoiceAmounts(106, 60_000)).toEqual({ taxFen: 6, exclFen: 100 });
    expect(invoiceAmounts(9, 60_000)).toEqual({ taxFen: 1, exclFen: 8 });
    expect(invoiceAmounts(113_00, 130_000)).toEqual({ taxFen: 13_00, exclFen: 100_00 });
    expect(invoiceAmounts(12_345, 0)).toEqual({ taxFen: 0, exclFen: 12_345 });
    expect(invoiceAmounts(0, 60_000)).toEqual({ taxFen: 0, exclFen: 0 });
  });

  it('refuses a negative total or a rate outside 0–100 %', () => {
    expect(() => invoiceAmounts(-1, 60_000)).toThrow(RangeError);
    expect(() => invoiceAmounts(100, 1_000_001)).toThrow(RangeError);
  });

  it('property: tax is the nearest fen to total·rate/(100 + rate), ties up, computed as a fraction of percents', () => {
    forAll(
      2000,
      (rng) => ({ total: rng.pick([rng.int(0, 1000), rng.int(0, 999_999_999_999)]), rate: rng.pick([30_000, 60_000, 90_000, 130_000, rng.int(0, 1_000_000)]) }),
      ({ total, rate }) => {
        // tax/total = (rate/10⁴) / (100 + rate/10⁴): compare 2·tax against 2·exact ± 1 without dividing.
        const { taxFen, exclFen } = invoiceAmounts(total, rate);
        const num = BigInt(total) * BigInt(rate);
        const den = 100n * 10_000n + BigInt(rate);
        const twice = 2n * BigInt(taxFen) * den;
        expect(twice <= 2n * num + den && twice > 2n * num - den).toBe(true);
        expect(taxFen + exclFen).toBe(total);
      },
    );
  });
});
