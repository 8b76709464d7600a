import { pinyin } from 'pinyin-pro';
import { isPaletteHotkey, matchEntries, paletteEntries, worthSearching } from '../src/palette/palette-model';
import { menuFor } from '../src/sidebar/menu-model';
import { defaultCodesFor } from '@flexpay/shared-utility';

const initialsOf = (title: string) => pinyin(title, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'removed' }).join('').toLowerCase();

describe('command palette', () => {
  const sysMenu = menuFor('SYS', new Set(defaultCodesFor('SYS')));

  test('pinyin initials find 代发订单 by dfdd, first among the matches', () => {
    const hits = matchEntries(paletteEntries(sysMenu, initialsOf), 'dfdd');
    expect(hits[0]).toMatchObject({ title: '代发订单', group: '订单管理', link: '/order/index' });
  });

  test('title text matches before initials; without pinyin loaded titles still match', () => {
    expect(matchEntries(paletteEntries(sysMenu, null), '税源').map((e) => e.title)).toEqual(['税源地']);
    expect(matchEntries(paletteEntries(sysMenu, null), 'dfdd')).toEqual([]);
  });

  test('only screens of the caller’s menu are offered', () => {
    const entMenu = menuFor('ENT', new Set(defaultCodesFor('ENT')));
    const titles = paletteEntries(entMenu, initialsOf).map((e) => e.title);
    expect(titles).toContain('代发订单');
    expect(titles).not.toContain('税源地');
    expect(matchEntries(paletteEntries(entMenu, initialsOf), 'syd')).toEqual([]);
  });

  test('Ctrl+K and ⌘K open it; other combinations do not', () => {
    const key = (k: Partial<KeyboardEvent>) => ({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...k });
    expect(isPaletteHotkey(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteHotkey(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isPaletteHotkey(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteHotkey(key({}))).toBe(false);
  });

  test('record search starts at two characters', () => {
    expect(worthSearching('P')).toBe(false);
    expect(worthSearching(' PO ')).toBe(true);
  });
});
