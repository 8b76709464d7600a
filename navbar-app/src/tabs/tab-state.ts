/** Visited-view tabs as a pure state machine (spec §2: 刷新, 关闭, 关闭其他, 关闭全部; home cannot be closed). */

export interface VisitedTab {
  /** Pathname; the tab's identity (data-path). */
  path: string;
  /** Pathname plus search, where clicking the tab goes. */
  fullPath: string;
  title: string;
}

export interface TabsState {
  tabs: VisitedTab[];
  /** Path of the active tab, or null when the current route has no tab. */
  active: string | null;
}

export const TABS_STORAGE_KEY = 'visitedTabs';
export const CONTEXT_MENU_OFFSET = 105;

export function initialTabs(home: VisitedTab): TabsState {
  return { tabs: [home], active: home.path };
}

function withHome(tabs: VisitedTab[], home: VisitedTab): VisitedTab[] {
  const rest = tabs.filter((t) => t.path !== home.path);
  const storedHome = tabs.find((t) => t.path === home.path);
  return [{ ...home, fullPath: storedHome?.fullPath ?? home.fullPath }, ...rest];
}

/** Visiting a route: activates its tab, adding it at the end when new (the title and query are refreshed). */
export function openTab(state: TabsState, tab: VisitedTab, home: VisitedTab): TabsState {
  const index = state.tabs.findIndex((t) => t.path === tab.path);
  const tabs =
    index < 0 ? [...state.tabs, tab] : state.tabs.map((t, i) => (i === index ? { ...t, fullPath: tab.fullPath, title: tab.title } : t));
  return { tabs: withHome(tabs, home), active: tab.path };
}

/**
 * A route replaced its URL with another route's (a canonical redirect such as /invoice/myApply/1 →
 * /invoice/toMeApply/1): the new tab takes the old one's place, since the old URL is gone from history.
 */
export function replaceTab(state: TabsState, fromPath: string, tab: VisitedTab, home: VisitedTab): TabsState {
  const index = state.tabs.findIndex((t) => t.path === fromPath);
  if (fromPath === home.path || fromPath === tab.path || index < 0) return openTab(state, tab, home);
  if (state.tabs.some((t) => t.path === tab.path)) return openTab({ ...state, tabs: state.tabs.filter((t) => t.path !== fromPath) }, tab, home);
  return { tabs: withHome(state.tabs.map((t, i) => (i === index ? tab : t)), home), active: tab.path };
}

/** The current route has no tab (unknown or public path): nothing is active. */
export function deactivate(state: TabsState): TabsState {
  return state.active === null ? state : { ...state, active: null };
}

export function isClosable(tab: VisitedTab, home: VisitedTab): boolean {
  return tab.path !== home.path;
}

/** Closes one tab; closing the active one activates its right neighbour, else its left one. */
export function closeTab(state: TabsState, path: string, home: VisitedTab): TabsState {
  if (path === home.path) return state;
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index < 0) return state;
  const tabs = state.tabs.filter((t) => t.path !== path);
  let active = state.active;
  if (active === path) {
    const neighbour = state.tabs[index + 1] ?? state.tabs[index - 1] ?? home;
    active = neighbour.path;
  }
  return { tabs: withHome(tabs, home), active };
}

/** Keeps home and the chosen tab, which becomes active. */
export function closeOthers(state: TabsState, path: string, home: VisitedTab): TabsState {
  const kept = state.tabs.filter((t) => t.path === path || t.path === home.path);
  if (!kept.some((t) => t.path === path)) return state;
  return { tabs: withHome(kept, home), active: path };
}

/** Keeps only home, which becomes active. */
export function closeAll(state: TabsState, home: VisitedTab): TabsState {
  return { tabs: withHome(state.tabs.filter((t) => t.path === home.path), home), active: home.path };
}

export function activeTab(state: TabsState): VisitedTab | null {
  return state.tabs.find((t) => t.path === state.active) ?? null;
}

export function serializeTabs(state: TabsState): string {
  return JSON.stringify({ tabs: state.tabs, active: state.active });
}

function isTab(value: unknown): value is VisitedTab {
  const t = value as VisitedTab;
  return !!t && typeof t.path === 'string' && typeof t.title === 'string' && typeof t.fullPath === 'string';
}

/** Restores tabs from storage; anything unreadable gives the initial state. */
export function deserializeTabs(text: string | null | undefined, home: VisitedTab): TabsState {
  if (!text) return initialTabs(home);
  try {
    const parsed = JSON.parse(text) as { tabs?: unknown; active?: unknown };
    if (!Array.isArray(parsed.tabs)) return initialTabs(home);
    const seen = new Set<string>();
    const tabs = parsed.tabs.filter(isTab).filter((t) => !seen.has(t.path) && seen.add(t.path));
    const fixed = withHome(tabs, home);
    const active = typeof parsed.active === 'string' && fixed.some((t) => t.path === parsed.active) ? parsed.active : home.path;
    return { tabs: fixed, active };
  } catch {
    return initialTabs(home);
  }
}

export function loadTabs(storage: Pick<Storage, 'getItem'> | undefined, home: VisitedTab): TabsState {
  try {
    return deserializeTabs(storage?.getItem(TABS_STORAGE_KEY), home);
  } catch {
    return initialTabs(home);
  }
}

export function saveTabs(storage: Pick<Storage, 'setItem'> | undefined, state: TabsState): void {
  try {
    storage?.setItem(TABS_STORAGE_KEY, serializeTabs(state));
  } catch {
    /* storage full or disabled: tabs just do not survive a reload */
  }
}

/**
 * Where the tab context menu opens: 15 px right of the pointer, clamped so the menu
 * (at least CONTEXT_MENU_OFFSET px wide) stays inside the tab bar.
 */
export function contextMenuLeft(clientX: number, barLeft: number, barWidth: number): number {
  const maxLeft = barLeft + barWidth - CONTEXT_MENU_OFFSET;
  return Math.max(barLeft, Math.min(clientX + 15, maxLeft));
}

/** Space between two tabs in the bar, px. */
export const TAB_GAP = 4;

/**
 * The tabs a bar of `room` px shows whole (issue 22): from `first` on, as many as fit; moved so the
 * active one is whole. Tabs outside [first, last] are not drawn, so none is cut at either edge.
 */
export function tabWindow(widths: readonly number[], room: number, first: number, active: number, gap = TAB_GAP): { first: number; last: number } {
  const n = widths.length;
  if (n === 0) return { first: 0, last: -1 };
  const lastFrom = (start: number) => {
    let used = widths[start];
    let last = start;
    while (last + 1 < n && used + gap + widths[last + 1] <= room) used += gap + widths[++last];
    return last;
  };
  let start = Math.min(Math.max(first, 0), n - 1);
  // No empty room on the right while earlier tabs are hidden.
  while (start > 0 && lastFrom(start - 1) === n - 1) start -= 1;
  if (active >= 0 && active < start) start = active;
  while (active >= 0 && active > lastFrom(start) && start < active) start += 1;
  return { first: start, last: lastFrom(start) };
}
