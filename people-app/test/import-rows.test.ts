import { MESSAGES } from '@flexpay/shared-utility';
import { CUST_IMPORT_MESSAGES, parseIdType } from '@flexpay/shared-utility';
import { headerMatches, IMPORT_MESSAGES, importPayload, maskIdNumber, previewRows, TEMPLATE_HEADERS } from '../src/cust/import-rows';

type Cells = Partial<Record<(typeof TEMPLATE_HEADERS)[number], unknown>>;
/** A record as parseWorkbook returns it: every template column, '' when blank. */
const record = (cells: Cells = {}): Record<string, unknown> => ({
  姓名: '张三',
  证件类型: '居民身份证',
  证件号码: '110101199001011234',
  手机号: '13800138000',
  银行卡号: '6222020200112233445',
  开户银行: '中国工商银行',
  备注: '',
  ...cells,
});

describe('人才导入 row validation (shared spec §5 rules)', () => {
  test('the header must be exactly the custImport template', () => {
    expect(TEMPLATE_HEADERS).toEqual(['姓名', '证件类型', '证件号码', '手机号', '银行卡号', '开户银行', '备注']);
    expect(headerMatches(record())).toBe(true);
    const { 开户银行: _bank, ...missing } = record();
    expect(headerMatches(missing)).toBe(false);
    expect(headerMatches({ ...record(), 金额: '' })).toBe(false);
    expect(headerMatches({ 证件类型: '', 姓名: '', 证件号码: '', 手机号: '', 银行卡号: '', 开户银行: '', 备注: '' })).toBe(false);
  });

  test('a valid row passes and its ID type label becomes a code', () => {
    const [row] = previewRows([record({ 备注: '  三月入职 ' })]);
    expect(row).toMatchObject({ rowNo: 1, name: '张三', idType: '居民身份证', idTypeLabel: '居民身份证', remark: '三月入职', error: null });
    expect(importPayload([row])).toEqual([
      { name: '张三', idType: 111, idNumber: '110101199001011234', phone: '13800138000', bankCard: '6222020200112233445', remark: '三月入职' },
    ]);
    expect(parseIdType('')).toBe(111);
    expect(parseIdType('142')).toBe(142);
    expect(parseIdType('台湾居民居住证')).toBe(155);
    expect(parseIdType('身份证')).toBeNull();
    // Blank 证件类型 means 居民身份证; numbers typed as numbers are read as text.
    const [blank] = previewRows([record({ 证件类型: '', 手机号: 13800138000 })]);
    expect(blank).toMatchObject({ idTypeLabel: '居民身份证', phone: '13800138000', error: null });
    expect(importPayload([blank])[0]).not.toHaveProperty('remark');
  });

  test('each rule gives its message, the first failing column wins', () => {
    const cases: Array<[Cells, string]> = [
      [{ 姓名: '' }, MESSAGES.nameRequired],
      [{ 姓名: '张' }, MESSAGES.nameLength],
      [{ 姓名: '', 手机号: '1' }, MESSAGES.nameRequired],
      [{ 证件类型: '驾驶证' }, CUST_IMPORT_MESSAGES.idType],
      [{ 证件号码: '' }, MESSAGES.idNumberRequired],
      [{ 证件号码: '1'.repeat(31) }, MESSAGES.idNumberLength],
      [{ 手机号: '' }, MESSAGES.phoneRequired],
      [{ 手机号: '12345678901' }, MESSAGES.phone],
      [{ 手机号: '1380013800' }, MESSAGES.phone],
      [{ 银行卡号: '' }, MESSAGES.bankCardRequired],
      [{ 银行卡号: '6222 0202 0011' }, MESSAGES.bankCard],
      [{ 备注: 'r'.repeat(1001) }, MESSAGES.remarkLength],
      [{ 证件号码: 110101199001011230 }, IMPORT_MESSAGES.asText('证件号码')],
      [{ 银行卡号: 6222020200112233445 }, IMPORT_MESSAGES.asText('银行卡号')],
    ];
    for (const [cells, message] of cases) expect([cells, previewRows([record(cells)])[0].error]).toEqual([cells, message]);
    expect(previewRows([record({ 姓名: '李四', 证件类型: '', 证件号码: 'AB12', 手机号: '13900001111', 银行卡号: '1234567890' })])[0].error).toBeNull();
  });

  test('rows are numbered from 1 and a repeated ID number points at its first row', () => {
    const rows = previewRows([
      record({ 证件号码: '11010119900101123x' }),
      record({ 证件号码: '110101199001015678', 手机号: '12345678901' }),
      record({ 证件号码: '11010119900101123X' }),
    ]);
    expect(rows.map((r) => [r.rowNo, r.error])).toEqual([
      [1, null],
      [2, MESSAGES.phone],
      [3, CUST_IMPORT_MESSAGES.idNumberRepeated(1)],
    ]);
  });

  test('ID numbers are masked in the middle in the list', () => {
    expect(maskIdNumber('110101199001011234')).toBe('110***********1234');
    expect(maskIdNumber('H1234567')).toBe('H******7');
    expect(maskIdNumber('AB')).toBe('A*');
    expect(maskIdNumber(null)).toBe('-');
  });
});
