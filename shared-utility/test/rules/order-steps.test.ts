import { finishedOrderStatus, lockedOrderStatus, recheckedLines, recheckOf } from '../../src/pure/rules/order-steps';

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

  it('the re-check of stored lines: amounts from fen (bigint text too), payees by row, the month, the people upper-cased', () => {
    const lines = [
      { id: 7, rowNo: 1, idType: 1, idNumber: '11010119900101001x', month: '2026-11', amountFen: '123456', payeeFen: 120000, errorType: 0, name: '张三' },
      { id: 8, rowNo: 2, idType: null, idNumber: 'A1', month: '2026-11', amountFen: 5, payeeFen: '4', errorType: 20, name: '李四' },
    ];
    const { rows, payeeFen, month, people } = recheckOf(lines);
    expect(rows.map((r) => [r.amountText, r.amountFen, r.name])).toEqual([['1234.56', 123456, '张三'], ['0.05', 5, '李四']]);
    expect([...payeeFen]).toEqual([[1, 120000], [2, 4]]);
    expect(month).toBe('2026-11');
    expect(people).toEqual(['1:11010119900101001X', ':A1']);
    expect(recheckOf([]).month).toBe('');
  });

  it('the re-check outcome: the failing rows counted, only the lines whose error changed written', () => {
    const lines = [{ id: 1, errorType: 0 }, { id: 2, errorType: 20 }, { id: 3, errorType: 30 }];
    const checks = [{ errorType: 0, errorMsg: null }, { errorType: 0, errorMsg: null }, { errorType: 40, errorMsg: '超出单笔限额' }];
    expect(recheckedLines(lines, checks)).toEqual({ failed: 1, changed: [{ id: 2, errorType: 0, reason: null }, { id: 3, errorType: 40, reason: '超出单笔限额' }] });
    expect(recheckedLines(lines.slice(0, 1), checks.slice(0, 1))).toEqual({ failed: 0, changed: [] });
  });
});
