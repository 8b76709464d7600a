/**
 * Kit v2 screens: `defineScreen(entity, {...})` names which of the entity's fields a screen lists,
 * searches and filters, and which declared actions it offers. Everything else (columns, inputs,
 * forms, detail views, transition dialogs) is derived from the entity (shared-utility/src/pure/entity.ts).
 */
import type { ReactNode } from 'react';
import type { Intent } from '@blueprintjs/core';
import type { Observable } from 'rxjs';
import { ROW_ACTIONS, type AccountType, type Entity, type FieldName, type VisibilityMode } from '../../pure';
import type { ImportSheet } from './import-sheet';
import type { Field, Row } from '../screen';

export type Names<E extends Entity> = ReadonlyArray<FieldName<E>>;

/** Who may see a toolbar action (row actions follow the row's `_actions` instead). */
export interface Gate {
  codes?: number[];
  mode?: VisibilityMode;
  onlyFor?: AccountType[];
}

export interface RowContext {
  row: Row;
  reload: () => void;
  close: () => void;
}

/** Form add/edit/view (spec §2): 新增 on the toolbar, 查看 and 编辑 on rows. */
export interface FormAction extends Gate {
  kind: 'form';
  drawer?: boolean;
  confirmSubmit?: boolean;
  /** Replaces the derived fields (forms with inputs the entity does not hold, e.g. 管理员's 账号类型). */
  fields?: Field[];
  titles?: { add: string; edit: string; view?: string };
  defaults?: Row;
  /** Offers 新增 (default true). */
  create?: boolean;
  /** Offers 查看 on rows (default true). */
  view?: boolean;
  /** Route names after paths.mgr when the spec names them otherwise (sms/config/addOrUpdate, bank add). */
  routes?: { create?: string; update?: string };
  /** The row action 编辑 follows in the row's `_actions` (default `update`; 制单明细's rows list `updateDetail`). */
  needs?: string;
  /** Offers 编辑 on rows (default true); false for a create-only form beside the screen's edit form. */
  edit?: boolean;
  /** 新增's values the form does not ask for, added before sending (a sub-merchant's supplier, from its parent). */
  complete?: (values: Row) => Row | Promise<Row>;
  /** With `fields`: sends only the entity's writable fields, so a display-only input (企业's 供应商) stays out. */
  writableOnly?: boolean;
  /** After 新增: the secrets of the answer, shown this one time (商户/企业's administrator and initial password). */
  then?: AnswerOnce;
  /** Derived fields shown only to some account types (the server fills them for the others, e.g. a supplier's own id). */
  fieldsFor?: Record<string, AccountType[]>;
}

/** A secret of an answer shown once (secretOnce(), form({ then })). */
export interface ShownSecret {
  /** The answer's field, or a path into it (admin.initialPassword). */
  field: string;
  label: string;
  /** The value's test id (default new-<label>). */
  testId?: string;
  /** The message after copying (default 已复制); false: the value has no copy button. */
  copied?: string | false;
}

/** The dialog after a create whose answer holds secrets: its title, the warning, the secrets and the closing button. */
export interface AnswerOnce {
  title: string;
  note: string;
  closeText: string;
  secrets: ReadonlyArray<ShownSecret>;
}

/** 详情: the entity's detail fields with 操作人/操作时间 and the audit trail from get. */
export interface DetailAction {
  kind: 'detail';
}

/**
 * A dialog of declared fields posted to a path with the row key (e.g. 重置密码, the permission tree);
 * with `scope: 'toolbar'` a button of the toolbar posting the values alone (按卡号添加).
 */
export interface DialogAction extends Gate {
  kind: 'dialog';
  scope?: 'row' | 'toolbar';
  key: string;
  label: string;
  fields: Field[];
  path: string;
  /** The row action name the server must list in `_actions` (e.g. 'update'). */
  needs?: string;
  title?: string;
  intent?: Intent;
  success?: string;
  /** Body of the call; defaults to the row key and the values. */
  body?: (row: Row, values: Row) => Row;
  /** Checks across fields (e.g. password confirmation); a message per failing field. */
  check?: (values: Row) => Record<string, string>;
  /**
   * Loads the dialog's values (and whatever its custom inputs draw) when it opens; the dialog then
   * opens read-only and 编辑 switches to edit, like a form in view mode (spec §2 permission dialog).
   */
  load?: (row: Row) => Promise<Row>;
  /** With `load`: whether the loaded values may be edited (offers 编辑). */
  editable?: (loaded: Row) => boolean;
}

/**
 * The entity's commands offered on rows (kit v3): `transitions()` those moving the state, `commands()`
 * all of them (快递信息 too); with `only`, a subset. Each row shows those its `_actions` list, with the
 * command's confirm or its dialog of declared fields.
 */
export interface TransitionsAction {
  kind: 'transitions';
  only?: string[];
  /** Commands that move nothing too (commands()). */
  all?: boolean;
}

export interface RemoveAction {
  kind: 'remove';
  confirm?: string;
  /** The route after paths.mgr when it is not `delete` (a fee price's `reset`), and its button text. */
  route?: string;
  label?: string;
}

/** 导出: the whole filtered result as an xlsx written by the server. */
export interface ExportAction extends Gate {
  kind: 'export';
  /** Several exports of one screen (代发订单's modes 10/20/30/40): each its own key, button text and token body. */
  key?: string;
  label?: string;
  /** Sent with `{cond, orderBy}` to the token route (e.g. `{exportMode: 20}`). */
  body?: Row;
  /** Token and file routes after /api/admin when not `${paths.query}/genExportExcelToken` and `/export`. */
  routes?: { token: string; file: string };
}

/** 下载模板: the import sheet's titles and example row as a workbook written in the browser. */
export interface TemplateAction extends Gate {
  kind: 'template';
  sheet: ImportSheet;
  label?: string;
}

/**
 * 导入: an Excel file read in the browser against the sheet's columns, previewed with the shared row
 * check, sent as `{...fields, rows}`; the answer (or a refusal's data) `{rows:[{rowNo, ok, message?}]}`
 * shows per row what was imported and what was refused, and why.
 */
export interface ImportAction extends Gate {
  kind: 'import';
  path: string;
  sheet: ImportSheet;
  label?: string;
  /** Entity fields sent with the rows and required (the enterprise they belong to). */
  fields?: string[];
  /** Those fields only for some account types (the server fills them for the others). */
  fieldsFor?: Record<string, AccountType[]>;
  /** Uploads the chosen workbook (file/upload) and sends it as `file` with the rows, for the server to keep. */
  keepFile?: boolean;
}

/** A sub-table of another entity in a 900 px drawer, restricted to the row (e.g. 通道配置). */
export interface TableAction {
  kind: 'table';
  key: string;
  label: string;
  screen: EntityScreen;
  /** Child field → parent field: the child list's condition and the new child's defaults. */
  link: Record<string, string>;
  needs?: string;
  /** Rows of the parent that offer the sub-table (e.g. only distributors have 分销商配置). */
  when?: (row: Row) => boolean;
  /** Parents that still take new children; for the others the sub-table has no 新增 (a submitted temp order). */
  addable?: (row: Row) => boolean;
}

/** A row action that opens another screen with the row's fields in its path (授权 → /client/cliMercht/<clientCode>). */
export interface LinkAction extends Gate {
  kind: 'link';
  key: string;
  label: string;
  /** The path to open; may look a value up first (a merchant's code). */
  to: (row: Row) => string | Promise<string>;
  needs?: string;
  when?: (row: Row) => boolean;
}

/** A row action downloading a file the server writes for the row (an import's 结果文件). */
export interface DownloadAction extends Gate {
  kind: 'download';
  key: string;
  label: string;
  /** The GET route after /api/admin and its query (default: the row's key). */
  path: string;
  query?: (row: Row) => Record<string, string | number>;
  needs?: string;
}

/** A toolbar button opening another entity's list in the 900 px drawer (导入记录: the imports with their counts). */
export interface ListDrawerAction extends Gate {
  kind: 'listDrawer';
  key: string;
  label: string;
  screen: EntityScreen;
}

/** An action the kit cannot declare: the screen renders its own dialog (e.g. the permission tree). */
export interface CustomAction extends Gate {
  kind: 'custom';
  key: string;
  label: string;
  scope: 'row' | 'toolbar';
  needs?: string;
  /** Rows that offer the action beyond `needs` (失败明细重新制单 only on ended orders). */
  when?: (row: Row) => boolean;
  render: (ctx: RowContext) => ReactNode;
}

export type ScreenAction =
  | FormAction
  | DetailAction
  | DialogAction
  | TransitionsAction
  | RemoveAction
  | ExportAction
  | TemplateAction
  | ImportAction
  | TableAction
  | LinkAction
  | DownloadAction
  | ListDrawerAction
  | CustomAction;

export interface ScreenOptions<E extends Entity> {
  /** Defaults to the entity's title. */
  title?: string;
  list: Names<E>;
  search?: Names<E>;
  /** Conditions of the 更多筛选 dialog (spec §2 filter dialog). */
  filterDialog?: Names<E>;
  /** Status tabs; `param` names a route parameter that holds the tab (else the `tab` query key). */
  tabs?: { by: FieldName<E>; values: ReadonlyArray<string | number>; param?: string };
  /**
   * Route parameters that preselect a search field and a new record's value, once per path
   * (/client/cliMercht/:clientCode?/:merchtCode?): parameter → field. A ref field takes the parameter
   * as the referenced record's key, or, named otherwise (merchtCode), looks it up in that entity's
   * simple list by the field of that name and uses it when exactly one record answers.
   */
  params?: Record<string, FieldName<E>>;
  /** Money fields the server totals over the whole filtered result. */
  summary?: Names<E>;
  /** Conditions every list, summary and export of the screen sends (我的费率 asks `own`). */
  cond?: Row;
  actions: ScreenAction[];
  /** Columns (and summary items) shown only to some account types, when not their fields' own `for` (the entity's declaration). */
  listFor?: Partial<Record<FieldName<E>, AccountType[]>>;
  /** Per-field presentation changes of this screen (labels, widths, a custom cell). */
  columns?: Partial<Record<FieldName<E>, { render?: (row: Row) => ReactNode; width?: number }>>;
  /** The list path when it differs from `${paths.query}/list`. */
  listPath?: string;
  /** With `summary`: the label of the count of the filtered result (`summary.count`, else `total`) shown first in the totals row. */
  summaryCount?: string;
  /**
   * Live rows: a stream of partial records (the key plus what changed) for the rows shown, merged into
   * them as they come, without reloading the list (代发订单 while orders are processed). Subscribed
   * while the screen shows those rows; null when none of them can change.
   */
  live?: (records: Row[]) => Observable<Row> | null;
}

export interface EntityScreen<E extends Entity = Entity> extends ScreenOptions<E> {
  entity: E;
  title: string;
}

export function defineScreen<E extends Entity>(entity: E, options: ScreenOptions<E>): EntityScreen<E> {
  return { ...options, entity, title: options.title ?? entity.title };
}

/** The actions the server listed on a row (its `_actions`); undefined on a list that carries none (older routes). */
export function listedActions(row: Row | undefined): readonly string[] | undefined {
  const listed = row?.[ROW_ACTIONS];
  return Array.isArray(listed) ? (listed as string[]) : undefined;
}

export const form = (options: Omit<FormAction, 'kind'> = {}): FormAction => ({ kind: 'form', ...options });
export const detail = (): DetailAction => ({ kind: 'detail' });
export const dialog = (options: Omit<DialogAction, 'kind'>): DialogAction => ({ kind: 'dialog', ...options });
export const transitions = (only?: string[]): TransitionsAction => ({ kind: 'transitions', only });
export const commands = (only?: string[]): TransitionsAction => ({ kind: 'transitions', only, all: true });
export const remove = (confirm?: string, o: { route?: string; label?: string } = {}): RemoveAction => ({ kind: 'remove', confirm, ...o });
export const serverExport = (options: Omit<ExportAction, 'kind'> = {}): ExportAction => ({ kind: 'export', ...options });
export const template = (sheet: ImportSheet, label?: string): TemplateAction => ({ kind: 'template', sheet, label });
export const excelImport = (options: Omit<ImportAction, 'kind'>): ImportAction => ({ kind: 'import', ...options });
export const subTable = (options: Omit<TableAction, 'kind'>): TableAction => ({ kind: 'table', ...options });
export const link = (options: Omit<LinkAction, 'kind'>): LinkAction => ({ kind: 'link', ...options });
export const rowDownload = (options: Omit<DownloadAction, 'kind'>): DownloadAction => ({ kind: 'download', ...options });
export const listDrawer = (options: Omit<ListDrawerAction, 'kind'>): ListDrawerAction => ({ kind: 'listDrawer', ...options });
export const custom = (options: Omit<CustomAction, 'kind'>): CustomAction => ({ kind: 'custom', ...options });

/** A row action whose dialog the kit draws from a declaration (textView, rowFiles, secretOnce, childRecord): the screen writes none. */
export function kitDrawnRowAction(options: Gate & { key: string; label: string; needs?: string }, render: CustomAction['render']): CustomAction {
  const { key, label, needs, codes, mode, onlyFor } = options;
  return { kind: 'custom', key, label, scope: 'row', needs, codes, mode, onlyFor, render };
}
