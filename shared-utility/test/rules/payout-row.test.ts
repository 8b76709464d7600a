import { editedPayoutRow, PAYOUT_ROW, storedPayoutRow } from '../../src/pure/rules/order-checks';

describe('a payout row as stored (storedPayoutRow)', () => {
  it('keeps the cells as sent, trimmed to the row maxima: ID upper-cased, account without spaces, blanks null', () => {
    expect(storedPayoutRow({ name: ' 张三 ', idType: '居民身份证', idNumber: '11010119900307803x', phone: '', account: '6222 0200 0000 1234', bankName: '  ', amount: '12.5', remark: undefined }, 3)).toEqual({
      rowNo: 3,
      name: '张三',
      idType: 111,
      idNumber: '11010119900307803X',
      phone: null,
      account: '6222020000001234',
      bankName: null,
      amountText: '12.5',
      amountFen: 1250,
      remark: null,
    });
  });

  it('never refuses: a wrong amount or ID type is kept for the row check to name', () => {
    const row = storedPayoutRow({ name: 'x'.repeat(80), idType: '护照本', idNumber: 1, account: {}, amount: '-3', remark: 'r'.repeat(300) }, 1);
    expect(row).toMatchObject({ idType: null, idNumber: '1', account: '', amountText: '-3', amountFen: null });
    expect(row.name).toHaveLength(PAYOUT_ROW.name.max);
    expect(row.remark).toHaveLength(PAYOUT_ROW.remark.max);
  });
});

describe('编辑明细 (editedPayoutRow)', () => {
  const before = storedPayoutRow({ name: '李四', idType: '111', idNumber: '110101199003078035', account: '6222020000001234', amount: 'abc', remark: '首次' }, 7);

  it('the fields sent replace the stored ones; the others, and the amount as it was sent, stay', () => {
    expect(editedPayoutRow(before, { name: '李四四' })).toEqual({ ...before, name: '李四四' });
    expect(editedPayoutRow(before, { amount: '45.20' })).toMatchObject({ rowNo: 7, amountText: '45.20', amountFen: 4520, remark: '首次' });
    // A blank sent clears an optional field.
    expect(editedPayoutRow(before, { remark: '' }).remark).toBeNull();
  });
});
