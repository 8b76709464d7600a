import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A fresh element in the page and a React root on it for each test, unmounted and removed after it. */
export function useDomHost(): { readonly host: HTMLDivElement; readonly root: Root } {
  const current = {} as { host: HTMLDivElement; root: Root };
  beforeEach(() => {
    current.host = document.createElement('div');
    document.body.appendChild(current.host);
    current.root = createRoot(current.host);
  });
  afterEach(() => {
    act(() => current.root.unmount());
    current.host.remove();
  });
  return current;
}
