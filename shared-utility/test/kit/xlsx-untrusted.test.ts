import * as XLSX from 'xlsx';
import { sheetMatrix } from '../../src/kit/excel/xlsx';

/**
 * Issue 21 item 9: SheetJS 0.18.5 let a crafted workbook write to Object.prototype while it was read
 * (CVE-2023-30533: a cell comment whose ref is "__proto__" made the sheet's "__proto__" cell — that is,
 * Object.prototype — the comment's holder). The suite reads untrusted workbooks with sheetMatrix (kit
 * import dialog, payout upload); with 0.20.3 (the npm alias @e965/xlsx) the prototype stays untouched.
 */
function craftedWorkbook(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([['姓名', '手机号'], ['张三', '13712345678']]);
  sheet.A1.c = [{ a: '攻击者', t: 'note' }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const zip = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, { type: 'buffer' });
  const index = zip.FullPaths.findIndex((path) => /comments\d*\.xml$/.test(path));
  expect(index).toBeGreaterThanOrEqual(0);
  const xml = Buffer.from(zip.FileIndex[index].content as Uint8Array).toString('utf8');
  expect(xml).toContain('ref="A1"');
  XLSX.CFB.utils.cfb_add(zip, zip.FullPaths[index], Buffer.from(xml.replace('ref="A1"', 'ref="__proto__"')));
  return XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip' }) as Buffer;
}

describe('reading an untrusted workbook (SheetJS 0.20.3)', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).c;
  });

  test('a comment whose ref is __proto__ leaves Object.prototype untouched', () => {
    const file = craftedWorkbook();
    const data = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
    const matrix = sheetMatrix(XLSX, data);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'c')).toBe(false);
    expect(({} as Record<string, unknown>).c).toBeUndefined();
    // The workbook is still read as the rows it holds.
    expect(matrix).toEqual([['姓名', '手机号'], ['张三', '13712345678']]);
  });

  test('the installed SheetJS is 0.20.3 or later', () => {
    const [major, minor, patch] = XLSX.version.split('.').map(Number);
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(20003);
  });
});
