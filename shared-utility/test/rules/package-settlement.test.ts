import { PACKAGE_MESSAGES, type SettleTaker, settlementRows } from '../../src/pure/rules/package';

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
