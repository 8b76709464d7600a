import { CUST_IMPORT_MAX_ROWS, CUST_IMPORT_MESSAGES } from '../../src/pure';
import { importCountRefusal, IMPORT_OUTCOMES, importOutcome, importResultLines, importRowView } from '../../src/pure/rules/server';

describe('人才导入 outcomes and result workbook', () => {
  test('a new person is created; a registered one linked only when a cooperation row was missing', () => {
    expect(importOutcome(true, true)).toBe(IMPORT_OUTCOMES.created);
    expect(importOutcome(false, true)).toBe('人员已登记，已添加合作关系');
    expect(importOutcome(false, false)).toBe('人员已登记，合作关系已存在');
  });

  test('a body without rows, or with more than one import takes, is refused before its rows are read', () => {
    expect(importCountRefusal(undefined)).toBe(CUST_IMPORT_MESSAGES.rowsRequired);
    expect(importCountRefusal('x')).toBe(CUST_IMPORT_MESSAGES.rowsRequired);
    expect(importCountRefusal([])).toBe(CUST_IMPORT_MESSAGES.rowsRequired);
    expect(importCountRefusal(new Array(CUST_IMPORT_MAX_ROWS + 1).fill({}))).toBe(CUST_IMPORT_MESSAGES.tooManyRows);
    expect(importCountRefusal(new Array(CUST_IMPORT_MAX_ROWS).fill({}))).toBeNull();
  });

  test('stored rows are shown masked, ok as a boolean, and become the result lines under their header', () => {
    const stored = { rowNo: 1, name: '张三', idType: 111, idNumber: '110101199003071234', ok: 1, message: IMPORT_OUTCOMES.created, custCode: 'C1' };
    expect(importRowView(stored)).toMatchObject({ idNumber: '1101**********1234', ok: true });
    expect(importResultLines([stored, { ...stored, rowNo: 2, ok: 0, custCode: null, message: null }])).toEqual([
      ['行号', '姓名', '证件类型', '证件号码', '人才编号', '结果', '说明'],
      [1, '张三', '居民身份证', '1101**********1234', 'C1', '成功', '新增人才'],
      [2, '张三', '居民身份证', '1101**********1234', '', '失败', ''],
    ]);
  });
});
