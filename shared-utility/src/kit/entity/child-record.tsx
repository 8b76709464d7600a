/**
 * A row action editing the one record of another entity that belongs to the row (企业配置: an
 * enterprise's payout switches, keyed by entId). The record is read by its link; when the row has none
 * yet (a record created before the child entity existed) the form creates it from the child's declared
 * defaults. Declared by the child entity, the link and the title; the kit draws the form.
 */
import { Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { request } from '../../api';
import type { Entity } from '../../pure';
import { FormDialog } from '../form/form-dialog';
import type { Field, Row } from '../screen';
import { type CustomAction, type Gate, kitDrawnRowAction } from './define';
import { defaultsOf } from './derive';

export interface ChildRecordOptions extends Gate {
  key: string;
  label: string;
  /** The row action name the server must list in `_actions`. */
  needs?: string;
  /** The child entity: its `${paths.query}/get`, `${paths.mgr}/create` and `/update` are used. */
  entity: Entity;
  /** The child's field naming the row → the row's field (`{ entId: 'id' }`): the record's key, sent with every call. */
  link: Record<string, string>;
  /** The form's fields (the link's field is not asked). */
  fields: Field[];
  title: (row: Row) => string;
}

function ChildRecordDialog({ options, row, close }: { options: ChildRecordOptions; row: Row; close: () => void }) {
  const { entity } = options;
  const linked = Object.fromEntries(Object.entries(options.link).map(([child, parent]) => [child, row[parent]]));
  const [found, setFound] = useState<{ record: Row | null } | null>(null);
  useEffect(() => {
    let alive = true;
    // Silent: a missing record is the create case, not an error to toast.
    request<Row | null>(`${entity.paths.query}/get`, linked, { silent: true }).then(
      (record) => alive && setFound({ record: record ?? null }),
      () => alive && setFound({ record: null }),
    );
    return () => {
      alive = false;
    };
  }, [JSON.stringify(linked)]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!found) return <Spinner className="fp-kit-child-loading" />;
  const exists = found.record !== null;
  return (
    <FormDialog
      isOpen
      mode={exists ? 'edit' : 'add'}
      title={options.title(row)}
      fields={options.fields}
      initial={exists ? found.record! : { ...defaultsOf(entity), ...linked }}
      recordKey={Object.keys(options.link)[0]}
      submit={(payload) => request(`${entity.paths.mgr}/${exists ? 'update' : 'create'}`, { ...payload, ...linked }, { showLoading: true })}
      onClose={close}
    />
  );
}

/** The declared row action (kind `custom` drawn by the kit, so the screen writes no dialog). */
export function childRecord(options: ChildRecordOptions): CustomAction {
  return kitDrawnRowAction(options, ({ row, close }) => <ChildRecordDialog options={options} row={row} close={close} />);
}
