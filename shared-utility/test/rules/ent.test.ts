import { channelBalanceTotals, effectiveSupplierOf, newOrderRefusal, OrderGateMessages, rechargeAnswerMove } from '../../src/pure/rules/server';

describe('enterprise rules: may it start a new payout order', () => {
  test('an enabled enterprise under enabled merchants may order', () => {
    expect(newOrderRefusal({ entStatus: 0, merchtStatus: 0, parentMerchtStatus: null })).toBeNull();
    expect(newOrderRefusal({ entStatus: 0, merchtStatus: 0, parentMerchtStatus: 0 })).toBeNull();
  });
  test('a disabled enterprise, merchant or parent merchant blocks it, the enterprise named first', () => {
    expect(newOrderRefusal({ entStatus: 1, merchtStatus: 0, parentMerchtStatus: null })).toBe(OrderGateMessages.entDisabled);
    expect(newOrderRefusal({ entStatus: 1, merchtStatus: 1, parentMerchtStatus: 1 })).toBe(OrderGateMessages.entDisabled);
    expect(newOrderRefusal({ entStatus: 0, merchtStatus: 1, parentMerchtStatus: null })).toBe(OrderGateMessages.merchantDisabled);
    expect(newOrderRefusal({ entStatus: 0, merchtStatus: 0, parentMerchtStatus: 1 })).toBe(OrderGateMessages.merchantDisabled);
  });
});

describe('enterprise money: the supplier whose channels apply', () => {
  test('a 300 supplier itself, a 200 its parent, a 100 its distributor upstream (none: null)', () => {
    expect(effectiveSupplierOf({ id: 5, merchtType: 300, parentId: null, upstreamId: null })).toBe(5);
    expect(effectiveSupplierOf({ id: 6, merchtType: 200, parentId: 5, upstreamId: 9 })).toBe(5);
    expect(effectiveSupplierOf({ id: 7, merchtType: 100, parentId: 5, upstreamId: 9 })).toBe(9);
    expect(effectiveSupplierOf({ id: 7, merchtType: 100, parentId: 5, upstreamId: null })).toBeNull();
  });
});

describe('通道余额: per channel and in total', () => {
  test('sums in yuan per channel (numeric text too), the grand total over the channels; none: zeros', () => {
    const rows = [
      { channel: 0, channelName: '线下', accounts: 2, available: '150050', locked: 25 },
      { channel: 1, channelName: '银行', accounts: '1', available: -100, locked: '0' },
    ];
    expect(channelBalanceTotals(rows)).toEqual({
      records: [
        { channel: 0, channelName: '线下', accounts: 2, available: '1500.50', locked: '0.25' },
        { channel: 1, channelName: '银行', accounts: 1, available: '-1.00', locked: '0.00' },
      ],
      total: { accounts: 3, available: '1499.50', locked: '0.25' },
    });
    expect(channelBalanceTotals([])).toEqual({ records: [], total: { accounts: 0, available: '0.00', locked: '0.00' } });
  });
});

describe("充值申请: a bank channel's answer to 开始处理", () => {
  test('arrived → 50, not arrived → 51 未查询到到账记录, the adapter failing → 21 通道处理异常', () => {
    expect(rechargeAnswerMove(true)).toEqual({ to: 50, reason: null });
    expect(rechargeAnswerMove(false)).toEqual({ to: 51, reason: '未查询到到账记录' });
    expect(rechargeAnswerMove(null)).toEqual({ to: 21, reason: '通道处理异常' });
  });
});
