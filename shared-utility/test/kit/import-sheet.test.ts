import * as XLSX from 'xlsx';
import { checkCustImportRows, cust, MESSAGES } from '../../src/pure';
import { IMPORT_MESSAGES, importSheet, readSheet, rowOutcomes, answerRows, templateWorkbook } from '../../src/kit/entity/import-sheet';
import { sheetMatrix } from '../../src/kit/excel/xlsx';

/** The talent import as people-app declares it: entity fields, a template-only column and a declared one. */
const sheet = importSheet(cust, {
  title: '人才导入模板',
  columns: ['name', 'idType', 'idNumber', 'phone', 'bankCard', { title: '开户银行' }, { title: '备注', name: 'remark' }],
  example: ['张三', '居民身份证', '110101199001011261', '13800138000', '6222020200112233445', '中国工商银行', ''],
  maxRows: 3,
  check: (rows) => checkCustImportRows(rows).map((c) => c.error),
});
const HEADER = ['姓名', '证件类型', '证件号码', '手机号', '银行卡号', '开户银行', '备注'];
const good = (id: string, phone = '13800138000') => ['张三', '居民身份证', id, phone, '6222020200112233445', '中国工商银行', ''];

describe('import sheet columns', () => {
  test('entity fields are titled by their label; columns without a name are not read', () => {
    expect(sheet.columns.map((c) => c.title)).toEqual(HEADER);
    expect(sheet.columns.map((c) => c.name)).toEqual(['name', 'idType', 'idNumber', 'phone', 'bankCard', undefined, 'remark']);
    expect(sheet.noun).toBe('人才');
  });

  test('cells map to the named columns, trimmed, numbers as text', () => {
    const read = readSheet(sheet, [HEADER, [' 李四 ', '142', 'AB12', 13900001111, '1234567890', '工行', ' 备注 ']]);
    expect(read).toEqual({
      rows: [{ rowNo: 1, values: { name: '李四', idType: '142', idNumber: 'AB12', phone: '13900001111', bankCard: '1234567890', remark: '备注' }, error: null }],
    });
  });
});

describe('sheet-wide problems refuse the file', () => {
  test('the header must be the template, in order (trailing empty cells allowed)', () => {
    expect(readSheet(sheet, [[...HEADER, ''], good('110101199001011261')])).toHaveProperty('rows');
    const swapped = [HEADER[1], HEADER[0], ...HEADER.slice(2)];
    expect(readSheet(sheet, [swapped, good('110101199001011261')])).toEqual({ problem: IMPORT_MESSAGES.header(HEADER) });
    expect(readSheet(sheet, [HEADER.slice(0, 6)])).toEqual({ problem: IMPORT_MESSAGES.header(HEADER) });
  });

  test('no data rows, blank rows skipped, and the row limit', () => {
    expect(readSheet(sheet, [])).toEqual({ problem: '导入文件中没有人才数据' });
    expect(readSheet(sheet, [HEADER, ['', ' ', '']])).toEqual({ problem: '导入文件中没有人才数据' });
    const four = ['110101199001011261', '110101199001011245', '110101199001011253', '110101199001011261'].map((id) => good(id));
    expect(readSheet(sheet, [HEADER, ...four])).toEqual({ problem: '单次最多导入3条人才，请拆分文件后再导入' });
    const read = readSheet(sheet, [HEADER, four[0], ['', ''], four[1]]);
    expect('rows' in read && read.rows.map((r) => r.rowNo)).toEqual([1, 2]);
  });
});

describe('per-row validation with the shared rules', () => {
  test('each row gets the server check message; repeats point at the first row', () => {
    const read = readSheet(sheet, [HEADER, good('11010119900101004x'), good('110101199001015676', '12345678901'), good('11010119900101004X')]);
    expect('rows' in read && read.rows.map((r) => [r.rowNo, r.error])).toEqual([
      [1, null],
      [2, MESSAGES.phone],
      [3, '证件号码与第1行重复'],
    ]);
  });

  test('a long number typed as a number lost digits: asked as text before the rules run', () => {
    const read = readSheet(sheet, [HEADER, ['张三', '', 440106198501011234, '13800138000', 6222020200112233445, '', '']]);
    expect('rows' in read && read.rows[0].error).toBe(IMPORT_MESSAGES.digits('证件号码'));
  });
});

describe('template and results', () => {
  test('the template holds the titles and the example, and reads back without problems', () => {
    const book = templateWorkbook(XLSX, sheet);
    expect(book.SheetNames).toEqual(['人才']);
    const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const matrix = sheetMatrix(XLSX, data);
    expect(matrix).toEqual([HEADER, sheet.example]);
    expect(readSheet(sheet, matrix)).toEqual({ rows: [expect.objectContaining({ rowNo: 1, error: null })] });
  });

  test('the server names refused rows; the others share the batch fate', () => {
    const read = readSheet(sheet, [HEADER, good('110101199001011261'), good('110101199001011245')]);
    const rows = 'rows' in read ? read.rows : [];
    expect(rowOutcomes(rows, answerRows({ rows: [{ rowNo: 1, ok: true }, { rowNo: 2, ok: true }] }), false)).toEqual([
      { rowNo: 1, ok: true, message: '已导入' },
      { rowNo: 2, ok: true, message: '已导入' },
    ]);
    expect(rowOutcomes(rows, answerRows({ rows: [{ rowNo: 2, ok: false, message: '证件号码已存在' }] }), true)).toEqual([
      { rowNo: 1, ok: false, message: '未导入' },
      { rowNo: 2, ok: false, message: '证件号码已存在' },
    ]);
    expect(answerRows(null)).toEqual([]);
  });
});
