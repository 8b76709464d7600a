import { packageTargetOf } from '../src/package-detail/PackageDetail';

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
