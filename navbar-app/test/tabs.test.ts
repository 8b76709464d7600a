import {
  CONTEXT_MENU_OFFSET,
  TABS_STORAGE_KEY,
  closeAll,
  closeOthers,
  closeTab,
  contextMenuLeft,
  deactivate,
  deserializeTabs,
  initialTabs,
  loadTabs,
  openTab,
  replaceTab,
  saveTabs,
  serializeTabs,
  tabWindow,
  type TabsState,
  type VisitedTab,
} from '../src/tabs/tab-state';

const HOME: VisitedTab = { path: '/dashboard', fullPath: '/dashboard', title: '首页' };
const tab = (path: string, title: string, search = ''): VisitedTab => ({ path, fullPath: path + search, title });
const A = tab('/ent/coopEnt', '合作关系');
const B = tab('/order/index', '代发订单');
const C = tab('/task/userPackage3', '平台分包');

function withABC(active = C.path): TabsState {
  let s = initialTabs(HOME);
  s = openTab(s, A, HOME);
  s = openTab(s, B, HOME);
  s = openTab(s, C, HOME);
  return { ...s, active };
}
const paths = (s: TabsState) => s.tabs.map((t) => t.path);

describe('visited tabs', () => {
  test('home is always first and active initially', () => {
    expect(initialTabs(HOME)).toEqual({ tabs: [HOME], active: '/dashboard' });
  });

  test("a redirect hands the old tab's place to the new route", () => {
    const canonical = tab('/invoice/toMeApply/1', '开出记录');
    const s = replaceTab(withABC(B.path), B.path, canonical, HOME);
    expect(paths(s)).toEqual(['/dashboard', A.path, canonical.path, C.path]);
    expect(s.active).toBe(canonical.path);
  });

  test('a redirect to a route already open drops the old tab and activates the open one; home is never replaced', () => {
    const s = replaceTab(withABC(C.path), C.path, A, HOME);
    expect(paths(s)).toEqual(['/dashboard', A.path, B.path]);
    expect(s.active).toBe(A.path);
    const fromHome = replaceTab(withABC(HOME.path), HOME.path, tab('/order/prodOrder', '制单管理'), HOME);
    expect(paths(fromHome)).toEqual(['/dashboard', A.path, B.path, C.path, '/order/prodOrder']);
  });

  test('open adds at the end and activates; re-opening activates without duplicating', () => {
    const s = withABC();
    expect(paths(s)).toEqual(['/dashboard', A.path, B.path, C.path]);
    const again = openTab(s, tab(A.path, '合作关系', '?x=1'), HOME);
    expect(paths(again)).toEqual(paths(s));
    expect(again.active).toBe(A.path);
    expect(again.tabs[1].fullPath).toBe('/ent/coopEnt?x=1');
  });

  test('visiting home activates the home tab', () => {
    const s = openTab(withABC(), HOME, HOME);
    expect(s.active).toBe('/dashboard');
    expect(paths(s)[0]).toBe('/dashboard');
  });

  test('a route without a tab deactivates', () => {
    expect(deactivate(withABC()).active).toBeNull();
  });

  test('home cannot be closed', () => {
    const s = withABC(HOME.path);
    expect(closeTab(s, HOME.path, HOME)).toBe(s);
  });

  test('closing an inactive tab keeps the active one', () => {
    const s = closeTab(withABC(C.path), A.path, HOME);
    expect(paths(s)).toEqual(['/dashboard', B.path, C.path]);
    expect(s.active).toBe(C.path);
  });

  test('closing the active tab activates its right neighbour, else its left one', () => {
    const middle = closeTab(withABC(B.path), B.path, HOME);
    expect(paths(middle)).toEqual(['/dashboard', A.path, C.path]);
    expect(middle.active).toBe(C.path);
    const last = closeTab(withABC(C.path), C.path, HOME);
    expect(last.active).toBe(B.path);
    const only = closeTab(openTab(initialTabs(HOME), A, HOME), A.path, HOME);
    expect(only).toEqual({ tabs: [HOME], active: HOME.path });
  });

  test('close others keeps home and the chosen tab, which becomes active', () => {
    const s = closeOthers(withABC(C.path), A.path, HOME);
    expect(paths(s)).toEqual(['/dashboard', A.path]);
    expect(s.active).toBe(A.path);
    const fromHome = closeOthers(withABC(), HOME.path, HOME);
    expect(paths(fromHome)).toEqual(['/dashboard']);
  });

  test('close all keeps only home', () => {
    expect(closeAll(withABC(), HOME)).toEqual({ tabs: [HOME], active: HOME.path });
  });

  test('persistence round trip through session storage', () => {
    const s = withABC(B.path);
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
    saveTabs(storage, s);
    expect(stored.has(TABS_STORAGE_KEY)).toBe(true);
    expect(loadTabs(storage, HOME)).toEqual(s);
    expect(deserializeTabs(serializeTabs(s), HOME)).toEqual(s);
  });

  test('corrupt or foreign storage falls back to home; home is restored first', () => {
    expect(deserializeTabs('not json', HOME)).toEqual(initialTabs(HOME));
    expect(deserializeTabs(null, HOME)).toEqual(initialTabs(HOME));
    const moved = deserializeTabs(JSON.stringify({ tabs: [A, { bad: 1 }, A], active: '/gone' }), HOME);
    expect(paths(moved)).toEqual(['/dashboard', A.path]);
    expect(moved.active).toBe(HOME.path);
  });

  test('context menu opens beside the pointer and stays 105 px inside the bar', () => {
    expect(CONTEXT_MENU_OFFSET).toBe(105);
    expect(contextMenuLeft(300, 210, 1000)).toBe(315);
    expect(contextMenuLeft(1200, 210, 1000)).toBe(210 + 1000 - 105);
  });
});

describe('the tabs a bar shows whole (issue 22)', () => {
  // Five tabs of 100 px with 4 px gaps; the bar has room for three (3 × 100 + 2 × 4 = 308).
  const widths = [100, 100, 100, 100, 100];

  test('from the first tab, as many as fit whole — none cut at the edge', () => {
    expect(tabWindow(widths, 320, 0, 0)).toEqual({ first: 0, last: 2 });
    expect(tabWindow(widths, 307, 0, 0)).toEqual({ first: 0, last: 1 });
    expect(tabWindow(widths, 1000, 0, 0)).toEqual({ first: 0, last: 4 });
  });

  test('the active tab is always among them: the window moves right to it, and back left to it', () => {
    expect(tabWindow(widths, 320, 0, 4)).toEqual({ first: 2, last: 4 });
    expect(tabWindow(widths, 320, 2, 0)).toEqual({ first: 0, last: 2 });
    expect(tabWindow(widths, 320, 1, 2)).toEqual({ first: 1, last: 3 });
  });

  test('a window moved by ‹ › without following the active tab; no empty room while earlier tabs hide', () => {
    expect(tabWindow(widths, 320, 1, -1)).toEqual({ first: 1, last: 3 });
    expect(tabWindow(widths, 320, 4, -1)).toEqual({ first: 2, last: 4 });
    // After closing tabs, the window slides back so the bar is filled from the left.
    expect(tabWindow([100, 100, 100], 320, 2, 2)).toEqual({ first: 0, last: 2 });
  });

  test('a tab wider than the bar is still the one shown', () => {
    expect(tabWindow([100, 500, 100], 320, 0, 1)).toEqual({ first: 1, last: 1 });
  });
});
