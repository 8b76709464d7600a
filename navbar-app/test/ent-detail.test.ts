import { entIdOf } from '../src/ent-detail/EntDetail';

describe('showEntDetail target', () => {
  test('takes {id} or {entId}, numbers or digit strings', () => {
    expect(entIdOf({ id: 7 })).toBe(7);
    expect(entIdOf({ entId: '12' })).toBe(12);
    expect(entIdOf({ id: 3, entId: 9 })).toBe(3);
  });

  test('ignores targets without a usable id', () => {
    for (const target of [null, undefined, {}, { id: 0 }, { id: -1 }, { id: 1.5 }, { entId: 'x1' }, { id: '' }]) expect(entIdOf(target)).toBeNull();
  });
});
