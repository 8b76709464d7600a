import { CUST_IMPORT_HEADERS, CUST_IMPORT_MAX_ROWS, MESSAGES, residentIdCheckChar } from '@flexpay/shared-utility';
import { readSheet } from '@flexpay/shared-utility/kit';
import screen, { CUST_SHEET, IMPORT_HISTORY } from '../src/cust/import.screen';
import type { ImportAction } from '../../shared-utility/src/kit/entity/define';

/** Valid resident IDs: one whose check character is X, and another. */
const withX = (() => {
  for (let seq = 0; ; seq++) {
    const first17 = `11010119900101${String(seq).padStart(3, '0')}`;
    if (residentIdCheckChar(first17) === 'X') return first17 + 'X';
  }
})();
const other = '11010519491231002X'.slice(0, 17).replace(/.$/, '3');
const valid = other + residentIdCheckChar(other);
const row = (idNumber: string, phone = '13800138000') => ['张三', '', idNumber, phone, '6222020200112233445', '', ''];

describe('人才导入 declaration', () => {
  test('the sheet has the columns of the header menu template, so either template imports', () => {
    expect(CUST_SHEET.columns.map((c) => c.title)).toEqual([...CUST_IMPORT_HEADERS]);
    expect(CUST_SHEET.example).toHaveLength(CUST_IMPORT_HEADERS.length);
    expect(CUST_SHEET.maxRows).toBe(CUST_IMPORT_MAX_ROWS);
    expect(CUST_SHEET.noun).toBe('人才');
  });

  test('the preview refuses what the server refuses: field rules and repeats within the file', () => {
    const read = readSheet(CUST_SHEET, [[...CUST_IMPORT_HEADERS], row(withX.toLowerCase()), row(valid, '12345678901'), row(withX)]);
    expect('rows' in read && read.rows.map((r) => r.error)).toEqual([null, MESSAGES.phone, '证件号码与第1行重复']);
    // 开户银行 goes as bankName, 备注 as remark.
    expect('rows' in read && Object.keys(read.rows[0].values)).toEqual(['name', 'idType', 'idNumber', 'phone', 'bankCard', 'bankName', 'remark']);
    const bad = readSheet(CUST_SHEET, [[...CUST_IMPORT_HEADERS], row(withX.slice(0, -1) + '1')]);
    expect('rows' in bad && bad.rows[0].error).toBe('请输入有效的居民身份证号码');
  });

  test('SYS and SPR pick the enterprise; the template and import sit on the talent list', () => {
    const importAction = screen.actions.find((a): a is ImportAction => a.kind === 'import')!;
    // The workbook goes with the rows, so the history keeps the original file.
    expect(importAction).toMatchObject({ path: 'cust/mgr/import', fields: ['entId'], fieldsFor: { entId: ['SYS', 'SPR'] }, keepFile: true });
    expect(screen.actions.map((a) => a.kind)).toEqual(['detail', 'template', 'import', 'custom']);
    expect(screen.list).toEqual(['name', 'idType', 'idNumber', 'phone', 'entId', 'createdAt']);
  });

  test('导入记录: the file name downloads the original file when the server kept it; 结果文件 per row', () => {
    expect(IMPORT_HISTORY.actions).toEqual([expect.objectContaining({ kind: 'custom', key: 'result', label: '结果文件', scope: 'row', needs: 'result' })]);
    expect(IMPORT_HISTORY.columns?.fileName?.render).toBeDefined();
  });
});
