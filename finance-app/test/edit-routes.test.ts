import { STANDALONE_ROUTES } from '@flexpay/shared-utility';
import { EDIT_ROUTES, editTarget, ruleOf, updateBody } from '../src/edit/edit-routes';
import { newAdminOf } from '../src/merchant/initial-password-answer';

const record = { id: 7, entName: '示例企业', entCode: 'ENT0007', industry: '物流' };

describe('enterprise edit routes: which record they show', () => {
  test('every finance-app route that takes a record is an edit route here', () => {
    const taking = STANDALONE_ROUTES.filter((r) => r.app === 'finance-app' && r.takesRecord).map((r) => r.path);
    expect(EDIT_ROUTES.map((r) => r.path).sort()).toEqual([...taking].sort());
  });

  test('navigation with the record and ?id= uses the record as it is', () => {
    expect(editTarget('?id=7', record)).toEqual({ id: 7, record, addIdToUrl: false });
  });

  test('a reload or direct link with only ?id= loads the record by id', () => {
    expect(editTarget('?id=7', null)).toEqual({ id: 7, record: null, addIdToUrl: false });
    expect(editTarget('?id=7', { idx: 3 })).toEqual({ id: 7, record: null, addIdToUrl: false });
  });

  test('the URL wins over a state naming another enterprise', () => {
    expect(editTarget('?id=8', record)).toEqual({ id: 8, record: null, addIdToUrl: false });
  });

  test('a record passed without ?id= is shown and its id added to the URL', () => {
    expect(editTarget('', record)).toEqual({ id: 7, record, addIdToUrl: true });
    expect(editTarget('?id=abc', { ...record, id: '7' })).toMatchObject({ id: 7, addIdToUrl: true });
  });

  test('nothing usable names no enterprise', () => {
    for (const [search, state] of [['', null], ['?id=0', undefined], ['?id=-3', {}], ['?id=1.5', 'x']] as const) expect(editTarget(search, state)).toEqual({ id: null, record: null, addIdToUrl: false });
  });
});

describe('enterprise edit routes: what they save', () => {
  test('only the route’s fields with the id, cleared ones as null', () => {
    const area = EDIT_ROUTES.find((r) => r.path === '/editEpArea')!;
    expect(updateBody(area, 7, { ...record, area: '上海', address: '' })).toEqual({ id: 7, area: '上海', address: '' });
    expect(updateBody(area, 7, { area: '上海' })).toEqual({ id: 7, area: '上海', address: null });
  });

  test('the quote ratio is a percentage with at most four decimals', () => {
    const rule = ruleOf('quoteRatio')!.rules[0] as { pattern: RegExp };
    for (const ok of ['0', '6.5', '6.5000', '99.9999', '100', '100.0']) expect(rule.pattern.test(ok)).toBe(true);
    for (const bad of ['100.01', '101', '-1', '6.12345', 'abc', '.5']) expect(rule.pattern.test(bad)).toBe(false);
    expect(ruleOf('creditCode')!.rules[0]).toMatchObject({ kind: 'length', max: 18, message: '统一社会信用代码不能超过18个字符' });
  });
});

describe('create answer of a new organisation', () => {
  test('reads the administrator shown once', () => {
    expect(newAdminOf({ id: 3, admin: { userId: 9, username: 'newent01', initialPassword: 'Ab3#xyz9Qw2@' } })).toEqual({ username: 'newent01', initialPassword: 'Ab3#xyz9Qw2@' });
    expect(newAdminOf({ id: 3 })).toBeNull();
    expect(newAdminOf(null)).toBeNull();
  });
});
