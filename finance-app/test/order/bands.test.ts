import { BANDS_TABLE, bandsFee } from '../../src/order/bands';

const cells = (row: Record<string, unknown>) => BANDS_TABLE.items(row).map((band) => BANDS_TABLE.columns.map((column) => column.value(band)));

describe('计费区间 (the bands table and the fee)', () => {
  it('one row per band with money separated, the last open-ended, then the fee', () => {
    const row = { entFee: '1260.00', bands: [{ from: '0.00', to: '5000.00', ratio: '2.0000', portion: '5000.00' }, { from: '5000.00', to: null, ratio: '3.0000', portion: '35333.33' }] };
    expect(BANDS_TABLE.columns.map((column) => column.title)).toEqual(['区间(元)', '费率(%)', '计费金额(元)']);
    expect(cells(row)).toEqual([
      ['0.00 ~ 5,000.00', '2.0000', '5,000.00'],
      ['5,000.00 ~ ∞', '3.0000', '35,333.33'],
    ]);
    expect(bandsFee(row)).toBe('服务费：1,260.00 元');
  });

  it('a line priced without bands has no rows (the kit says 未设置)', () => {
    expect(cells({ bands: [], entFee: '1.50' })).toEqual([]);
    expect(cells({})).toEqual([]);
    expect(BANDS_TABLE.empty).toBe('未设置');
    expect(bandsFee({})).toBe('服务费：- 元');
  });
});
