/**
 * A row action listing the row's child records that each carry a file (开票申请's 凭证 and 发票): their
 * declared columns, the file previewed through its own scoped GET, adding by the row's command (who may
 * and in which state is the command's: the row's `_actions`, else commandAllows), editing and deleting
 * by each record's own `_actions`. A chosen file is stored at once; an optional fill route reads it and
 * fills the form (the VAT recognition). Declared by routes, columns, fields and texts; the kit draws it.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { fetchFile, request } from '../../api';
import { useSession, usePermissions } from '../../app';
import { previewFile } from '../../events';
import { commandAllows, type Entity, type Tone } from '../../pure';
import { showSuccess } from '../../ui';
import type { Row } from '../screen';
import { StatusTag } from '../table/status-tag';
import { extensionOf } from '../upload/file-rules';
import { FileUpload, type UploadValue } from '../upload/file-upload';
import { type CustomAction, type Gate, kitDrawnRowAction } from './define';
import { uploadFile, type StoredFile } from './files';

export interface RowFilesColumn {
  title: string;
  /** The cell's text; a column without it shows the record's `file` as a preview link. */
  value?: (item: Row) => string;
  numeric?: boolean;
  /** A status column: the value as a coloured tag of this tone. */
  tone?: (item: Row) => Tone | undefined;
}

export interface RowFilesField {
  name: string;
  label: string;
  placeholder?: string;
  /** A select of these options (sent as a number), else a text input. */
  options?: ReadonlyArray<{ value: string | number; label: string }>;
  initial?: string;
  /** The input's id (e2e); `fp-kit-row-files-<name>` by default. */
  id?: string;
}

/** A part of the line above the list: `text <b>value</b> after`, or a warning tag. */
export interface RowFilesSummaryPart {
  text: string;
  value?: string;
  after?: string;
  testId?: string;
  warn?: boolean;
}

export interface RowFilesOptions extends Gate {
  key: string;
  label: string;
  /** The row action name the server must list in `_actions`. */
  needs?: string;
  title: (row: Row) => string;
  width?: number;
  /** The records' route, posted the link (`{ applyId: row.id }`). */
  list: string;
  /** The child's field naming the row → the row's field (`{ applyId: 'id' }`), sent to `list` and `add`. */
  link: Record<string, string>;
  /** A record's file through its own scoped GET (`{ id }`). */
  file: string;
  columns: RowFilesColumn[];
  summary?: (row: Row, items: Row[]) => RowFilesSummaryPart[];
  empty: { title: string; description: (adding: boolean) => string };
  /** Adding: the row entity's command (its route `${paths.mgr}/<command>`, who may and when). */
  add?: {
    entity: Entity;
    command: string;
    fields: RowFilesField[];
    file: { label: string; help?: string };
    /** A button that opens the form (else the form is always shown). */
    open?: string;
    submit: string;
    done: string;
    /** Reads a stored file into the form's values (the VAT recognition). */
    fill?: { route: string; values: (answer: Row) => Record<string, string>; done: string; reading: string };
  };
  /** Editing a record offering `update`: its route (the record's id, the fields and the file). */
  update?: string;
  /** Deleting a record offering `delete`: its route and the question asked first. */
  remove?: { route: string; confirm: (item: Row) => string };
}

const actionsOf = (row: Row): string[] | null => (Array.isArray(row._actions) ? (row._actions as string[]) : null);
const SUMMARY_STYLE = { display: 'flex', flexWrap: 'wrap', gap: '8px 24px', alignItems: 'center', padding: '10px 12px', background: '#f6f7f9', borderRadius: 3, marginBottom: 8, minHeight: 40 } as const;
const FORM_STYLE = { marginTop: 12, paddingTop: 12, borderTop: '1px solid #e5e8eb' } as const;
const NUM_STYLE = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

let previewUrl: string | null = null;
async function preview(path: string, id: unknown, name: string): Promise<void> {
  const { blob } = await fetchFile(path, { id: Number(id) });
  if (previewUrl) URL.revokeObjectURL(previewUrl);
  previewUrl = URL.createObjectURL(blob);
  previewFile({ url: previewUrl, type: extensionOf(name) || 'pdf' });
}

function FileCell({ path, item }: { path: string; item: Row }) {
  const file = item.file as StoredFile | null | undefined;
  if (!file) return <>-</>;
  return <Button variant="minimal" size="small" intent="primary" className="fp-kit-file-link" text={file.name} onClick={() => void preview(path, item.id, file.name).catch(() => undefined)} />;
}

function RowFilesDialog({ options, row, reload, close }: { options: RowFilesOptions; row: Row; reload: () => void; close: () => void }) {
  const { add } = options;
  const session = useSession();
  const held = usePermissions();
  const linked = Object.fromEntries(Object.entries(options.link).map(([child, parent]) => [child, row[parent]]));
  const empty = Object.fromEntries((add?.fields ?? []).map((f) => [f.name, f.initial ?? '']));
  const adding = !!add && (actionsOf(row)?.includes(add.command) ?? commandAllows(add.entity, add.command, row, session?.accountType ?? null, held ?? new Set()));
  const [list, setList] = useState<Row[] | null>(null);
  const [editing, setEditing] = useState<Row | 'new' | null>(adding && !add?.open ? 'new' : null);
  const [form, setForm] = useState<Record<string, string>>(empty);
  const [shown, setShown] = useState<UploadValue | null>(null);
  const [stored, setStored] = useState<StoredFile | null>(null);
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = () => void request<Row[]>(options.list, linked).then(setList, () => setList([]));
  useEffect(load, [row.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const open = (item: Row | 'new') => {
    const file = item === 'new' ? null : ((item.file as StoredFile | null) ?? null);
    setEditing(item);
    setForm(item === 'new' ? empty : Object.fromEntries(Object.entries(empty).map(([name, initial]) => [name, String(item[name] ?? initial)])));
    setStored(file);
    setShown(file ? { url: file.url, type: extensionOf(file.name) || 'pdf', name: file.name } : null);
  };
  const finish = () => {
    if (add?.open) setEditing(null);
    else open('new');
  };

  // A chosen file is stored at once and, when declared, read to fill the form.
  const choose = async (value: UploadValue | null) => {
    setShown(value);
    setStored(null);
    if (!value?.file) return;
    setReading(true);
    try {
      const saved = await uploadFile(value.file, value.fileMd5);
      setStored(saved);
      if (add?.fill) {
        setForm(add.fill.values(await request<Row>(add.fill.route, { file: saved })));
        showSuccess(add.fill.done);
      }
    } catch {
      // a file that cannot be read is filled in by hand (the message is shown by the request layer)
    } finally {
      setReading(false);
    }
  };

  const save = async () => {
    if (!add || !stored || editing === null) return;
    setBusy(true);
    try {
      const values = Object.fromEntries(add.fields.map((f) => [f.name, f.options ? Number(form[f.name]) : form[f.name]]));
      if (editing === 'new') await request(`${add.entity.paths.mgr}/${add.command}`, { ...linked, ...values, file: stored }, { showLoading: true });
      else await request(options.update!, { id: editing.id, ...values, file: stored }, { showLoading: true });
      showSuccess(add.done);
      finish();
      load();
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const remove = async (item: Row) => {
    if (!options.remove || !window.confirm(options.remove.confirm(item))) return;
    await request(options.remove.route, { id: item.id }, { showLoading: true }).catch(() => undefined);
    load();
  };

  const may = (item: Row, name: 'update' | 'delete') => (name === 'update' ? !!options.update && adding : !!options.remove) && (actionsOf(item)?.includes(name) ?? false);
  const withActions = (!!options.update && adding) || (!!options.remove && (adding || (list ?? []).some((item) => may(item, 'delete'))));
  const input = (f: RowFilesField) => {
    const id = f.id ?? `fp-kit-row-files-${f.name}`;
    const set = (value: string) => setForm((v) => ({ ...v, [f.name]: value }));
    return (
      <FormGroup key={f.name} label={f.label} labelFor={id} style={add?.open ? undefined : { marginBottom: 0 }}>
        {f.options ? (
          <HTMLSelect id={id} value={form[f.name]} style={{ minWidth: 120 }} onChange={(e) => set(e.target.value)} options={f.options.map((o) => ({ value: String(o.value), label: o.label }))} />
        ) : (
          <InputGroup id={id} value={form[f.name]} placeholder={f.placeholder} onChange={(e) => set(e.target.value)} />
        )}
      </FormGroup>
    );
  };
  const fileInput = add && (
    <FormGroup label={add.file.label} style={add.open ? undefined : { flex: 1, marginBottom: 0 }} helperText={reading && add.fill ? add.fill.reading : add.file.help}>
      <FileUpload value={shown} onChange={(v) => void choose(v)} />
    </FormGroup>
  );
  const submit = add && <Button intent={Intent.PRIMARY} icon={add.open ? undefined : 'upload'} style={add.open ? undefined : { marginBottom: 2, whiteSpace: 'nowrap' }} text={add.submit} disabled={!stored || reading} loading={busy} onClick={() => void save()} />;

  return (
    <Dialog isOpen title={options.title(row)} onClose={close} style={{ width: options.width ?? 760 }} canOutsideClickClose={false}>
      <DialogBody>
        {options.summary && (
          <div className="fp-kit-row-files-summary" style={SUMMARY_STYLE}>
            {options.summary(row, list ?? []).map((part) =>
              part.warn ? (
                <Tag key={part.text} intent={Intent.WARNING} minimal>
                  {part.text}
                </Tag>
              ) : (
                <span key={part.text}>
                  {part.text}
                  {part.value !== undefined && (
                    <>
                      {' '}
                      <b data-testid={part.testId} style={{ fontSize: 15, color: '#1c2127' }}>
                        {part.value}
                      </b>{' '}
                      {part.after}
                    </>
                  )}
                </span>
              ),
            )}
          </div>
        )}
        {list === null ? (
          <Spinner size={30} />
        ) : list.length === 0 ? (
          <NonIdealState icon="document" title={options.empty.title} description={options.empty.description(adding)} />
        ) : (
          <HTMLTable compact striped style={{ width: '100%' }}>
            <thead>
              <tr>
                {options.columns.map((c) => (
                  <th key={c.title} style={c.numeric ? NUM_STYLE : undefined}>
                    {c.title}
                  </th>
                ))}
                {withActions && <th>操作</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((item) => (
                <tr key={String(item.id)}>
                  {options.columns.map((c) => (
                    <td key={c.title} style={c.numeric ? NUM_STYLE : undefined}>
                      {!c.value ? <FileCell path={options.file} item={item} /> : c.tone ? <StatusTag tone={c.tone(item) ?? 'none'}>{c.value(item)}</StatusTag> : c.value(item)}
                    </td>
                  ))}
                  {withActions && (
                    <td>
                      {may(item, 'update') && <Button variant="minimal" size="small" intent={Intent.PRIMARY} text="编辑" onClick={() => open(item)} />}
                      {may(item, 'delete') && <Button variant="minimal" size="small" intent={Intent.DANGER} text="删除" onClick={() => void remove(item)} />}
                      {!may(item, 'update') && !may(item, 'delete') && '-'}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {add && adding && add.open && editing === null && <Button style={{ marginTop: 12 }} icon="plus" intent={Intent.PRIMARY} text={add.open} onClick={() => open('new')} />}
        {add && adding && !add.open && (
          <div className="fp-kit-row-files-form" style={{ ...FORM_STYLE, display: 'flex', gap: 16, alignItems: 'flex-end' }}>
            {add.fields.map(input)}
            {fileInput}
            {submit}
          </div>
        )}
        {add && add.open && editing !== null && (
          <div className="fp-kit-row-files-form" style={FORM_STYLE}>
            {fileInput}
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '0 16px' }}>{add.fields.map(input)}</div>
            <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
              <Button text="取消" onClick={() => setEditing(null)} />
              {submit}
            </div>
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={close} />} />
    </Dialog>
  );
}

/** The declared row action (kind `custom` drawn by the kit, so the screen writes no dialog). */
export function rowFiles(options: RowFilesOptions): CustomAction {
  return kitDrawnRowAction(options, ({ row, reload, close }) => <RowFilesDialog options={options} row={row} reload={reload} close={close} />);
}
