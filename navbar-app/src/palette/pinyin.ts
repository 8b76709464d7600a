import type { pinyin as PinyinFn } from 'pinyin-pro';
import type { InitialsOf } from './palette-model';

type PinyinModule = { pinyin: typeof PinyinFn; default?: { pinyin: typeof PinyinFn } };

let loading: Promise<InitialsOf> | null = null;

/**
 * pinyin-pro (≈140 KB gzip) is the import-map entry 'pinyin-pro', fetched the first time the palette
 * opens, so no page pays for it up front.
 */
export function loadInitials(): Promise<InitialsOf> {
  const system = (window as unknown as { System?: { import: (name: string) => Promise<PinyinModule> } }).System;
  if (!system) return Promise.reject(new Error('SystemJS is not available'));
  loading ??= system.import('pinyin-pro').then(
    (mod) => {
      const pinyin = mod.pinyin ?? mod.default!.pinyin;
      return (title: string) => pinyin(title, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'removed' }).join('').toLowerCase();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
