import { finishedOrderStatus, lockedOrderStatus } from '../../src/pure/rules/order-steps';

describe('a payout order’s system steps (DOMAIN.md §4)', () => {
  it('after the lock: review on the manual channel 0 or when the enterprise reviews orders, else straight to the channel', () => {
    expect(lockedOrderStatus(0, false)).toBe(20);
    expect(lockedOrderStatus(1, true)).toBe(20);
    expect(lockedOrderStatus(1, false)).toBe(50);
    expect(lockedOrderStatus(99, false)).toBe(50);
  });

  it('the last line resolved: 62 all paid, 64 all failed, 162 mixed', () => {
    expect(finishedOrderStatus({ successCount: 3, failCount: 0 })).toBe(62);
    expect(finishedOrderStatus({ successCount: 0, failCount: 2 })).toBe(64);
    expect(finishedOrderStatus({ successCount: 1, failCount: 1 })).toBe(162);
  });
});
