import { formatMoney, greeting, readSummary } from '../src/dashboard/summary';

describe('dashboard summary reading', () => {
  it('reads a flat answer with a numeric pendingReviews and its breakdown', () => {
    const view = readSummary({
      pendingReviews: 5,
      tempOrders: 2,
      balanceApplies: 1,
      invoiceApplies: 2,
      todayOrderCount: 12,
      todayOrderAmount: '1234567.5',
      balance: '88.00',
      entCount: 3,
      custCount: 1024,
      somethingNew: 7,
    });
    expect(view.pendingTotal).toBe(5);
    expect(view.pending.map((s) => [s.label, s.text])).toEqual([
      ['待审核制单', '2'],
      ['待审核充值', '1'],
      ['待审核开票', '2'],
    ]);
    expect(view.overview.map((s) => [s.key, s.text])).toEqual([
      ['todayOrderCount', '12'],
      ['todayOrderAmount', '1,234,567.50'],
      ['balance', '88.00'],
      ['entCount', '3'],
      ['custCount', '1,024'],
    ]);
  });

  it('reads pendingReviews given as an object with a total and sums a breakdown without one', () => {
    expect(readSummary({ pendingReviews: { total: 4, tempOrders: 4 } }).pendingTotal).toBe(4);
    const summed = readSummary({ pendingReviews: { tempOrders: 1, invoiceApplies: 2 } });
    expect(summed.pendingTotal).toBe(3);
    expect(summed.pending).toHaveLength(2);
  });

  it('drops malformed values and survives empty answers', () => {
    expect(readSummary({ todayOrderAmount: 'abc', entCount: null, balance: {} }).overview).toEqual([]);
    expect(readSummary(null)).toEqual({ pendingTotal: null, pending: [], overview: [] });
  });

  it('formats money strings without floating point', () => {
    expect(formatMoney('0.1')).toBe('0.10');
    expect(formatMoney('-1000')).toBe('-1,000.00');
    expect(formatMoney('9999999999.99')).toBe('9,999,999,999.99');
    expect(formatMoney('1.234')).toBeNull();
  });

  it('greets by the time of day', () => {
    expect(greeting(9)).toBe('上午好');
    expect(greeting(15)).toBe('下午好');
    expect(greeting(21)).toBe('晚上好');
  });
});
