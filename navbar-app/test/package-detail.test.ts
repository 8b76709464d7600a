import { packageLines, packageTargetOf } from '../src/package-detail/PackageDetail';

describe('showPackageDetail target', () => {
  test('takes {id} (number or digit string) first, else {packageCode}', () => {
    expect(packageTargetOf({ id: 7 })).toEqual({ id: 7 });
    expect(packageTargetOf({ id: '12', packageCode: 'PKG00001' })).toEqual({ id: 12 });
    expect(packageTargetOf({ packageCode: ' PKG00003 ' })).toEqual({ packageCode: 'PKG00003' });
  });

  test('ignores targets naming no package', () => {
    for (const target of [null, undefined, {}, { id: 0 }, { id: -1 }, { id: 1.5 }, { packageCode: '' }, { packageCode: 5 }]) expect(packageTargetOf(target)).toBeNull();
  });
});

describe('package detail lines', () => {
  test('the spec §3 price replaces the bounds; a blank reason or attachment is left out', () => {
    const lines = [
      { name: 'packagePriceType', label: '价格类型', value: '价格区间' },
      { name: 'packagePriceLower', label: '价格下限(元)', value: '150.00' },
      { name: 'packagePriceUpper', label: '价格上限(元)', value: '300.00' },
      { name: 'attachment', label: '附件', value: '' },
      { name: 'reviewRemark', label: '审核意见', value: '缺少工作地点' },
    ];
    expect(packageLines(lines, { priceText: '150.00 ~ 300.00' })).toEqual([
      { name: 'packagePriceType', label: '价格类型', value: '价格区间' },
      { label: '价格(元)', value: '150.00 ~ 300.00' },
      { name: 'reviewRemark', label: '审核意见', value: '缺少工作地点' },
    ]);
  });
});
