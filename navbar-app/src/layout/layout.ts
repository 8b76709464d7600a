import { useEffect, useLayoutEffect, useState } from 'react';
import { isMobileWidth } from '../sidebar/menu-model';

export const TOPBAR_HEIGHT = 50;
export const TABS_HEIGHT = 34;
export const HEADER_HEIGHT = TOPBAR_HEIGHT + TABS_HEIGHT;
export const SIDEBAR_VAR = '--flexpay-sidebar-width';
export const HEADER_VAR = '--flexpay-header-height';

/** Tracks the 992 px mobile breakpoint. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => isMobileWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setMobile(isMobileWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
}

/** The page layout contract: the main region is offset by these two variables. */
export function useLayoutVariables(sidebarWidth: number): void {
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    style.setProperty(SIDEBAR_VAR, `${sidebarWidth}px`);
    style.setProperty(HEADER_VAR, `${HEADER_HEIGHT}px`);
  }, [sidebarWidth]);
}

export function clearLayoutVariables(): void {
  const style = document.documentElement.style;
  style.setProperty(SIDEBAR_VAR, '0px');
  style.setProperty(HEADER_VAR, '0px');
}
