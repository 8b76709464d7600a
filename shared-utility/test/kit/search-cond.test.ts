import { emptySearch, searchCond } from '../../src/kit/table/search-cond';
import type { Field } from '../../src/kit/screen';

test('empty and null fields are dropped before searching, blank ranges too', () => {
  const fields: Field[] = [
    { name: 'name', label: '名称', type: 'text' },
    { name: 'amount', label: '金额', type: 'numberRange' },
  ];
  expect(emptySearch(fields)).toEqual({ name: '', amount: [] });
  expect(searchCond({ name: ' ', status: null, amount: ['', ''], phone: undefined })).toEqual({});
  expect(searchCond({ name: '甲', status: 0, amount: ['1.00', ''] })).toEqual({ name: '甲', status: 0, amount: ['1.00', ''] });
});
