import { bandsText } from '../../src/order/bands';

describe('计费区间 text (bandsText)', () => {
  it('one line per band, the last open-ended, then the fee', () => {
    const row = { entFee: '260.00', bands: [{ from: '0.00', to: '5000.00', ratio: '2.0000', portion: '5000.00' }, { from: '5000.00', to: null, ratio: '3.0000', portion: '5333.33' }] };
    expect(bandsText(row)).toBe(['0.00 ~ 5000.00 元　费率 2.0000%　计费金额 5000.00 元', '5000.00 ~ ∞ 元　费率 3.0000%　计费金额 5333.33 元', '服务费：260.00 元'].join('\n'));
  });

  it('a line priced without bands says 未设置', () => {
    expect(bandsText({ bands: [], entFee: '1.50' })).toBe('未设置\n服务费：1.50 元');
    expect(bandsText({})).toBe('未设置\n服务费：- 元');
  });
});
