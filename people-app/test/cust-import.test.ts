import { CUST_IMPORT_HEADERS, CUST_IMPORT_MAX_ROWS, MESSAGES, residentIdCheckDigit } from '@flexpay/shared-utility';
import { readSheet } from '@flexpay/shared-utility/kit';
import screen, { CUST_SHEET, IMPORT_HISTORY } from '../src/cust/import.screen';
import type { DownloadAction, ImportAction } from '../../shared-utility/src/kit/entity/define';

/** Valid resident IDs: one whose check character is X, and another. */
const withX = (() => {
  for (let seq = 0; ; seq++) {
    const first17 = `11010119900101${String(seq).padStart(3, '0')}`;
    if (residentIdCheckDigit(first17) === 'X') return first17 + 'X';
  }
})();
const other = '11010519491231002X'.slice(0, 17).replace(/.$/, '3');
const valid = other + residentIdCheckDigit(other);
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
    // 导入记录: the history's list in the drawer (a declared listDrawer of IMPORT_HISTORY).
    expect(screen.actions.map((a) => a.kind)).toEqual(['detail', 'template', 'import', 'listDrawer']);
    expect(screen.actions[3]).toMatchObject({ key: 'history', label: '导入记录', codes: [20120], screen: IMPORT_HISTORY });
    expect(screen.list).toEqual(['name', 'idType', 'idNumber', 'phone', 'entId', 'createdAt']);
  });

  test('导入记录: the file name downloads the original file when the server kept it; 结果文件 per row', () => {
    // A row download (rowDownload) of the import's result workbook, offered where the server lists `result`.
    expect(IMPORT_HISTORY.actions).toEqual([expect.objectContaining({ kind: 'download', key: 'result', label: '结果文件', needs: 'result', path: 'cust/mgr/importDFile' })]);
    const result = IMPORT_HISTORY.actions[0] as DownloadAction;
    expect(result.query!({ id: 12 })).toEqual({ id: 12, kind: 'result' });
    expect(IMPORT_HISTORY.columns?.fileName?.render).toBeDefined();
  });
});
