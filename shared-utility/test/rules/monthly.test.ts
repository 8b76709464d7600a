import { monthlySums } from '../../src/pure/rules/server';

describe('monthlySums (按月汇总)', () => {
  test('months in yuan text with their line count, and the total of the range', () => {
    const rows = [
      { month: '2026-09', lineCount: '3', amount: '123450', entFee: 1000 },
      { month: '2026-10', lineCount: 2, amount: 5, entFee: null },
    ];
    expect(monthlySums(rows, ['amount', 'entFee'], true)).toEqual({
      months: [
        { month: '2026-09', lineCount: 3, amount: '1234.50', entFee: '10.00' },
        { month: '2026-10', lineCount: 2, amount: '0.05', entFee: '0.00' },
      ],
      total: { lineCount: 5, amount: '1234.55', entFee: '10.00' },
    });
  });

  test('a view without line counts answers money only; no months add up to zero', () => {
    expect(monthlySums([{ month: '2026-11', recharge: 100, lineCount: 9 }], ['recharge'], false)).toEqual({ months: [{ month: '2026-11', recharge: '1.00' }], total: { recharge: '1.00' } });
    expect(monthlySums([], ['amount'], true)).toEqual({ months: [], total: { lineCount: 0, amount: '0.00' } });
  });
});
