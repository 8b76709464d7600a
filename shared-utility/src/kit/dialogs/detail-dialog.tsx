import { Button, Classes, Dialog, DialogBody, DialogFooter, Divider, H6 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FORM_LABEL_WIDTH } from '../form/form-state';
import { EMPTY_MARK } from '../format';
import { scrollRegionProps } from './overlay-frame';

export type DetailItem = { label: string; value: ReactNode } | { divider: true; title?: string };

export interface DetailDialogProps {
  isOpen: boolean;
  onClose: () => void;
  items: DetailItem[];
  title?: string;
  width?: number;
}

const empty = (value: ReactNode) => value === null || value === undefined || value === '';

/** 详情: label/value pairs with optional dividers and only a 关闭 button (spec §2). */
export function DetailDialog({ isOpen, onClose, items, title = '详情', width = 560 }: DetailDialogProps) {
  return (
    <Dialog isOpen={isOpen} title={title} style={{ width }} onClose={onClose}>
      <DialogBody {...scrollRegionProps(title)}>
        {items.map((item, i) =>
          'divider' in item ? (
            <div key={i} style={{ margin: '12px 0' }}>
              <Divider />
              {item.title && <H6 style={{ marginTop: 8 }}>{item.title}</H6>}
            </div>
          ) : (
            <div key={i} style={{ display: 'flex', padding: '4px 0' }}>
              <span className={Classes.TEXT_MUTED} style={{ width: FORM_LABEL_WIDTH, flexShrink: 0, textAlign: 'right', paddingRight: 12 }}>
                {item.label}
              </span>
              <span style={{ wordBreak: 'break-all' }}>{empty(item.value) ? EMPTY_MARK : item.value}</span>
            </div>
          ),
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={onClose} />} />
    </Dialog>
  );
}
