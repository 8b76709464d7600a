/**
 * The form dialog/drawer state machine of spec §2, free of React and of the toast/confirm UI so
 * that every rule (labels, 没有更改, debounce, messages, unsaved-close question) is unit-testable.
 */
import { FIELD_RULES, validateAll, type FieldRules, type Schema } from '../../pure';
import type { Field, FormMode, PermissionRule, Row } from '../screen';

export const FORM_MESSAGES = {
  noChange: '没有更改',
  confirmSubmit: '您确定要提交此改动吗？',
  updated: '更新成功',
  created: '操作成功',
  unsavedClose: '数据已更改，您确定要关闭此界面吗？',
} as const;

export const SUBMIT_DEBOUNCE_MS = 500;
export const FORM_LABEL_WIDTH = 140;
export const FORM_DIALOG_WIDTH = 560;

/** View mode's confirm button switches to edit mode; add and edit submit. */
export function confirmButtonLabel(mode: FormMode): string {
  return mode === 'view' ? '编辑' : '提交';
}

export type PermittedFn = (rule: PermissionRule | undefined) => boolean;
const everyone: PermittedFn = () => true;

export function isFieldVisible(field: Field, values: Row, mode: FormMode, permitted: PermittedFn = everyone): boolean {
  if (!permitted({ onlyFor: field.onlyFor, notFor: field.notFor, codes: field.visibility?.codes, mode: field.visibility?.mode }))
    return false;
  const { showWhen } = field;
  if (showWhen === undefined) return true;
  if (typeof showWhen === 'function') return showWhen(values, mode);
  // 'edit' fields are shown in view mode too: view is the read-only face of edit.
  return showWhen === 'create' ? mode === 'add' : mode !== 'add';
}

export function isFieldReadOnly(field: Field, mode: FormMode): boolean {
  return mode === 'view' || (mode === 'edit' && field.readOnlyWhen === 'edit');
}

const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '';

/** Deep equality where undefined, null and '' all mean "no value" (a cleared input is not a change). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const ra = a as Row;
  const rb = b as Row;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) if (!sameValue(ra[key], rb[key])) return false;
  return true;
}

/** Whether any of the named fields differs from its initial value. */
export function isDirty(initial: Row, values: Row, names: string[]): boolean {
  return names.some((name) => !sameValue(initial[name], values[name]));
}

function requiredMessage(field: Field): string {
  const choose = field.type === 'select' || field.type === 'radio' || field.type === 'date' || field.type === 'dateRange' || field.type === 'month' || field.type === 'monthRange';
  const upload = field.type === 'upload' || field.type === 'excel';
  return `${choose ? '请选择' : upload ? '请上传' : '请输入'}${field.label}`;
}

/** The shared rule set of a field, with `required` and the money rule folded in. */
export function fieldRules(field: Field): FieldRules | null {
  const named = typeof field.rule === 'string' ? FIELD_RULES[field.rule] : field.rule;
  const base: FieldRules | null = named ?? (field.type === 'money' ? { optional: true, rules: FIELD_RULES.money.rules } : null);
  if (!field.required) return base;
  const rules = base?.rules ?? [];
  if (rules.some((r) => r.kind === 'required')) return { rules };
  return { rules: [{ kind: 'required', message: requiredMessage(field) }, ...rules] };
}

/** Ranges count as empty when both ends are; objects (uploads) only face the required rule. */
function validationValue(field: Field, value: unknown): unknown {
  if (Array.isArray(value)) return value.every(isEmptyValue) ? '' : value.join('~');
  if (value !== null && typeof value === 'object' && field.type !== 'date') return 'x';
  return value;
}

export function validateForm(fields: Field[], values: Row): Record<string, string> {
  const schema: Schema = {};
  const checked: Row = {};
  for (const field of fields) {
    const rules = fieldRules(field);
    if (!rules) continue;
    schema[field.name] = rules;
    checked[field.name] = validationValue(field, values[field.name]);
  }
  return validateAll(schema, checked);
}

/**
 * Edit sends the full values of the visible fields plus the record key, not only the changed
 * fields: the server then never has to tell "unchanged" from "cleared", and a field that a rule
 * reads together with another one (password + confirm) always arrives complete.
 */
export function buildPayload(fields: Field[], values: Row, mode: FormMode, initial: Row, recordKey?: string): Row {
  const payload: Row = {};
  for (const field of fields) payload[field.name] = values[field.name];
  if (mode !== 'add' && recordKey && !isEmptyValue(initial[recordKey])) payload[recordKey] = initial[recordKey];
  return payload;
}

export type SubmitOutcome = 'edit-mode' | 'ignored' | 'invalid' | 'unchanged' | 'cancelled' | 'saved' | 'failed';

export interface FormDeps {
  /** The create or update call; rejects (already toasted) on failure. */
  submit: (payload: Row, mode: Exclude<FormMode, 'view'>) => Promise<unknown>;
  confirm: (text: string) => Promise<boolean>;
  success: (message: string) => void;
  warning: (message: string) => void;
  permitted?: PermittedFn;
}

export interface FormOptions {
  fields: Field[];
  mode: FormMode;
  initial?: Row;
  /** Name of the record id sent with updates (the list's rowKey). */
  recordKey?: string;
  confirmSubmit?: boolean;
  /** Replaces 更新成功/操作成功 (a dialog with its own, e.g. 编辑管理员权限成功). */
  successMessage?: string;
}

export interface FormSnapshot {
  mode: FormMode;
  values: Row;
  errors: Record<string, string>;
  submitting: boolean;
  /** Files still being read (compressed, hashed) by the form's upload inputs; 提交 waits for them. */
  reading: number;
  dirty: boolean;
  confirmLabel: string;
  /** Fields shown in the current mode for the current values. */
  visibleFields: Field[];
}

/** Initial values: the record's values, or '' so inputs stay controlled. */
function initialValues(fields: Field[], initial: Row): Row {
  const values: Row = { ...initial };
  for (const field of fields) if (values[field.name] === undefined) values[field.name] = field.type === 'numberRange' || field.type === 'dateRange' || field.type === 'monthRange' ? [] : '';
  return values;
}

export class FormMachine {
  private snapshot: FormSnapshot;
  private initial: Row;
  private readonly listeners = new Set<() => void>();
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly options: FormOptions,
    private readonly deps: FormDeps,
  ) {
    this.initial = initialValues(options.fields, options.initial ?? {});
    this.snapshot = this.compute(options.mode, this.initial, {}, false, 0);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): FormSnapshot => this.snapshot;

  private compute(mode: FormMode, values: Row, errors: Record<string, string>, submitting: boolean, reading: number): FormSnapshot {
    const visibleFields = this.options.fields.filter((f) => isFieldVisible(f, values, mode, this.deps.permitted));
    return {
      mode,
      values,
      errors,
      submitting,
      reading,
      dirty: isDirty(this.initial, values, visibleFields.map((f) => f.name)),
      confirmLabel: confirmButtonLabel(mode),
      visibleFields,
    };
  }

  private update(patch: Partial<Pick<FormSnapshot, 'mode' | 'values' | 'errors' | 'submitting' | 'reading'>>): void {
    const s = { ...this.snapshot, ...patch };
    this.snapshot = this.compute(s.mode, s.values, s.errors, s.submitting, s.reading);
    this.listeners.forEach((listener) => listener());
  }

  /** Replaces the record (e.g. after form.getPath loaded it) and makes it the clean state. */
  load(record: Row): void {
    this.initial = initialValues(this.options.fields, record);
    this.update({ values: this.initial, errors: {} });
  }

  setValue(name: string, value: unknown): void {
    if (this.snapshot.mode === 'view') return;
    const errors = { ...this.snapshot.errors };
    delete errors[name];
    this.update({ values: { ...this.snapshot.values, [name]: value }, errors });
  }

  /** An upload input started (+1) or finished (-1) reading a chosen file. */
  reportReading = (delta: 1 | -1): void => this.update({ reading: Math.max(0, this.snapshot.reading + delta) });

  /** The confirm button: 编辑 in view mode, 提交 otherwise (debounced, leading click wins). */
  async pressConfirm(): Promise<SubmitOutcome> {
    if (this.snapshot.mode === 'view') {
      this.update({ mode: 'edit' });
      return 'edit-mode';
    }
    // A file chosen a moment ago is not in the values until it is read; sending now would say it is required.
    if (this.debounceTimer !== null || this.snapshot.submitting || this.snapshot.reading > 0) return 'ignored';
    this.debounceTimer = setTimeout(() => (this.debounceTimer = null), SUBMIT_DEBOUNCE_MS);

    const { mode, values, visibleFields } = this.snapshot;
    const errors = validateForm(visibleFields, values);
    if (Object.keys(errors).length > 0) {
      this.update({ errors });
      return 'invalid';
    }
    if (mode === 'edit' && !this.snapshot.dirty) {
      this.deps.warning(FORM_MESSAGES.noChange);
      return 'unchanged';
    }
    if (this.options.confirmSubmit && !(await this.deps.confirm(FORM_MESSAGES.confirmSubmit))) return 'cancelled';

    this.update({ submitting: true });
    try {
      await this.deps.submit(buildPayload(visibleFields, values, mode, this.initial, this.options.recordKey), mode);
    } catch {
      // The request layer already showed the error; a failed request only stops the loading state.
      this.update({ submitting: false });
      return 'failed';
    }
    this.initial = values;
    this.update({ submitting: false });
    this.deps.success(this.options.successMessage ?? (mode === 'edit' ? FORM_MESSAGES.updated : FORM_MESSAGES.created));
    return 'saved';
  }

  /** Resolves true when the form may close: unchanged, or the user accepted losing the changes. */
  async requestClose(): Promise<boolean> {
    if (this.snapshot.mode === 'view' || !this.snapshot.dirty) return true;
    return this.deps.confirm(FORM_MESSAGES.unsavedClose);
  }

  dispose(): void {
    if (this.debounceTimer !== null) clearTimeout(this.debounceTimer);
    this.debounceTimer = null;
    this.listeners.clear();
  }
}
