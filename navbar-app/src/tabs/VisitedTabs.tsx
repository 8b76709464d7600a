import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button, Classes, ContextMenuPopover, Icon, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { HOME_PATH, matchRoute, requestRefresh } from '@flexpay/shared-utility';
import { goTo, lastChangeReplaced, pathnameOf } from '../location/location';
import {
  closeAll,
  closeOthers,
  closeTab,
  contextMenuLeft,
  deactivate,
  isClosable,
  loadTabs,
  openTab,
  replaceTab,
  saveTabs,
  activeTab,
  tabWindow,
  type TabsState,
  type VisitedTab,
} from './tab-state';

export const HOME_TAB: VisitedTab = { path: HOME_PATH, fullPath: HOME_PATH, title: '首页' };

/** The tab for a location, or null for public and unknown routes. */
export function tabFor(fullPath: string): VisitedTab | null {
  const path = pathnameOf(fullPath);
  const route = matchRoute(path);
  if (!route || route.public) return null;
  return { path, fullPath, title: route.title };
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function VisitedTabs({ fullPath }: { fullPath: string }) {
  const [state, setState] = useState<TabsState>(() => loadTabs(safeSessionStorage(), HOME_TAB));
  const [menu, setMenu] = useState<{ tab: VisitedTab; left: number; top: number } | null>(null);
  const barRef = useRef<HTMLDivElement>(null);

  // Every visited route opens (or activates) its tab; a route that replaced its URL with another's hands its tab over.
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    const tab = tabFor(fullPath);
    const from = shownPath.current;
    shownPath.current = tab?.path ?? null;
    const redirected = from !== null && lastChangeReplaced();
    setState((s) => (!tab ? deactivate(s) : redirected ? replaceTab(s, from, tab, HOME_TAB) : openTab(s, tab, HOME_TAB)));
  }, [fullPath]);

  useEffect(() => saveTabs(safeSessionStorage(), state), [state]);

  // Issue 22: the tabs that fit whole, from `first` on; the active one always among them; ‹ › move the window.
  const trackRef = useRef<HTMLDivElement>(null);
  // `follow`: the window keeps the active tab whole; ‹ › let it go until the active tab changes.
  const [view, setView] = useState({ first: 0, follow: true });
  const [shown, setShown] = useState<{ first: number; last: number; overflow: boolean; shift: number }>({ first: 0, last: Number.MAX_SAFE_INTEGER, overflow: false, shift: 0 });
  const activeIndex = state.tabs.findIndex((t) => t.path === state.active);
  const layout = ({ first: from, follow }: { first: number; follow: boolean }) => {
    const track = trackRef.current;
    if (!track) return;
    const tabs = [...track.querySelectorAll<HTMLElement>('[data-testid="tab"]')];
    const widths = tabs.map((t) => t.getBoundingClientRect().width);
    const room = track.clientWidth;
    const all = tabWindow(widths, room, 0, -1);
    const overflow = all.last < widths.length - 1;
    const win = overflow ? tabWindow(widths, room, from, follow ? activeIndex : -1) : { first: 0, last: widths.length - 1 };
    const shift = tabs[win.first] ? tabs[win.first].offsetLeft - (tabs[0]?.offsetLeft ?? 0) : 0;
    setShown((s) => (s.first === win.first && s.last === win.last && s.overflow === overflow && s.shift === shift ? s : { ...win, overflow, shift }));
    if (win.first !== from) setView({ first: win.first, follow });
  };
  useLayoutEffect(() => layout(view));
  useEffect(() => setView((v) => (v.follow ? v : { ...v, follow: true })), [state.active]);
  useEffect(() => {
    const again = () => layout(view);
    window.addEventListener('resize', again);
    return () => window.removeEventListener('resize', again);
  });
  // ‹ › show the tabs beyond either edge: the window moves by one tab, the active one may leave it.
  const moveWindow = (by: number) => setView({ first: Math.max(0, Math.min(state.tabs.length - 1, shown.first + by)), follow: false });

  /** Applies a transition and follows the active tab when it moved. */
  const apply = (next: TabsState) => {
    setState(next);
    const target = activeTab(next);
    if (target && next.active !== pathnameOf(fullPath)) goTo(target.fullPath);
  };

  const onContextMenu = (e: MouseEvent<HTMLElement>, tab: VisitedTab) => {
    e.preventDefault();
    const rect = barRef.current?.getBoundingClientRect();
    const left = rect ? contextMenuLeft(e.clientX, rect.left, rect.width) : e.clientX;
    setMenu({ tab, left, top: e.clientY });
  };

  const refresh = (tab: VisitedTab) => {
    if (tab.path !== pathnameOf(fullPath)) goTo(tab.fullPath);
    requestRefresh(tab.path);
  };

  const menuTab = menu?.tab;
  const act = (fn: (tab: VisitedTab) => void) => () => {
    setMenu(null);
    if (menuTab) fn(menuTab);
  };
  const current = activeTab(state);
  const tabMenu = (tab: VisitedTab | null | undefined, run: (fn: (tab: VisitedTab) => void) => () => void, testId: string) => (
    <Menu className="fp-tab-menu" data-testid={testId}>
      <MenuItem text="刷新" icon="refresh" disabled={!tab} onClick={run(refresh)} />
      <MenuItem text="关闭" icon="cross" disabled={!tab || !isClosable(tab, HOME_TAB)} onClick={run((t) => apply(closeTab(state, t.path, HOME_TAB)))} />
      <MenuItem text="关闭其他" icon="disable" disabled={!tab} onClick={run((t) => apply(closeOthers(state, t.path, HOME_TAB)))} />
      <MenuItem text="关闭全部" icon="remove" onClick={run(() => apply(closeAll(state, HOME_TAB)))} />
    </Menu>
  );
  const onActive = (fn: (tab: VisitedTab) => void) => () => {
    if (current) fn(current);
    else fn(HOME_TAB);
  };
  /** ← → between the tabs' links, Delete closes the focused tab, the context-menu key (or Shift+F10) opens its menu. */
  const onTabsKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>('[data-testid="tab"]');
    const tab = item && state.tabs.find((t) => t.path === item.dataset.path);
    if (!item || !tab) return;
    const links = [...e.currentTarget.querySelectorAll<HTMLElement>('.fp-tab-link')];
    const at = links.indexOf(item.querySelector<HTMLElement>('.fp-tab-link')!);
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const by = e.key === 'ArrowRight' ? 1 : -1;
      const next = links[at + by];
      if (!next) return;
      e.preventDefault();
      // A tab beyond the bar's edge is hidden: move the window onto it first, then focus it.
      if (next.closest('.fp-tab--outside')) {
        moveWindow(by);
        window.requestAnimationFrame(() => next.focus());
      } else next.focus();
    } else if (e.key === 'Delete' && isClosable(tab, HOME_TAB)) {
      e.preventDefault();
      const neighbour = links[at + 1] ?? links[at - 1];
      apply(closeTab(state, tab.path, HOME_TAB));
      neighbour?.focus();
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      const rect = item.getBoundingClientRect();
      const bar = barRef.current?.getBoundingClientRect();
      setMenu({ tab, left: bar ? contextMenuLeft(rect.left, bar.left, bar.width) : rect.left, top: rect.bottom });
    }
  };
  return (
    <div className="fp-tabs" data-testid="visited-tabs" ref={barRef}>
      {shown.overflow && (
        <Button className="fp-tabs-scroll" size="small" variant="minimal" icon="chevron-left" aria-label="向左滚动标签" disabled={shown.first === 0} onClick={() => moveWindow(-1)} />
      )}
      {/* Issue 27: a list of links, each with its own 关闭 button beside it (not nested); ← → move between them, Delete closes, the context-menu key opens the tab's menu. */}
      <nav className="fp-tabs-track" ref={trackRef} aria-label="已访问页面" onKeyDown={onTabsKeyDown}>
        <ul className="fp-tabs-strip" style={{ transform: `translateX(-${shown.shift}px)` }}>
          {state.tabs.map((tab, index) => {
            const active = tab.path === state.active;
            const closable = isClosable(tab, HOME_TAB);
            const outside = index < shown.first || index > shown.last;
            return (
              <li
                key={tab.path}
                data-testid="tab"
                data-path={tab.path}
                data-active={active ? 'true' : 'false'}
                className={`${Classes.TAG} fp-tab${active ? ' fp-tab--active' : ` ${Classes.MINIMAL}`}${outside ? ' fp-tab--outside' : ''}`}
                onContextMenu={(e) => onContextMenu(e, tab)}
              >
                <a
                  className="fp-tab-link"
                  href={tab.fullPath}
                  title={tab.title}
                  aria-current={active ? 'page' : undefined}
                  onClick={(e) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                    e.preventDefault();
                    goTo(tab.fullPath);
                  }}
                >
                  {tab.title}
                </a>
                {closable && (
                  <button
                    type="button"
                    className={`${Classes.TAG_REMOVE} fp-tab-close`}
                    aria-label={`关闭${tab.title}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      apply(closeTab(state, tab.path, HOME_TAB));
                    }}
                  >
                    <Icon icon="small-cross" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {shown.overflow && (
        <Button
          className="fp-tabs-scroll"
          size="small"
          variant="minimal"
          icon="chevron-right"
          aria-label="向右滚动标签"
          disabled={shown.last >= state.tabs.length - 1}
          onClick={() => moveWindow(1)}
        />
      )}
      <Popover placement="bottom-end" content={tabMenu(current, onActive, 'tab-bar-menu')}>
        <Button className="fp-tabs-menu" size="small" variant="minimal" icon="caret-down" aria-label="标签操作" title="标签操作" />
      </Popover>
      <ContextMenuPopover
        isOpen={menu !== null}
        targetOffset={menu ? { left: menu.left, top: menu.top } : undefined}
        onClose={() => setMenu(null)}
        content={tabMenu(menuTab, act, 'tab-context-menu')}
      />
    </div>
  );
}
