import type { MenuEntry } from '../sidebar/menu-model';

export interface PaletteEntry {
  title: string;
  /** The menu group it sits in (empty for top-level entries such as 首页). */
  group: string;
  link: string;
  /** Lower-case pinyin initials of the title ('dfdd' for 代发订单); empty until pinyin is loaded. */
  initials: string;
}

export type InitialsOf = (title: string) => string;

/** Every screen of the caller's menu (already filtered by account type and codes), groups flattened. */
export function paletteEntries(menu: MenuEntry[], initialsOf: InitialsOf | null): PaletteEntry[] {
  const out: PaletteEntry[] = [];
  const add = (entry: MenuEntry, group: string) => {
    if (entry.link) out.push({ title: entry.title, group, link: entry.link, initials: initialsOf ? initialsOf(entry.title) : '' });
    for (const child of entry.children ?? []) add(child, entry.title);
  };
  for (const entry of menu) add(entry, '');
  return out;
}

/**
 * Entries whose title contains the query, or whose pinyin initials start with (then contain) it;
 * title matches first, then initials prefixes, then the rest, each in menu order.
 */
export function matchEntries(entries: PaletteEntry[], query: string, limit = 8): PaletteEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return entries.slice(0, limit);
  const rank = (e: PaletteEntry): number => {
    if (e.title.toLowerCase().includes(q) || e.group.toLowerCase().includes(q)) return 0;
    if (e.initials.startsWith(q)) return 1;
    if (e.initials.includes(q)) return 2;
    return -1;
  };
  return entries
    .map((entry, index) => ({ entry, index, rank: rank(entry) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.entry);
}

/** Whether the query looks like a record number worth a server search (letters/digits, ≥ 2 chars). */
export function worthSearching(query: string): boolean {
  const q = query.trim();
  return q.length >= 2 && q.length <= 40;
}

/** Ctrl+K on Windows/Linux, ⌘K on macOS. */
export function isPaletteHotkey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}
