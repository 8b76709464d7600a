import { emptyListState, formatListState, parseListState, type ListState } from '../../src/kit/entity/url-state';

describe('URL ↔ list state', () => {
  test('filters, ranges, page, size, sort and tab survive a round trip', () => {
    const state: ListState = {
      filters: { name: '海南 洋浦&1', status: '1', monthlyLimit: ['100', '5000.5'], createdAt: ['2026-01-01', ''] },
      pageNum: 3,
      limit: 20,
      orderBy: [{ field: 'createdAt', dir: 'desc' }],
      tab: '0',
    };
    const search = formatListState(state);
    expect(search).toContain('page=3');
    expect(search).toContain('sort=createdAt.desc');
    expect(parseListState(search, ['monthlyLimit', 'createdAt'])).toEqual(state);
  });

  test('defaults and blanks leave the URL plain', () => {
    expect(formatListState(emptyListState())).toBe('');
    expect(formatListState({ ...emptyListState(), filters: { name: '', range: ['', ''] } })).toBe('');
  });

  test('bad values fall back to defaults', () => {
    expect(parseListState('?page=-4&size=7&sort=name.sideways', [])).toEqual(emptyListState());
    expect(parseListState('?page=abc', []).pageNum).toBe(1);
  });
});
