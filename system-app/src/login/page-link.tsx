import type { MouseEvent, ReactNode } from 'react';
import { navigateToUrl } from 'single-spa';

/**
 * A link between the public pages (and to the suite): a real <a href>, followed by single-spa's
 * navigateToUrl, which pushes the history entry without reloading the page (react-router's Link did
 * the same inside system-app; the login entry has no router).
 */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} onClick={follow}>
      {children}
    </a>
  );
}

function follow(event: MouseEvent<HTMLAnchorElement>): void {
  // A modified click (new tab, new window) is the browser's.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateToUrl(event.currentTarget.getAttribute('href')!);
}
