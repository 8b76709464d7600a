import type { ReactNode } from 'react';
import type { Intent } from '@blueprintjs/core';
import type { AccountType, EnumName, EnumOptions, FieldRuleName, FieldRules, VisibilityMode } from '../pure';

/** Who may see an element: account-type gate (spec §6 hide-unless) plus a permission-code requirement. */
export interface PermissionRule {
  codes?: number[];
  mode?: VisibilityMode;
  onlyFor?: AccountType[];
  notFor?: AccountType[];
}

export type FormMode = 'add' | 'edit' | 'view';

export type Row = Record<string, unknown>;

export interface Column<R extends Row = Row> {
  key: string;
  title: string;
  width?: number;
  /** Custom cell content; export and tooltips still use the plain text of the value. */
  render?: (row: R) => ReactNode;
  enum?: EnumName;
  money?: boolean;
  date?: boolean;
  sortable?: boolean;
  /** Texts over 25 characters show their two ends with the whole text in a tooltip. */
  longText?: boolean;
  /** A fee ladder `[{fence, ratio}]`, shown as its ranges (spec §2 fee-ladder display). */
  ladder?: boolean;
  /** A percentage sent as "6.5000", shown as 6.5%. */
  ratio?: boolean;
  /** A whole number (counts), right-aligned in tabular digits. */
  int?: boolean;
  /**
   * Sized to its content and never cut (codes, numbers, dates, tags, file names); other text columns
   * share the card's remaining width and cut long text with an ellipsis (the whole text in a tooltip).
   */
  fit?: boolean;
}

export type FieldType =
  | 'text'
  | 'password'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'money'
  | 'numberRange'
  | 'date'
  | 'month'
  | 'monthRange'
  | 'dateRange'
  | 'upload'
  | 'excel'
  | 'custom';

/** The control of a `custom` field (e.g. a select whose options come from the server). */
export interface CustomInputProps {
  id?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  readOnly?: boolean;
  /** The form's other values, for inputs that depend on them. */
  values?: Row;
}

export interface Field {
  name: string;
  label: string;
  type: FieldType;
  rule?: FieldRuleName | FieldRules;
  required?: boolean;
  enum?: EnumName;
  options?: EnumOptions;
  readOnlyWhen?: 'edit';
  showWhen?: 'create' | 'edit' | ((values: Row, mode: FormMode) => boolean);
  placeholder?: string;
  /** Text area height: a fixed row count or [min, max] for autosizing (default [3, 4]). */
  rows?: number | [number, number];
  visibility?: { codes: number[]; mode?: VisibilityMode };
  onlyFor?: AccountType[];
  notFor?: AccountType[];
  /** Upload fields: accepted extensions (default .jpeg,.jpg,.png,.pdf). */
  accept?: string;
  /** `custom` fields: the input to draw. */
  input?: (props: CustomInputProps) => ReactNode;
}

export interface ActionContext<R extends Row = Row> {
  /** The row of a row action. */
  row?: R;
  /** Selected rows (selection and toolbar actions). */
  selection: R[];
  /** Records of the current page. */
  records: R[];
  reload: () => void;
  /** Opens the screen's form; edit and view take the row (reloaded through form.getPath when set). */
  openForm: (mode: FormMode, row?: R) => void;
}

export interface Action<R extends Row = Row> extends PermissionRule {
  key: string;
  label: string;
  intent?: Intent;
  scope: 'row' | 'toolbar' | 'selection';
  /** Question asked before running (confirm dialog text). */
  confirm?: string;
  /** Row actions only: hides the action for rows it does not apply to (e.g. terminal states). */
  showFor?: (row: R) => boolean;
  run: (ctx: ActionContext<R>) => Promise<void> | void;
}

export interface ListDef<R extends Row = Row> {
  path: string;
  columns: Column<R>[];
  searchFields: Field[];
  rowKey: string;
  pageSize?: number;
  exportable?: boolean;
  selectable?: boolean;
  expandable?: (row: R) => ReactNode;
  /** Shows the table inside a 900 px drawer (opened by the host). */
  drawer?: boolean;
}

export interface FormDef {
  fields: Field[];
  createPath: string;
  updatePath: string;
  /** Loads the full record for edit and view; the row itself is used when absent. */
  getPath?: string;
  confirmSubmit?: boolean;
  titles: { add: string; edit: string; view?: string };
  /** Initial values of a new record (e.g. sex 0, status 0). */
  defaults?: Row;
  /** Shows the form in a drawer instead of a dialog. */
  drawer?: boolean;
  /** Who may switch a view-mode form to edit (the 编辑 button is hidden otherwise). */
  editRule?: PermissionRule;
}

export interface ScreenDef<R extends Row = Row> {
  title: string;
  list: ListDef<R>;
  form?: FormDef;
  actions: Action<R>[];
}

/** Identity helper that keeps the row type of a declared screen. */
export function defineScreen<R extends Row = Row>(screen: ScreenDef<R>): ScreenDef<R> {
  return screen;
}
