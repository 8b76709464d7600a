import { CUST_IMPORT_HEADERS, CUST_IMPORT_MAX_ROWS, MESSAGES } from '@flexpay/shared-utility';
import { readSheet } from '@flexpay/shared-utility/kit';
import screen, { CUST_SHEET } from '../src/cust/import.screen';
import type { ImportAction } from '../../shared-utility/src/kit/entity/define';

const row = (idNumber: string, phone = '13800138000') => ['张三', '', idNumber, phone, '6222020200112233445', '', ''];

describe('人才导入 declaration', () => {
  test('the sheet has the columns of the header menu template, so either template imports', () => {
    expect(CUST_SHEET.columns.map((c) => c.title)).toEqual([...CUST_IMPORT_HEADERS]);
    expect(CUST_SHEET.example).toHaveLength(CUST_IMPORT_HEADERS.length);
    expect(CUST_SHEET.maxRows).toBe(CUST_IMPORT_MAX_ROWS);
    expect(CUST_SHEET.noun).toBe('人才');
  });

  test('the preview refuses what the server refuses: field rules and repeats within the file', () => {
    const read = readSheet(CUST_SHEET, [[...CUST_IMPORT_HEADERS], row('11010119900101123x'), row('110101199001015678', '12345678901'), row('11010119900101123X')]);
    expect('rows' in read && read.rows.map((r) => r.error)).toEqual([null, MESSAGES.phone, '证件号码与第1行重复']);
    // 开户银行 is in the template but not sent; 备注 goes as remark.
    expect('rows' in read && Object.keys(read.rows[0].values)).toEqual(['name', 'idType', 'idNumber', 'phone', 'bankCard', 'remark']);
  });

  test('SYS and SPR pick the enterprise; the template and import sit on the talent list', () => {
    const importAction = screen.actions.find((a): a is ImportAction => a.kind === 'import')!;
    expect(importAction).toMatchObject({ path: 'cust/mgr/import', fields: ['entId'], fieldsFor: { entId: ['SYS', 'SPR'] } });
    expect(screen.actions.map((a) => a.kind)).toEqual(['detail', 'template', 'import']);
    expect(screen.list).toEqual(['name', 'idType', 'idNumber', 'phone', 'entId', 'createdAt']);
  });
});
