import type { MouseEvent } from 'react';

/** The root config's region the micro-apps mount their screens in. */
export const MAIN_REGION_ID = 'main-region';

/** Moves keyboard focus to the main content region (focusable from script only, so never in the tab order). */
export function focusMainContent(): boolean {
  const main = document.getElementById(MAIN_REGION_ID);
  if (!main) return false;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
  return document.activeElement === main;
}

/**
 * 跳到主要内容 (issue 27): the page's first focusable element, shown only while focused; Enter moves
 * focus past the sidebar, the top bar and the tabs to the screen itself.
 */
export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    focusMainContent();
  };
  return (
    <a className="fp-skip-link" href={`#${MAIN_REGION_ID}`} onClick={onClick} data-testid="skip-link">
      跳到主要内容
    </a>
  );
}
