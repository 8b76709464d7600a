import { Fragment, useEffect, useState, type MouseEvent } from 'react';
import { Classes, Collapse, Icon, Menu, MenuItem, PopoverNext, type IconName } from '@blueprintjs/core';
import { HOME_PATH } from '@flexpay/shared-utility';
import { goTo } from '../location/location';
import { activeKeys, toggleGroup, type MenuEntry } from './menu-model';

export interface SidebarProps {
  menu: MenuEntry[];
  pathname: string;
  /** Desktop: open shows titles (210 px), closed shows icons (50 px). */
  open: boolean;
  mobile: boolean;
  /** Mobile: the drawer is shown over the page. */
  mobileOpen: boolean;
  onMobileClose: () => void;
}

function follow(link: string) {
  return (e: MouseEvent<HTMLElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button === 1) return; // let the browser open a new tab
    e.preventDefault();
    goTo(link);
  };
}

function LeafItem({ entry, active }: { entry: MenuEntry; active: boolean }) {
  if (entry.external) {
    return (
      <MenuItem
        text={entry.title}
        icon={entry.icon as IconName | undefined}
        href={entry.external}
        target="_blank"
        rel="noopener noreferrer"
        data-menu-path={entry.key}
      />
    );
  }
  return (
    <MenuItem
      text={entry.title}
      icon={entry.icon as IconName | undefined}
      href={entry.link}
      active={active}
      className={active ? 'fp-active' : undefined}
      aria-current={active ? 'page' : undefined}
      onClick={follow(entry.link!)}
      data-menu-path={entry.key}
    />
  );
}

export function Sidebar({ menu, pathname, open, mobile, mobileOpen, onMobileClose }: SidebarProps) {
  const { leaf, group } = activeKeys(pathname);
  const [openGroup, setOpenGroup] = useState<string | null>(group);

  // Following a route (from anywhere) opens its group and, accordion style, closes the others.
  useEffect(() => {
    if (group) setOpenGroup(group);
  }, [group]);

  const expanded = mobile || open;
  const visible = !mobile || mobileOpen;
  const className = [
    'fp-sidebar',
    Classes.DARK,
    expanded ? 'fp-sidebar--open' : 'fp-sidebar--collapsed',
    mobile ? 'fp-sidebar--mobile' : '',
    visible ? '' : 'fp-sidebar--hidden',
  ].join(' ');

  return (
    <>
      {mobile && mobileOpen && <div className="fp-sidebar-backdrop" onClick={onMobileClose} />}
      <nav data-testid="sidebar" className={className} aria-label="主菜单" aria-hidden={!visible}>
        <a className="fp-sidebar-logo" href={HOME_PATH} onClick={follow(HOME_PATH)} title="FlexPay 灵活用工管理后台">
          <span className="fp-sidebar-logo-mark">F</span>
          {expanded && <span className="fp-sidebar-logo-text">FlexPay 管理后台</span>}
        </a>
        {expanded ? (
          <Menu className="fp-menu">
            {menu.map((entry) =>
              entry.children ? (
                <Fragment key={entry.key}>
                  <MenuItem
                    tagName="button"
                    type="button"
                    text={entry.title}
                    icon={entry.icon as IconName | undefined}
                    className={group === entry.key ? 'fp-menu-group--active' : undefined}
                    labelElement={<Icon icon={openGroup === entry.key ? 'chevron-up' : 'chevron-down'} />}
                    aria-expanded={openGroup === entry.key}
                    shouldDismissPopover={false}
                    onClick={() => setOpenGroup((cur) => toggleGroup(cur, entry.key))}
                    data-menu-group={entry.key}
                  />
                  <li role="none" className="fp-menu-group">
                    <Collapse isOpen={openGroup === entry.key} keepChildrenMounted>
                      <Menu className="fp-submenu">
                        {entry.children.map((child) => (
                          <LeafItem key={child.key} entry={child} active={leaf === child.key} />
                        ))}
                      </Menu>
                    </Collapse>
                  </li>
                </Fragment>
              ) : (
                <LeafItem key={entry.key} entry={entry} active={leaf === entry.key} />
              ),
            )}
          </Menu>
        ) : (
          <Menu className="fp-menu fp-menu--icons">
            {menu.map((entry) =>
              entry.children ? (
                <li key={entry.key} role="none">
                  <PopoverNext
                    interactionKind="hover"
                    placement="right-start"
                    animation="minimal"
                    arrow={false}
                    content={
                      <Menu>
                        <li className={Classes.MENU_HEADER} role="none">
                          <h6 className={Classes.HEADING}>{entry.title}</h6>
                        </li>
                        {entry.children.map((child) => (
                          <LeafItem key={child.key} entry={child} active={leaf === child.key} />
                        ))}
                      </Menu>
                    }
                  >
                    <button
                      type="button"
                      className={`fp-icon-entry${group === entry.key ? ' fp-icon-entry--active' : ''}`}
                      aria-label={entry.title}
                      title={entry.title}
                    >
                      <Icon icon={(entry.icon ?? 'folder-close') as IconName} />
                    </button>
                  </PopoverNext>
                </li>
              ) : (
                <li key={entry.key} role="none">
                  <a
                    className={`fp-icon-entry${leaf === entry.key ? ' fp-icon-entry--active' : ''}`}
                    href={entry.external ?? entry.link}
                    target={entry.external ? '_blank' : undefined}
                    rel={entry.external ? 'noopener noreferrer' : undefined}
                    onClick={entry.external ? undefined : follow(entry.link!)}
                    aria-label={entry.title}
                    title={entry.title}
                  >
                    <Icon icon={(entry.icon ?? 'document') as IconName} />
                  </a>
                </li>
              ),
            )}
          </Menu>
        )}
      </nav>
    </>
  );
}
