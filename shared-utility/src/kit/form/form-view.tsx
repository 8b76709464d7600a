import { Button, FormGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { confirmDialog, showSuccess, showWarning } from '../../ui';
import { usePermitted } from '../permitted';
import type { Field } from '../screen';
import { FileReadingContext } from '../upload/file-upload';
import { FieldInput } from './field-input';
import { FORM_LABEL_WIDTH, FormMachine, fieldRules, isFieldReadOnly, type FormDeps, type FormOptions, type FormSnapshot, type SubmitOutcome } from './form-state';

export interface UseFormOptions extends FormOptions {
  submit: FormDeps['submit'];
}

const ask = (text: string) => confirmDialog({ title: '提示', text, confirmText: '确定', cancelText: '取消' });

/** A FormMachine wired to the shared toasts, confirm box and the signed-in user's permissions. */
export function useFormMachine(options: UseFormOptions): { form: FormMachine; state: FormSnapshot } {
  const permitted = usePermitted();
  const [form] = useState(
    () => new FormMachine(options, { submit: options.submit, confirm: ask, success: showSuccess, warning: showWarning, permitted }),
  );
  useEffect(() => () => form.dispose(), [form]);
  const state = useSyncExternalStore(form.subscribe, form.getSnapshot);
  return { form, state };
}

export interface FormFieldsProps {
  form: FormMachine;
  state: FormSnapshot;
  /** Extra content under the fields (hints, read-only info). */
  children?: ReactNode;
}

function isRequired(field: Field): boolean {
  const rules = fieldRules(field);
  return Boolean(rules && !rules.optional && rules.rules.some((r) => r.kind === 'required'));
}

/** The visible fields with 140 px labels; field errors show as danger helper text. */
export function FormFields({ form, state, children }: FormFieldsProps) {
  return (
    <FileReadingContext.Provider value={form.reportReading}>
      <div>
        {state.visibleFields.map((field: Field) => {
          const error = state.errors[field.name];
          const id = `kit-field-${field.name}`;
          return (
            <FormGroup
              key={field.name}
              inline
              labelFor={id}
              intent={error ? Intent.DANGER : Intent.NONE}
              helperText={error}
              label={
                // The required mark sits inside the fixed-width label, so every input starts at the same x;
                // a field without a label spans the row (the permission tree).
                field.label ? (
                  <span style={{ display: 'inline-block', width: FORM_LABEL_WIDTH, textAlign: 'right' }}>
                    {isRequired(field) && <span style={{ color: '#cd4246', marginRight: 4 }}>*</span>}
                    {field.label}
                  </span>
                ) : undefined
              }
              style={{ alignItems: 'flex-start' }}
            >
              <div style={{ width: '100%' }}>
                <FieldInput field={field} id={id} value={state.values[field.name]} readOnly={isFieldReadOnly(field, state.mode)} invalid={Boolean(error)} values={state.values} onChange={(v) => form.setValue(field.name, v)} />
              </div>
            </FormGroup>
          );
        })}
        {children}
      </div>
    </FileReadingContext.Provider>
  );
}

export interface FormButtonsProps {
  form: FormMachine;
  state: FormSnapshot;
  /** Hides the 编辑 button of view mode (e.g. editing not allowed). */
  canEdit?: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 取消 (asks when changed) and the mode's confirm button (编辑 / 提交). */
export function FormButtons({ form, state, canEdit = true, onClose, onSaved }: FormButtonsProps) {
  const press = async () => {
    const outcome: SubmitOutcome = await form.pressConfirm();
    if (outcome === 'saved') onSaved();
  };
  return (
    <>
      <Button text={state.mode === 'view' ? '关闭' : '取消'} onClick={() => void form.requestClose().then((ok) => ok && onClose())} />
      {(state.mode !== 'view' || canEdit) && (
        <Button intent={Intent.PRIMARY} loading={state.submitting || state.reading > 0} text={state.confirmLabel} onClick={() => void press()} />
      )}
    </>
  );
}
