import { effectiveSupplierOf, newOrderRefusal, OrderGateMessages } from '../../src/pure/rules/server';

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
