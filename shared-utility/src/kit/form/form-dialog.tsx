import { Spinner } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { request } from '../../api';
import { OverlayFrame } from '../dialogs/overlay-frame';
import type { Field, FormMode, Row } from '../screen';
import { FORM_DIALOG_WIDTH, type FormDeps } from './form-state';
import { FormButtons, FormFields, useFormMachine } from './form-view';

export interface FormContainerProps {
  isOpen: boolean;
  mode: FormMode;
  /** A fixed title, or one per mode (view switches to edit in place). */
  title: string | ((mode: FormMode) => string);
  fields: Field[];
  initial?: Row;
  /** Loads the full record before editing or viewing (e.g. form.getPath). */
  load?: () => Promise<Row>;
  /** Record id name sent with updates. */
  recordKey?: string;
  confirmSubmit?: boolean;
  successMessage?: string;
  submit: FormDeps['submit'];
  /** Offers 编辑 in view mode; a function decides from the loaded values. */
  canEdit?: boolean | ((values: Row) => boolean);
  onClose: () => void;
  /** After a successful submit; the container closes itself too. */
  onSaved?: () => void;
  children?: ReactNode;
}

/** The create/update call pair of a declared form: the payload goes to createPath or updatePath. */
export function submitTo(createPath: string, updatePath: string): FormDeps['submit'] {
  return (payload, mode) => request(mode === 'add' ? createPath : updatePath, payload, { showLoading: true });
}

function FormContainer({ kind, ...props }: FormContainerProps & { kind: 'dialog' | 'drawer' }) {
  const { form, state } = useFormMachine(props);
  // Loaded once per opening, whatever function identity later renders pass.
  const [load] = useState(() => props.load);
  const [loading, setLoading] = useState(Boolean(load));
  useEffect(() => {
    if (!load) return;
    let alive = true;
    load()
      .then((record) => alive && form.load(record))
      // A failed load was toasted by the request layer; the form stays usable with the row's values.
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [form, load]);

  const title = typeof props.title === 'function' ? props.title(state.mode) : props.title;
  const close = () => void form.requestClose().then((ok) => ok && props.onClose());
  const saved = () => {
    props.onSaved?.();
    props.onClose();
  };
  const body = loading ? <Spinner /> : <FormFields form={form} state={state}>{props.children}</FormFields>;
  const canEdit = typeof props.canEdit === 'function' ? !loading && props.canEdit(state.values) : props.canEdit;
  const buttons = <FormButtons form={form} state={state} canEdit={canEdit} onClose={props.onClose} onSaved={saved} />;

  return (
    <OverlayFrame
      title={title}
      onClose={close}
      asDrawer={kind === 'drawer'}
      dialogWidth={FORM_DIALOG_WIDTH}
      drawerSize={FORM_DIALOG_WIDTH + 40}
      canOutsideClickClose={false}
      buttons={buttons}
    >
      {body}
    </OverlayFrame>
  );
}

/**
 * Form in a 560 px dialog, add / edit / view (spec §2). Each opening starts a fresh form state;
 * closing with unsaved changes asks first.
 */
export function FormDialog(props: FormContainerProps) {
  return props.isOpen ? <FormContainer kind="dialog" {...props} /> : null;
}

/** The same form in a right-hand drawer. */
export function FormDrawer(props: FormContainerProps) {
  return props.isOpen ? <FormContainer kind="drawer" {...props} /> : null;
}
