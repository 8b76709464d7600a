import { Fragment, useEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
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

/** The sidebar's entries a keyboard reaches: every link and group button outside a closed group. */
function focusableItems(nav: HTMLElement): HTMLElement[] {
  return [...nav.querySelectorAll<HTMLElement>('.fp-menu a[href], .fp-menu button')].filter((el) => !el.closest('[inert]'));
}

/**
 * Arrow keys within the sidebar (issue 27): ↑ ↓ move between the visible entries (a group's links in
 * turn), Home / End to the first and last, → opens a closed group, ← closes the group of the entry with
 * focus back on the group's button.
 */
export function sidebarKeyDown(e: KeyboardEvent<HTMLElement>, setGroup: (key: string, open: boolean) => void): void {
  const current = document.activeElement as HTMLElement | null;
  const items = focusableItems(e.currentTarget);
  const index = current ? items.indexOf(current) : -1;
  if (index < 0) return;
  const focus = (el: HTMLElement | null | undefined) => {
    if (!el) return;
    e.preventDefault();
    el.focus();
  };
  const groupKey = current?.dataset.menuGroup;
  switch (e.key) {
    case 'ArrowDown':
      return focus(items[(index + 1) % items.length]);
    case 'ArrowUp':
      return focus(items[(index - 1 + items.length) % items.length]);
    case 'Home':
      return focus(items[0]);
    case 'End':
      return focus(items[items.length - 1]);
    case 'ArrowRight':
      if (groupKey && current?.getAttribute('aria-expanded') === 'false') {
        e.preventDefault();
        setGroup(groupKey, true);
      }
      return;
    case 'ArrowLeft': {
      if (groupKey) {
        e.preventDefault();
        setGroup(groupKey, false);
        return;
      }
      const owner = current?.closest<HTMLElement>('[data-group-of]')?.dataset.groupOf;
      if (!owner) return;
      const button = e.currentTarget.querySelector<HTMLElement>(`[data-menu-group="${owner}"]`);
      focus(button);
      setGroup(owner, false);
      return;
    }
  }
}

function LeafItem({ entry, active }: { entry: MenuEntry; active: boolean }) {
  if (entry.external) {
    return (
      <MenuItem
        roleStructure="listitem"
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
      roleStructure="listitem"
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
  const setGroup = (key: string, show: boolean) => setOpenGroup((cur) => (show ? key : cur === key ? null : cur));

  return (
    <>
      {mobile && mobileOpen && <div className="fp-sidebar-backdrop" onClick={onMobileClose} />}
      <nav
        data-testid="sidebar"
        className={className}
        aria-label="主菜单"
        aria-hidden={!visible}
        inert={!visible}
        onKeyDown={(e) => sidebarKeyDown(e, setGroup)}
      >
        <a className="fp-sidebar-logo" href={HOME_PATH} onClick={follow(HOME_PATH)} title="FlexPay 灵活用工管理后台">
          <span className="fp-sidebar-logo-mark" aria-hidden="true">F</span>
          {expanded ? <span className="fp-sidebar-logo-text">FlexPay 管理后台</span> : <span className="fp-visually-hidden">FlexPay 管理后台</span>}
        </a>
        {/* Lists of links and group buttons (issue 27): the menu role asked for children a list of links does not have. */}
        {expanded ? (
          <Menu className="fp-menu" role={undefined}>
            {menu.map((entry) =>
              entry.children ? (
                <Fragment key={entry.key}>
                  <MenuItem
                    roleStructure="listitem"
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
                  <li className="fp-menu-group" data-group-of={entry.key}>
                    <Collapse isOpen={openGroup === entry.key} keepChildrenMounted>
                      {/* A closed group's links stay mounted, out of the tab order and the accessibility tree. */}
                      <Menu className="fp-submenu" role={undefined} aria-label={entry.title} inert={openGroup !== entry.key}>
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
          <Menu className="fp-menu fp-menu--icons" role={undefined}>
            {menu.map((entry) =>
              entry.children ? (
                <li key={entry.key}>
                  <PopoverNext
                    interactionKind="hover"
                    placement="right-start"
                    animation="minimal"
                    arrow={false}
                    content={
                      <Menu role={undefined} aria-label={entry.title}>
                        <li className={Classes.MENU_HEADER}>
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
                <li key={entry.key}>
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
