import { bizLink, shanghaiToday } from '../../src/ent/statement/statement-model';

describe('对账单 helpers', () => {
  it('links each move to its order, recharge or refund list filtered to its number', () => {
    expect(bizLink({ bizType: 20, bizNo: 'PO2026110100001' })).toBe('/order/index?orderNo=PO2026110100001');
    expect(bizLink({ bizType: 10, bizNo: 'RA00000017' })).toBe('/ent/addBal?applyNo=RA00000017');
    expect(bizLink({ bizType: 30, bizNo: 'RF00000001' })).toBe('/ent/refund?refundNo=RF00000001');
  });
  it('reads today in Asia/Shanghai whatever the browser zone', () => {
    expect(shanghaiToday(Date.parse('2026-10-31T16:30:00Z'))).toBe('2026-11-01');
    expect(shanghaiToday(Date.parse('2026-10-31T15:59:59Z'))).toBe('2026-10-31');
  });
});
