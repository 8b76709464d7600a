import {
  MENU_ROUTES,
  matchRoute,
  menuLink,
  visibleMenu,
  type AccountType,
  type RouteDef,
} from '@flexpay/shared-utility';

export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 50;
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_COOKIE = 'sidebarStatus';

export interface MenuEntry {
  key: string;
  title: string;
  icon?: string;
  /** Where a leaf navigates; absent for groups. */
  link?: string;
  /** Opens in a new browser tab (官方网站). */
  external?: string;
  children?: MenuEntry[];
}

function toEntry(route: RouteDef): MenuEntry {
  const entry: MenuEntry = { key: route.path, title: route.title };
  if (route.icon) entry.icon = route.icon;
  if (route.external) entry.external = route.external;
  else if (!route.children) entry.link = menuLink(route);
  if (route.children) entry.children = route.children.map(toEntry);
  return entry;
}

/** The sidebar menu a viewer sees: spec §2 entries filtered by account type and permission codes. */
export function menuFor(accountType: AccountType | null, codes: ReadonlySet<number>): MenuEntry[] {
  return visibleMenu({ accountType, codes }, MENU_ROUTES).map(toEntry);
}

/** Titles per group, for display and tests: { 商户管理: ['上级商户', ...], 官方网站: [] }. */
export function menuOutline(menu: MenuEntry[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const entry of menu) out[entry.title] = (entry.children ?? []).map((c) => c.title);
  return out;
}

/** The menu keys (route patterns) of the active leaf and its group for a pathname. */
export function activeKeys(pathname: string): { leaf: string | null; group: string | null } {
  const route = matchRoute(pathname);
  if (!route) return { leaf: null, group: null };
  const group = MENU_ROUTES.find((g) => g.children?.includes(route));
  return { leaf: route.path, group: group ? group.path : null };
}

/** Accordion: opening a group closes any other; toggling the open one closes it. */
export function toggleGroup(open: string | null, key: string): string | null {
  return open === key ? null : key;
}

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

/** Cookie sidebarStatus: '1' open, '0' closed; open by default. */
export function readSidebarOpen(cookie: string): boolean {
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(SIDEBAR_COOKIE + '='));
  if (!match) return true;
  return match.slice(SIDEBAR_COOKIE.length + 1) !== '0';
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open ? 1 : 0}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Width the main region is offset by (the --flexpay-sidebar-width variable). */
export function sidebarOffset(open: boolean, mobile: boolean): number {
  if (mobile) return 0;
  return open ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
}
