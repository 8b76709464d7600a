import { PACKAGE_MESSAGES } from '../../src/pure/rules/package';
import { countOf, type SettleTaker, settlementRows, settlementSummary } from '../../src/pure/rules/package-settlement';

const taker = (custId: number, name: string, bankCard: string | null = `62220200000000${custId}`): SettleTaker => ({ custId, name, idType: 111, idNumber: `11010119900101${custId}`, phone: null, bankCard, bankName: '工商银行' });
const completed = [taker(1001, '张三'), taker(1002, '李四'), taker(1003, '王五', null)];

describe('发起结算 rows (settlementRows)', () => {
  it('one payout row per asked taker, in the order asked, paid to the talent card with the amount in yuan', () => {
    expect(settlementRows(completed, [{ custId: 1002, amount: '12.5' }, { custId: '1001', amount: 3 }])).toEqual({
      rows: [
        { name: '李四', idType: 111, idNumber: '110101199001011002', phone: null, account: '622202000000001002', bankName: '工商银行', amount: '12.50', remark: null },
        { name: '张三', idType: 111, idNumber: '110101199001011001', phone: null, account: '622202000000001001', bankName: '工商银行', amount: '3.00', remark: null },
      ],
    });
  });

  it('refuses with the first problem, in the order the server checks them', () => {
    expect(settlementRows(completed, [])).toEqual({ error: PACKAGE_MESSAGES.settleRows });
    expect(settlementRows(completed, 'rows')).toEqual({ error: PACKAGE_MESSAGES.settleRows });
    expect(settlementRows(completed, [null, { custId: 1001, amount: '1' }])).toEqual({ error: PACKAGE_MESSAGES.notCompleted });
    expect(settlementRows(completed, [{ custId: 9999, amount: '1' }])).toEqual({ error: PACKAGE_MESSAGES.notCompleted });
    expect(settlementRows(completed, [{ custId: 1001, amount: '1' }, { custId: 1001, amount: '2' }])).toEqual({ error: PACKAGE_MESSAGES.settleTwice });
    expect(settlementRows(completed, [{ custId: 1001, amount: '0' }])).toEqual({ error: PACKAGE_MESSAGES.settleAmount('张三') });
    expect(settlementRows(completed, [{ custId: 1001, amount: '1.234' }])).toEqual({ error: PACKAGE_MESSAGES.settleAmount('张三') });
    // The amount is checked before the card: a missing card is named only for a valid amount.
    expect(settlementRows(completed, [{ custId: 1003, amount: 'x' }])).toEqual({ error: PACKAGE_MESSAGES.settleAmount('王五') });
    expect(settlementRows(completed, [{ custId: 1003, amount: '5' }])).toEqual({ error: PACKAGE_MESSAGES.noBankCard('王五') });
  });
});

describe('从业者结算 summary (settlementSummary)', () => {
  it('the package as stored, its settled total, takers and lines counted by status, completed takers masked, each open channel once in order', () => {
    const pkg = { id: 7, packageCode: 'PKG00007', name: '包', entId: 3, entName: '企业', reviewStatus: 'REVIEWED', status: 10, settledFen: 20050, supplierId: 9 };
    const takers = [{ status: 10, n: 1 }, { status: 20, n: 2 }, { status: 90, n: 4 }];
    const lines = [{ kind: 10, status: 20, n: '2' }, { kind: 10, status: 30, n: 1 }, { kind: 20, status: null, n: 3 }];
    const summary = settlementSummary(pkg, takers, lines, completed.slice(0, 2), [2, 1, 1]);
    expect(summary).toMatchObject({ id: 7, packageCode: 'PKG00007', name: '包', entId: 3, entName: '企业', reviewStatus: 'REVIEWED', status: 10, settledAmount: '200.50' });
    expect(summary).not.toHaveProperty('supplierId');
    expect(summary).toMatchObject({ takerCount: 3, completedCount: 2, orderLineCount: 3, successLineCount: 2, tempLineCount: 3 });
    expect(summary.completedTakers[0]).toEqual({ custId: 1001, name: '张三', idNumber: expect.stringMatching(/^1101\*+1001$/), account: expect.stringMatching(/^6222\*+1001$/), bankName: '工商银行' });
    expect(summary.channels.map((c) => c.value)).toEqual([1, 2]);
    expect(settlementSummary(pkg, [], [], [taker(5, '赵六', null)], []).completedTakers[0].account).toBeNull();
    expect(countOf(lines, { kind: 10, status: 30 })).toBe(1);
  });
});
