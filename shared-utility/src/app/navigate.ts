import { navigateToUrl } from 'single-spa';

/**
 * Navigates to an in-suite path, whichever micro-app owns it: single-spa pushes the history entry
 * and every mounted app's BrowserRouter (and root-config's activity functions) follow the URL.
 */
export function navigate(path: string): void {
  navigateToUrl(path);
}
