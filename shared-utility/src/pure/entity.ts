/**
 * Kit v2: one declaration per domain object, shared by the browser and the API server.
 *
 * An entity names its table, key, paths (spec §7 query/mgr pairs), permission codes and fields. The
 * browser derives columns, search fields, forms and detail views from it; the server derives
 * validation, search operators, the sort whitelist, writable columns, presentation (fen ↔ "123.45",
 * epoch ↔ yyyy-MM-dd HH:mm:ss) and joins for ref fields. A state machine, when the object has one,
 * is declared beside its fields and drives the transition routes and the per-row actions.
 */
import type { AccountType, EnumName, Tone } from './enums';
import type { FieldRuleName, FieldRules } from './validators';

export type EntityFieldType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'int'
  | 'money'
  | 'ratio'
  | 'enum'
  | 'date'
  | 'datetime'
  | 'ref'
  | 'file'
  | 'ladder'
  | 'json';

export type SearchOp = 'eq' | 'like' | 'in' | 'range';

export interface EntityField {
  label: string;
  type: EntityFieldType;
  /** Database column when it differs from the field name (money fields: `amountFen`). */
  column?: string;
  /** Spec §5 rule (named or inline); checked by the form and by the server on write. */
  rule?: FieldRuleName | FieldRules;
  /** Required on create (adds the kit's 请输入/请选择 message when no rule says so). */
  required?: boolean;
  /** Longest text accepted (varchar limit); the server answers 1001 beyond it. */
  max?: number;
  /** Enumeration of spec §3 (enum fields). */
  enum?: EnumName;
  /** Ref fields: the referenced entity's name and the field its label is shown under in records. */
  ref?: string;
  show?: string;
  /** Ref fields whose options depend on another field's value (merchant → enterprise): cond key → field. */
  dependsOn?: Record<string, string>;
  search?: SearchOp;
  /**
   * Codes a caller needs to search by this field: a number the list shows masked without them (issue 21
   * item 4). The kit offers the input only to holders; the server refuses the filter to the others.
   */
  searchCodes?: readonly number[];
  sort?: boolean;
  /** Writable on create and/or update. */
  create?: boolean;
  update?: boolean;
  /** Where the field is shown; list/detail default true, form defaults to create || update. */
  list?: boolean;
  form?: boolean;
  detail?: boolean;
  /** Never sent to the browser (hashes, secrets). */
  secret?: boolean;
  /** Empty input stored as null (optional fields). */
  nullable?: boolean;
  /** Not a column: a form input the resource's hooks consume (e.g. a new organisation's administrator username). */
  virtual?: boolean;
  /** Column width in the table, px. */
  width?: number;
  placeholder?: string;
  /** A text typed with a dedicated control: `month` picks yyyy-MM with a month picker (issue 22). */
  input?: 'month';
  /** Default value of a new record in the form. */
  defaultValue?: unknown;
  /** File fields: the record's own GET serving a saved file to whoever sees the record (`…/file?<key>=`). */
  filePath?: string;
  /** Asked in forms only while another field holds one of these values (a fixed ratio for pattern 0, a ladder otherwise). */
  formWhen?: { field: string; in: ReadonlyArray<string | number> };
}

export type EntityFields = Record<string, EntityField>;

export interface EntityCodes {
  /** Read: list, get, simple list, export. */
  query: number;
  /** Write: create, update, delete (transitions name their own codes). */
  mgr?: number;
  export?: number;
}

export interface TransitionDef<F extends string = string> {
  label: string;
  from: ReadonlyArray<number | string>;
  to: number | string;
  /** Permission code the caller must hold. */
  code: number;
  /** Account types that may take the transition. */
  for: ReadonlyArray<AccountType>;
  /** Question asked before the transition is sent. */
  confirm?: string;
  /** Extra fields asked in a dialog (e.g. a reason), stored in the audit trail. */
  fields?: Record<string, TransitionField>;
  intent?: 'primary' | 'success' | 'warning' | 'danger';
  /** Entity fields written together with the status (e.g. reviewRemark ← reason). */
  writes?: Partial<Record<string, F>>;
}

export interface TransitionField {
  label: string;
  type: 'text' | 'textarea';
  required?: boolean;
  max?: number;
}

export interface MachineDef<F extends string = string> {
  /** The status field the machine moves. */
  field: F;
  transitions: Record<string, TransitionDef<F>>;
}

/** One figure of a 合计 split by status (issue 22): a label, the status values it adds, and whether it counts. */
export interface TotalsPart {
  label: string;
  values: ReadonlyArray<number | string>;
  /** Money that did not move and will not (refused, failed, cancelled, voided): shown apart, marked 不计入, never added. */
  excluded?: boolean;
  tone?: Tone;
}

/** Which statuses a 合计 adds: every value of the status field's enum belongs to exactly one part. */
export interface EntityTotals<K extends string = string> {
  by: K;
  /** The summary's money fields split by these parts (default: all of them); the others add every row (成功金额, 失败金额). */
  fields?: ReadonlyArray<K>;
  parts: ReadonlyArray<TotalsPart>;
}

export interface EntityDef<F extends EntityFields = EntityFields> {
  /** Registry name (used by ref fields and the audit trail). */
  name: string;
  table: string;
  /** Field holding the primary key. */
  key: keyof F & string;
  /** Field shown when another entity refers to this one (and in simple lists). */
  labelField: keyof F & string;
  title: string;
  /** Path prefixes after /api/admin/: `taxSource/query`, `taxSource/mgr`. */
  paths: { query: string; mgr: string };
  codes: EntityCodes;
  fields: F;
  machine?: MachineDef<keyof F & string>;
  /** createdAt/updatedAt epoch-ms columns the kit maintains (default true). */
  timestamps?: boolean;
  /**
   * Lists without a chosen sort show the newest rows first by this field, then by key (default: by key
   * alone) — for a log whose date filter and sort then share one index.
   */
  newestBy?: keyof F & string;
  /**
   * 合计 adds only money that moved or is moving (issue 22): the server sums each part of the filtered
   * result apart and the summary's figure adds the parts not `excluded`.
   */
  totals?: EntityTotals<keyof F & string>;
}

export type Entity<F extends EntityFields = EntityFields> = EntityDef<F> & {
  fieldNames: Array<keyof F & string>;
};

/** Declares an entity; keeps the field names as a type so screens and resources are checked. */
export function defineEntity<const F extends EntityFields>(def: EntityDef<F>): Entity<F> {
  return { ...def, fieldNames: Object.keys(def.fields) as Array<keyof F & string> };
}

/** Declares a state machine over one status field of an entity's fields. */
export function defineMachine<F extends EntityFields, const K extends keyof F & string>(
  _fields: F,
  field: K,
  transitions: Record<string, TransitionDef<keyof F & string>>,
): MachineDef<keyof F & string> {
  return { field, transitions };
}

export type FieldName<E> = E extends Entity<infer F> ? keyof F & string : never;

/** Column of a field in the database. */
export function columnOf(entity: Entity, field: string): string {
  return entity.fields[field]?.column ?? field;
}

/** Whether a field is shown in a place (list/detail default true; form defaults to writable; a secret is only typed in). */
export function shownIn(field: EntityField, place: 'list' | 'form' | 'detail'): boolean {
  if (place === 'form') return field.form ?? Boolean(field.create || field.update);
  if (field.secret) return false;
  return field[place] ?? true;
}

/** Whether a caller holding these codes may search by the field (its `searchCodes`, all of them). */
export function searchableBy(field: EntityField, held: ReadonlySet<number>): boolean {
  return !!field.search && (field.searchCodes ?? []).every((code) => held.has(code));
}

/** Transitions the caller may take from a status (account type and code; the server adds scope). */
export function allowedTransitions(
  machine: MachineDef | undefined,
  status: unknown,
  accountType: AccountType | null,
  held: ReadonlySet<number>,
): string[] {
  if (!machine || !accountType) return [];
  return Object.entries(machine.transitions)
    .filter(([, t]) => t.from.some((f) => String(f) === String(status)) && t.for.includes(accountType) && held.has(t.code))
    .map(([name]) => name);
}

/** The transition that moves a record from one status to another, if the machine has one. */
export function transitionBetween(machine: MachineDef, from: unknown, to: unknown): string | null {
  const hit = Object.entries(machine.transitions).find(
    ([, t]) => String(t.to) === String(to) && t.from.some((f) => String(f) === String(from)),
  );
  return hit ? hit[0] : null;
}

/** Ratios travel as "6.5000" (percent, 4 places) and are stored as percent × 10⁴ integers (DOMAIN.md). */
export function parseRatio(value: unknown): number | null {
  const text = String(value ?? '').trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 10_000 + Number((frac + '0000').slice(0, 4));
}

export function formatRatio(stored: number | null | undefined): string | null {
  if (stored === null || stored === undefined) return null;
  return `${Math.floor(stored / 10_000)}.${String(stored % 10_000).padStart(4, '0')}`;
}

/** Name of the per-row allowed-actions list the server adds to every record it sends. */
export const ROW_ACTIONS = '_actions';

/** Built-in row actions besides the machine's transitions. */
export type CrudAction = 'update' | 'delete';

/** Entities by name, for ref lookups on both sides. Filled by entities/index.ts. */
const registry = new Map<string, Entity>();

export function registerEntities(...entities: Entity[]): void {
  for (const e of entities) registry.set(e.name, e as Entity);
}

export function entityByName(name: string): Entity {
  const e = registry.get(name);
  if (!e) throw new Error(`unknown entity ${name}`);
  return e;
}
