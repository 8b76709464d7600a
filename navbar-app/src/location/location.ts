import { useSyncExternalStore } from 'react';
import { navigateToUrl } from 'single-spa';

/** The current location as the navbar sees it: pathname plus search. */
export function currentFullPath(): string {
  return window.location.pathname + window.location.search;
}

/** Fired by the navbar's own navigations (single-spa only re-dispatches popstate once started). */
const NAVIGATED = 'flexpay:navbar-navigated';
const notify = () => window.dispatchEvent(new Event(NAVIGATED));

let replaced = false;
// single-spa marks the popstate it fires after an app's history.replaceState; back/forward and pushes carry no mark.
window.addEventListener('popstate', (event) => {
  replaced = (event as PopStateEvent & { singleSpaTrigger?: string }).singleSpaTrigger === 'replaceState';
});
window.addEventListener(NAVIGATED, () => {
  replaced = false;
});

/** Whether the last URL change replaced the history entry (a route's redirect) instead of adding one. */
export function lastChangeReplaced(): boolean {
  return replaced;
}

function subscribe(onChange: () => void): () => void {
  // single-spa dispatches popstate after pushState/replaceState and fires its own routing event.
  window.addEventListener('popstate', onChange);
  window.addEventListener('single-spa:routing-event', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('single-spa:routing-event', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

/** Re-renders on every URL change made by any app, by the browser's back/forward or by single-spa. */
export function useFullPath(): string {
  return useSyncExternalStore(subscribe, currentFullPath, currentFullPath);
}

export function pathnameOf(fullPath: string): string {
  const cut = fullPath.search(/[?#]/);
  return cut < 0 ? fullPath : fullPath.slice(0, cut);
}

/** Client-side navigation across micro-apps (no full page reload). */
export function goTo(path: string): void {
  if (path === currentFullPath()) return;
  navigateToUrl(path);
  notify();
}

/**
 * Navigates with a record in the history state, in the shape react-router's BrowserRouter reads
 * (`location.state` is `history.state.usr`), for routes that take a record such as /editAdmin.
 */
export function goToWithRecord(path: string, record: unknown): void {
  const prev = (window.history.state ?? {}) as { idx?: number };
  const idx = typeof prev.idx === 'number' ? prev.idx + 1 : 0;
  const key = Math.random().toString(36).slice(2, 10);
  // single-spa patches pushState: it fires popstate and reroutes, so the owning app mounts.
  window.history.pushState({ usr: record, key, idx }, '', path);
  notify();
}

/** Back button: browser history when there is some, else home. */
export function goBack(home: string): void {
  if (window.history.length > 1) window.history.back();
  else goTo(home);
}
