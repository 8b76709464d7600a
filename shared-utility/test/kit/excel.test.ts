import * as XLSX from 'xlsx';
import {
  buildWorkbook,
  checkExcelFile,
  columnWidths,
  EXCEL_MAX_BYTES,
  exportFileName,
  exportRows,
  sheetMatrix,
  type Xlsx,
} from '../../src/kit/excel/xlsx';
import type { Column } from '../../src/kit/screen';

const columns: Column[] = [
  { key: 'name', title: '名称' },
  { key: 'status', title: '状态', enum: 'status' },
  { key: 'amount', title: '金额', money: true },
];
const rows = [
  { name: 'Alpha Co', status: 0, amount: '12.5' },
  { name: '北京某某科技有限公司', status: 1, amount: '1000000' },
];

describe('export workbook', () => {
  test('header row of titles and formatted enum/money values', () => {
    const workbook = buildWorkbook(XLSX, rows, columns);
    const sheet = workbook.Sheets[workbook.SheetNames[0]];
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['名称', '状态', '金额'],
      ['Alpha Co', '正常', '12.50'],
      ['北京某某科技有限公司', '禁用', '1000000.00'],
    ]);
  });

  test('auto column widths from the longest cell, CJK counted twice', () => {
    const sheet = buildWorkbook(XLSX, rows, columns).Sheets.Sheet1;
    // 北京某某科技有限公司 = 10 CJK = 20; 状态/正常/禁用 = 4; 1000000.00 = 10; plus 2 padding.
    expect(sheet['!cols']).toEqual([{ wch: 22 }, { wch: 6 }, { wch: 12 }]);
    expect(columnWidths([['a', '中文'], ['abcd', '']])).toEqual([6, 6]);
  });

  test('default file name 数据_yyyyMMddHHmmss.xlsx', () => {
    expect(exportFileName(undefined, new Date(2024, 10, 2, 13, 4, 5))).toBe('数据_20241102130405.xlsx');
    expect(exportFileName('订单')).toBe('订单.xlsx');
    expect(exportFileName('a.xlsx')).toBe('a.xlsx');
  });

  test('exportRows writes the workbook under the export name', () => {
    const writeFile = jest.fn();
    const fake = { ...XLSX, writeFile } as unknown as Xlsx;
    const { fileName, workbook } = exportRows(fake, rows, columns, { now: new Date(2024, 0, 1, 0, 0, 0) });
    expect(fileName).toBe('数据_20240101000000.xlsx');
    expect(writeFile).toHaveBeenCalledWith(workbook, fileName, { bookType: 'xlsx', compression: true });
  });

  test('sheetMatrix reads the first sheet as rows of cells, header first', () => {
    const data = XLSX.write(buildWorkbook(XLSX, rows, columns), { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    expect(sheetMatrix(XLSX, data)).toEqual([
      ['名称', '状态', '金额'],
      ['Alpha Co', '正常', '12.50'],
      ['北京某某科技有限公司', '禁用', '1000000.00'],
    ]);
  });
});

describe('excel upload check', () => {
  test('xls and xlsx only', () => {
    expect(checkExcelFile({ name: 'a.xlsx', size: 10 })).toBeNull();
    expect(checkExcelFile({ name: 'A.XLS', size: 10 })).toBeNull();
    expect(checkExcelFile({ name: 'a.csv', size: 10 })).toBe('只能上传 xls 或 xlsx 文件');
  });

  test('at most 2 MB', () => {
    expect(checkExcelFile({ name: 'a.xlsx', size: EXCEL_MAX_BYTES })).toBeNull();
    expect(checkExcelFile({ name: 'a.xlsx', size: EXCEL_MAX_BYTES + 1 })).toBe('文件大小不能超过 2MB');
  });

  test('one file only', () => {
    expect(checkExcelFile({ name: 'a.xlsx', size: 10 }, 2)).toBe('只能上传一个文件');
  });
});
