import { Button, Callout, Classes, FormGroup, Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { FieldInput } from '../form/field-input';
import { usePermitted } from '../permitted';
import { OverlayFrame } from './overlay-frame';
import type { Field, Row } from '../screen';

export const FILTER_DIALOG_WIDTH = 450;
export const FILTER_DIALOG_WIDE = 718;
export const FILTER_DRAWER_WIDTH = 460;

/** 450 px, or 718 px (two columns) for more than three conditions (spec §9). */
export function filterDialogWidth(conditionCount: number): number {
  return conditionCount > 3 ? FILTER_DIALOG_WIDE : FILTER_DIALOG_WIDTH;
}

export interface FilterDialogProps {
  isOpen: boolean;
  title: string;
  fields: Field[];
  initial?: Row;
  /** 确定 by default; 导出 when the dialog collects export conditions. */
  confirmText?: '确定' | '导出';
  onConfirm: (values: Row) => void | Promise<void>;
  onClose: () => void;
  asDrawer?: boolean;
  /** Extra information block, e.g. the selected rows the action applies to. */
  extra?: ReactNode;
}

/** Conditions in a dialog (or drawer) with 关闭 and 确定 / 导出 (spec §2 filter dialog). */
export function FilterDialog(props: FilterDialogProps) {
  // Mounted per opening, so every opening starts from `initial`.
  return props.isOpen ? <FilterDialogContent {...props} /> : null;
}

function FilterDialogContent({ title, fields, initial, confirmText = '确定', onConfirm, onClose, asDrawer, extra }: FilterDialogProps) {
  const permitted = usePermitted();
  const [values, setValues] = useState<Row>(initial ?? {});
  const [busy, setBusy] = useState(false);

  const visible = fields.filter((f) => permitted({ onlyFor: f.onlyFor, notFor: f.notFor, codes: f.visibility?.codes, mode: f.visibility?.mode }));
  const wide = !asDrawer && visible.length > 3;
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(values);
    } finally {
      setBusy(false);
    }
  };
  const body = (
    <>
      <div style={{ display: 'grid', gridTemplateColumns: wide ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)', gap: '0 16px' }}>
        {visible.map((field) => (
          <FormGroup key={field.name} label={field.label} labelFor={`kit-filter-${field.name}`}>
            <FieldInput field={field} id={`kit-filter-${field.name}`} value={values[field.name]} values={values} onChange={(v) => setValues((s) => ({ ...s, [field.name]: v }))} />
          </FormGroup>
        ))}
      </div>
      {extra && <Callout title="附加信息">{extra}</Callout>}
    </>
  );
  const buttons = (
    <>
      <Button text="关闭" onClick={onClose} />
      <Button intent={Intent.PRIMARY} text={confirmText} loading={busy} onClick={() => void confirm()} />
    </>
  );
  return (
    <OverlayFrame
      title={title}
      onClose={onClose}
      asDrawer={asDrawer}
      dialogWidth={filterDialogWidth(visible.length)}
      drawerSize={FILTER_DRAWER_WIDTH}
      buttons={buttons}
    >
      {body}
    </OverlayFrame>
  );
}

export interface SelectedRowsProps<R extends Row> {
  rows: R[];
  /** Text of one row in the list, e.g. its name and number. */
  label: (row: R) => string;
}

/** The extra-information block listing the rows an action applies to. */
export function SelectedRows<R extends Row>({ rows, label }: SelectedRowsProps<R>) {
  return (
    <div>
      <div>已选择 {rows.length} 条：</div>
      <ul className={Classes.LIST} style={{ maxHeight: 160, overflow: 'auto', margin: '4px 0 0' }}>
        {rows.map((row, i) => (
          <li key={i}>{label(row)}</li>
        ))}
      </ul>
    </div>
  );
}
