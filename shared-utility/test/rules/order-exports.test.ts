import { ORDER_EXPORT_MODES, type ExportLine, orderExportMode, orderExportSheet } from '../../src/pure/rules/order-exports';

const line = (over: Partial<ExportLine> = {}): ExportLine => ({
  entId: 1, entName: '甲企业', orderNo: 'PO1', rowNo: 1, serialNo: 'PO1-1', name: '张三', idType: 111, idNumber: '11010519491231002X',
  account: '6222021234567890128', bankName: null, amountFen: 10_000, payeeFen: 9_900, month: '2026-11', resultAt: '2026-11-26 10:00:00', ...over,
});

describe('order export modes (ORDER_EXPORT_MODES, orderExportSheet)', () => {
  it('three modes, each with its title, button and who may; 10 and others are no mode', () => {
    expect(Object.values(ORDER_EXPORT_MODES).map((m) => [m.mode, m.title, m.button, m.for.join()])).toEqual([
      [20, '完工证明', '导出完工证明', 'ENT,SPR,SYS'],
      [30, '税务申报', '导出税务申报', 'SPR,SYS'],
      [40, '人工代发', '导出人工代付表', 'SPR,SYS'],
    ]);
    expect(orderExportMode('30')?.whole).toEqual(['idNumber']);
    expect(orderExportMode(10)).toBeUndefined();
    expect(orderExportMode('x')).toBeUndefined();
  });

  it('完工证明 masks the ID number; 人工代发 carries it and the account whole', () => {
    const [head, row] = orderExportSheet(20, [line()]);
    expect(head).toEqual(['企业', '订单编号', '行号', '姓名', '证件号码', '金额(元)', '实发金额(元)', '完成时间']);
    expect(row).toEqual(['甲企业', 'PO1', 1, '张三', expect.not.stringContaining('91231'), '100.00', '99.00', '2026-11-26 10:00:00']);
    expect(orderExportSheet(40, [line()])[1]).toEqual(['PO1', 1, '张三', '11010519491231002X', '6222021234567890128', '', '99.00', 'PO1-1']);
  });

  it('税务申报 sums the payee per enterprise, person and month', () => {
    const sheet = orderExportSheet(30, [line(), line({ rowNo: 2, payeeFen: 100 }), line({ month: '2026-10' }), line({ entId: 2, entName: '乙企业' })]);
    expect(sheet.slice(1)).toEqual([
      ['2026-11', '甲企业', '张三', 111, '11010519491231002X', 2, '100.00'],
      ['2026-10', '甲企业', '张三', 111, '11010519491231002X', 1, '99.00'],
      ['2026-11', '乙企业', '张三', 111, '11010519491231002X', 1, '99.00'],
    ]);
  });
});
