import { Classes, Spinner, SpinnerSize } from '@blueprintjs/core';
import { createRoot, type Root } from 'react-dom/client';

export const LOADING_TEXT = '加载中...';

/** Above Blueprint overlays (z-index 20) so a mask started from a dialog covers the dialog too. */
const MASK_STYLE = {
  position: 'fixed',
  inset: 0,
  zIndex: 3000,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  background: 'rgba(255, 255, 255, 0.6)',
} as const;

let pending = 0;
let root: Root | null = null;
let host: HTMLDivElement | null = null;

function Mask() {
  return (
    <div style={MASK_STYLE} role="alert" aria-busy="true">
      <Spinner size={SpinnerSize.STANDARD} />
      <span className={Classes.TEXT_MUTED}>{LOADING_TEXT}</span>
    </div>
  );
}

/**
 * Reference counted (spec §7): several requests with showLoading share one mask, which disappears
 * when the last of them ends.
 */
export function beginLoading(): void {
  pending += 1;
  if (pending > 1) return;
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(<Mask />);
}

export function endLoading(): void {
  if (pending === 0) return;
  pending -= 1;
  if (pending > 0) return;
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
}

export function isLoading(): boolean {
  return pending > 0;
}
