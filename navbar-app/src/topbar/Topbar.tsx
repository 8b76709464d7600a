import type { ReactNode } from 'react';
import { Breadcrumb, Button, Classes, Navbar, NavbarGroup, type BreadcrumbProps } from '@blueprintjs/core';
import { HOME_PATH, breadcrumbs } from '@flexpay/shared-utility';
import { goBack, goTo } from '../location/location';

export interface TopbarProps {
  pathname: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** The header menus (download, user). */
  right: ReactNode;
}

/** Breadcrumbs from the route table (首页, menu parent, route); every crumb but the last links. */
export function crumbItems(pathname: string): BreadcrumbProps[] {
  const crumbs = breadcrumbs(pathname);
  return crumbs.map((crumb, i) => {
    const last = i === crumbs.length - 1;
    if (last || !crumb.path) return { text: crumb.title, current: last };
    const path = crumb.path;
    return {
      text: crumb.title,
      href: path,
      onClick: (e: React.MouseEvent<HTMLElement>) => {
        e.preventDefault();
        goTo(path);
      },
    };
  });
}

export function Topbar({ pathname, sidebarOpen, onToggleSidebar, right }: TopbarProps) {
  return (
    <Navbar className="fp-topbar" data-testid="topbar">
      <NavbarGroup align="start" className="fp-topbar-left">
        <Button
          variant="minimal"
          icon={sidebarOpen ? 'menu-closed' : 'menu-open'}
          aria-label={sidebarOpen ? '收起菜单' : '展开菜单'}
          title={sidebarOpen ? '收起菜单' : '展开菜单'}
          onClick={onToggleSidebar}
          data-testid="sidebar-toggle"
        />
        <Button
          variant="minimal"
          icon="arrow-left"
          text="返回"
          onClick={() => goBack(HOME_PATH)}
          data-testid="back-button"
        />
        {/* At most three crumbs: a plain list (Blueprint's overflow list puts a spacer <div> inside the <ol>, issue 27). */}
        <nav className="fp-breadcrumbs" data-testid="breadcrumbs" aria-label="面包屑">
          <ol className={Classes.BREADCRUMBS}>
            {crumbItems(pathname).map((item, i) => (
              <li key={i} aria-current={item.current ? 'page' : undefined}>
                <Breadcrumb {...item} />
              </li>
            ))}
          </ol>
        </nav>
      </NavbarGroup>
      <NavbarGroup align="end" className={`fp-topbar-right ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>
        {right}
      </NavbarGroup>
    </Navbar>
  );
}
