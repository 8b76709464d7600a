import { Classes, Dialog, DialogBody, DialogFooter, Drawer } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';

export interface OverlayFrameProps {
  title: ReactNode;
  onClose: () => void;
  /** A drawer of `drawerSize`, else a dialog of `dialogWidth`. */
  asDrawer?: boolean;
  dialogWidth: number;
  drawerSize: number;
  canOutsideClickClose?: boolean;
  buttons: ReactNode;
  children: ReactNode;
}

/**
 * A body that may scroll is a named region a keyboard can reach (issue 27: scrollable-region-focusable):
 * Tab stops on it and the arrow keys scroll it.
 */
export function scrollRegionProps(title: ReactNode): { tabIndex: 0; role: 'region'; 'aria-label': string } {
  return { tabIndex: 0, role: 'region', 'aria-label': typeof title === 'string' ? `${title}内容` : '内容' };
}

/**
 * Focus back on the element that opened an overlay once the overlay is gone (issue 27). Blueprint returns
 * focus when `isOpen` turns false, but the kit's overlays are shown open and unmounted to close, which
 * left focus on <body>. The opener is read while rendering, before Blueprint moves focus inside.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(
    () => () => {
      if (!opener || opener === document.body) return;
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
        if (lost && opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
}

/**
 * The body-and-buttons frame that the kit's forms and filters show as a dialog or a drawer; Blueprint's
 * overlay keeps focus inside while open, Escape closes, and focus returns to the opener on close.
 */
export function OverlayFrame({ title, onClose, asDrawer, dialogWidth, drawerSize, canOutsideClickClose, buttons, children }: OverlayFrameProps) {
  useReturnFocus();
  if (asDrawer) {
    return (
      <Drawer isOpen title={title} size={drawerSize} onClose={onClose} canOutsideClickClose={canOutsideClickClose}>
        <div className={Classes.DRAWER_BODY} {...scrollRegionProps(title)}>
          <div className={Classes.DIALOG_BODY}>{children}</div>
        </div>
        <div className={Classes.DRAWER_FOOTER} style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          {buttons}
        </div>
      </Drawer>
    );
  }
  return (
    <Dialog isOpen title={title} style={{ width: dialogWidth }} onClose={onClose} canOutsideClickClose={canOutsideClickClose}>
      <DialogBody {...scrollRegionProps(title)}>{children}</DialogBody>
      <DialogFooter actions={buttons} />
    </Dialog>
  );
}
