import { Classes, Dialog, DialogBody, DialogFooter, Drawer } from '@blueprintjs/core';
import type { ReactNode } from 'react';

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

/** The body-and-buttons frame that the kit's forms and filters show as a dialog or a drawer. */
export function OverlayFrame({ title, onClose, asDrawer, dialogWidth, drawerSize, canOutsideClickClose, buttons, children }: OverlayFrameProps) {
  if (asDrawer) {
    return (
      <Drawer isOpen title={title} size={drawerSize} onClose={onClose} canOutsideClickClose={canOutsideClickClose}>
        <div className={Classes.DRAWER_BODY}>
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
      <DialogBody>{children}</DialogBody>
      <DialogFooter actions={buttons} />
    </Dialog>
  );
}
