import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { ContextMenuPopover, Menu, MenuItem, Tag } from '@blueprintjs/core';
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

  // Scroll the active tab into view.
  useEffect(() => {
    const el = barRef.current?.querySelector<HTMLElement>('[data-active="true"]');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [state.active]);

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
  return (
    <div className="fp-tabs" data-testid="visited-tabs" ref={barRef} role="tablist" aria-label="已访问页面">
      {state.tabs.map((tab) => {
        const active = tab.path === state.active;
        const closable = isClosable(tab, HOME_TAB);
        return (
          <Tag
            key={tab.path}
            data-testid="tab"
            data-path={tab.path}
            data-active={active ? 'true' : 'false'}
            role="tab"
            aria-selected={active}
            className={`fp-tab${active ? ' fp-tab--active' : ''}`}
            minimal={!active}
            interactive
            onClick={() => goTo(tab.fullPath)}
            onContextMenu={(e) => onContextMenu(e, tab)}
            onRemove={
              closable
                ? (e) => {
                    e.stopPropagation();
                    apply(closeTab(state, tab.path, HOME_TAB));
                  }
                : undefined
            }
            htmlTitle={tab.title}
          >
            {tab.title}
          </Tag>
        );
      })}
      <ContextMenuPopover
        isOpen={menu !== null}
        targetOffset={menu ? { left: menu.left, top: menu.top } : undefined}
        onClose={() => setMenu(null)}
        content={
          <Menu className="fp-tab-menu" data-testid="tab-context-menu">
            <MenuItem text="刷新" icon="refresh" onClick={act(refresh)} />
            <MenuItem
              text="关闭"
              icon="cross"
              disabled={!menuTab || !isClosable(menuTab, HOME_TAB)}
              onClick={act((t) => apply(closeTab(state, t.path, HOME_TAB)))}
            />
            <MenuItem text="关闭其他" icon="disable" onClick={act((t) => apply(closeOthers(state, t.path, HOME_TAB)))} />
            <MenuItem text="关闭全部" icon="remove" onClick={act(() => apply(closeAll(state, HOME_TAB)))} />
          </Menu>
        }
      />
    </div>
  );
}
