import * as XLSX from 'xlsx';
import { sheetMatrix } from '../../../shared-utility/src/kit/excel/xlsx';
import { PAYOUT_HEADERS, PAYOUT_MESSAGES } from '@flexpay/shared-utility';
import { PAYOUT_SHEET_MESSAGES, readPayoutSheet } from '../../src/order/payout-sheet';

/** A real workbook written and read back by SheetJS, as the browser reads the chosen file. */
function workbook(matrix: unknown[][]): unknown[][] {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(matrix), '代发订单');
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return sheetMatrix(XLSX, bytes);
}

const good = ['张三', '居民身份证', '11010119900307663X', '13800138000', '6222020200112233445', '中国工商银行', '1000.5', '3月劳务费'];

describe('readPayoutSheet', () => {
  it('reads the template rows keyed by field, the ID type as its code, blank rows skipped', () => {
    const read = readPayoutSheet(workbook([[...PAYOUT_HEADERS], good, ['', '', '', '', '', '', '', ''], ['李四', '111', '110101199003072316', '', '6222020200112233999', '', 20, '']]));
    expect(read).toEqual({
      rows: [
        { name: '张三', idType: 111, idNumber: '11010119900307663X', phone: '13800138000', account: '6222020200112233445', bankName: '中国工商银行', amount: '1000.5', remark: '3月劳务费' },
        { name: '李四', idType: 111, idNumber: '110101199003072316', phone: '', account: '6222020200112233999', bankName: '', amount: '20', remark: '' },
      ],
    });
  });

  it('keeps an unknown ID type as written for the server to flag', () => {
    const read = readPayoutSheet([[...PAYOUT_HEADERS], ['王五', '军官证', '123', '', '6222020200112233445', '', '1', '']]);
    expect('rows' in read && read.rows[0].idType).toBe('军官证');
  });

  it('accepts full-width brackets in the header and refuses another header', () => {
    const fullWidth = PAYOUT_HEADERS.map((h) => h.replace('(', '（').replace(')', '）'));
    expect('rows' in readPayoutSheet([fullWidth, good])).toBe(true);
    expect(readPayoutSheet([['姓名', '证件类型', '证件号码', '手机号', '银行卡号', '金额', '备注'], good])).toEqual({ problem: PAYOUT_MESSAGES.header });
    expect(readPayoutSheet([[...PAYOUT_HEADERS, '多余列'], good])).toEqual({ problem: PAYOUT_MESSAGES.header });
  });

  it('refuses an empty sheet, more than 5 000 rows and an account that lost digits', () => {
    expect(readPayoutSheet([[...PAYOUT_HEADERS]])).toEqual({ problem: PAYOUT_SHEET_MESSAGES.empty });
    expect(readPayoutSheet([[...PAYOUT_HEADERS], ...Array.from({ length: 5001 }, () => good)])).toEqual({ problem: PAYOUT_MESSAGES.tooManyRows });
    const lost = [...good];
    lost[4] = 6222020200112233445 as unknown as string;
    expect(readPayoutSheet(workbook([[...PAYOUT_HEADERS], good, lost]))).toEqual({ problem: '第2行收款账号位数过长，请在 Excel 中以文本格式填写' });
  });
});
