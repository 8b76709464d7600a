import { Button, Callout, Classes, Divider, Drawer, FormGroup, H6, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { request } from '../../api';
import { ENUMS, enumTone, type Entity } from '../../pure';
import { EMPTY_MARK, formatMoney, isNegativeMoney } from '../format';
import { StatusTag } from '../table/status-tag';
import { OverlayFrame } from '../dialogs/overlay-frame';
import { FieldInput } from '../form/field-input';
import { useFieldValues } from '../form/field-values';
import { FileReadingContext } from '../upload/file-upload';
import { FORM_DIALOG_WIDTH, validateForm } from '../form/form-state';
import { TABLE_DRAWER_WIDTH } from '../table/table-view';
import type { Field, Row } from '../screen';
import { detailLinesOf } from './derive';
import { FileLink } from './files';
import { MaskedValue } from '../table/masked-value';

export interface FieldsDialogProps {
  title: string;
  fields: Field[];
  /** Shown above the fields (a transition's question). */
  note?: string;
  intent?: Intent;
  check?: (values: Row) => Record<string, string>;
  /** Resolves when done; rejects (already toasted) to keep the dialog open. */
  submit: (values: Row) => Promise<void>;
  onClose: () => void;
}

/** A small form of declared fields with 取消 / 确定 (declared dialog actions and transitions). */
export function FieldsDialog({ title, fields, note, intent = Intent.PRIMARY, check, submit, onClose }: FieldsDialogProps) {
  const { values, errors, setErrors, setValue, reading, reportReading } = useFieldValues();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const found = { ...validateForm(fields, values), ...check?.(values) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await submit(values);
      onClose();
    } catch {
      // The request layer showed the error; the dialog stays open with the values.
    } finally {
      setBusy(false);
    }
  };
  const buttons = (
    <>
      <Button text="取消" onClick={onClose} />
      {/* A file chosen a moment ago is not in the values until it is read. */}
      <Button intent={intent} text="确定" loading={busy || reading > 0} onClick={() => void confirm()} />
    </>
  );
  return (
    <OverlayFrame title={title} onClose={onClose} dialogWidth={FORM_DIALOG_WIDTH} drawerSize={FORM_DIALOG_WIDTH} canOutsideClickClose={false} buttons={buttons}>
      {note && <Callout intent={Intent.WARNING} className="fp-kit-note">{note}</Callout>}
      <FileReadingContext.Provider value={reportReading}>
        {fields.map((field) => (
          <FormGroup
            key={field.name}
            inline
            className="fp-kit-form-row"
            label={<span className="fp-kit-label">{field.label}</span>}
            labelFor={`kit-dialog-${field.name}`}
            labelInfo={field.required ? '*' : undefined}
            intent={errors[field.name] ? Intent.DANGER : Intent.NONE}
            helperText={errors[field.name]}
          >
            <FieldInput
              field={field}
              id={`kit-dialog-${field.name}`}
              value={values[field.name]}
              values={values}
              invalid={Boolean(errors[field.name])}
              onChange={(v) => setValue(field.name, v)}
            />
          </FormGroup>
        ))}
      </FileReadingContext.Provider>
    </OverlayFrame>
  );
}

interface TrailEntry {
  label?: string;
  action?: string;
  reason?: string | null;
  operatorName?: string;
  operatorAccount?: string;
  time?: string;
}

interface Detailed extends Row {
  operator?: { name?: string; account?: string; time?: string } | null;
  trail?: TrailEntry[];
}

/** 详情 (spec §2): the entity's fields, 操作人/操作时间 and the audit trail of the record. */
export function DetailDialog({ entity, row, onClose }: { entity: Entity; row: Row; onClose: () => void }) {
  const [record, setRecord] = useState<Detailed | null>(null);
  useEffect(() => {
    let alive = true;
    request<Detailed>(`${entity.paths.query}/get`, { [entity.key]: row[entity.key] }).then(
      (answer) => alive && setRecord(answer),
      () => alive && setRecord(row),
    );
    return () => {
      alive = false;
    };
  }, [entity, row]);
  const line = (label: string, value: React.ReactNode, key: string | number) => (
    <div key={key} className="fp-kit-detail-line">
      <span className={`fp-kit-label ${Classes.TEXT_MUTED}`}>{label}</span>
      <span className="fp-kit-detail-value">{value || EMPTY_MARK}</span>
    </div>
  );
  const operator = record?.operator;
  const body = !record ? (
    <Spinner />
  ) : (
    <div data-testid="kit-detail">
      {detailLinesOf(entity, record).map((l) => line(l.label, detailValue(entity, l.name, l.value, record), l.name))}
      <Divider />
      {line('操作人', operator ? `${operator.name ?? ''}${operator.account ? `（${operator.account}）` : ''}` : '', 'op')}
      {line('操作时间', operator?.time, 'time')}
      {record.trail && record.trail.length > 0 && (
        <>
          <H6 className="fp-kit-trail-title">操作记录</H6>
          <HTMLTable compact striped className="fp-kit-trail">
            <tbody>
              {record.trail.map((t, i) => (
                <tr key={i}>
                  <td>{t.time}</td>
                  <td>{t.operatorName}</td>
                  <td>{t.label ?? t.action}</td>
                  <td>{t.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </div>
  );
  return (
    <OverlayFrame title="详情" onClose={onClose} dialogWidth={FORM_DIALOG_WIDTH} drawerSize={FORM_DIALOG_WIDTH} buttons={<Button text="关闭" onClick={onClose} />}>
      {body}
    </OverlayFrame>
  );
}

/** A detail value (issue 22): money with ¥ and separators (red below zero), a toned status as its tag, a file by name. */
function detailValue(entity: Entity, name: string, text: string, record: Row): React.ReactNode {
  const field = entity.fields[name];
  if (field.type === 'file') return <FileLink entity={entity} field={name} record={record} />;
  if (text === '') return '';
  if (field.masked) return <MaskedValue entity={entity} row={record} field={name} />;
  if (field.type === 'money') return <span className={isNegativeMoney(record[name]) ? 'fp-money fp-money--negative' : 'fp-money'}>{formatMoney(record[name], { yuan: true })}</span>;
  const tone = field.type === 'enum' && field.enum ? enumTone(ENUMS[field.enum], record[name]) : undefined;
  return tone ? <StatusTag tone={tone}>{text}</StatusTag> : text;
}

/** A sub-table of the row in the spec's 900 px table drawer. */
export function SubTableDrawer({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <Drawer isOpen title={title} size={TABLE_DRAWER_WIDTH} onClose={onClose}>
      <div className={`${Classes.DRAWER_BODY} fp-kit-drawer-body`}>{children}</div>
    </Drawer>
  );
}
