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

/** What a masked field holds, which decides how it is masked (masking.ts maskPersonal). */
export type MaskKind = 'idNumber' | 'bankCard' | 'phone';

/** The code that reveals a masked field: its own, else 20110 管理人才 (rules/talent TALENT_MGR_CODE). */
export const revealCodeOf = (field: EntityField): number => field.revealCode ?? 20110;

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
  /**
   * Personal data (issue 22 item 6): the server sends it masked to everyone (`1101**********1015`,
   * `6216********3555`, `138****8888`, masking.ts); a holder of `revealCode` (20110 unless named)
   * reveals one value through common/reveal, filters by the whole number and may export it whole.
   */
  masked?: MaskKind;
  revealCode?: number;
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
  /** A code the server numbers on create: prefix + the next number of its series, zero-padded (`{ prefix: 'TS', width: 4 }` → TS0004). */
  serial?: { prefix: string; width: number };
  /**
   * Account types that see the field (default all): the server leaves it out of the others' records,
   * summaries, exports and monthly sums and refuses sorting by it; the browser leaves its column out.
   */
  for?: ReadonlyArray<AccountType>;
  /** The value every new record starts with, whatever the body says (a new organisation is normal: status 0); the server's create writes it. */
  createdAs?: number | string;
  /**
   * Account types whose new records name their own organisation here: the caller's `orgId`, over the body, before
   * validation (an enterprise's own application, a supplier's own template); the server's create writes it. Other types
   * name it in the body (the field's `required` refuses when they do not).
   */
  fromCaller?: ReadonlyArray<AccountType>;
  /** With `fromCaller`: those types may still name one in the body (an enterprise its sub-enterprise; the scope decides) — their own only when it names none. */
  callerMayName?: boolean;
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

/**
 * An input of a command (kit v3): an entity-like field (text, textarea, enum, file, money, date, int
 * with its rule and `max`) or a yes/no choice (`bool`, drawn as two radios). The browser's dialog and
 * the server's parsing (1001 with these messages) are derived from it.
 */
export interface CommandField extends Omit<EntityField, 'type'> {
  type: EntityFieldType | 'bool';
  /** Required only while other fields hold these values (审核's reason when it does not pass). */
  requiredWhen?: Record<string, unknown>;
  /** The refusal of a missing or malformed value (else 请输入/请选择<label> and the type's own message). */
  message?: string;
  /** A bool's two choices as shown (default 是 / 否). */
  choices?: readonly [yes: string, no: string];
  /** An enum input limited to these of its values (发起电子签's channel: 电子签 or 合作方V2); others refused with `message`. */
  only?: ReadonlyArray<number | string>;
  /** A secret input (a new password, a pasted key): taken as typed (never trimmed), never in the audit entry nor the answer. */
  secret?: boolean;
}

/** Values of the entity's state fields a command moves to: the first state field's value, or several by name. */
export type StateTo = number | string | Readonly<Record<string, number | string>>;

/**
 * A command (kit v3, issue 23): an action on one row, declared once. Who may take it (`for`, `code`),
 * on which rows (`from` states of the first state field, `when` on the row), what it asks (`fields`,
 * `confirm`), what it moves (`to`, `writes`). The browser derives the row action and its dialog; the
 * server the route (`${paths.mgr}/<name>` or `path`), parsing, the stale check (a conditional update on
 * the row's state → 1009), `_actions` and the audit entry. Only the effect — the transaction's business
 * work — is hand-written, in the resource's effects under the command's name.
 */
export interface CommandDef<F extends string = string> {
  label: string;
  /** Account types that may take it. */
  for: ReadonlyArray<AccountType>;
  /** Permission code the caller must hold (also the route's). */
  code: number;
  /** Values of the entity's first state field the command starts from. */
  from?: ReadonlyArray<number | string>;
  /** Further condition on the row (and who asks): offered and accepted only while it holds. */
  when?: (row: Readonly<Record<string, unknown>>, type: AccountType) => boolean;
  /** What the state becomes; a function of the parsed input when the input decides (审核 passes or not). */
  to?: StateTo | ((input: Readonly<Record<string, unknown>>) => StateTo);
  /** Inputs asked in the dialog and parsed by the server. */
  fields?: Record<string, CommandField>;
  /** Question asked before a command without fields is sent (shown above the fields otherwise); may read the row (names the card). */
  confirm?: string | ((row: Readonly<Record<string, unknown>>) => string);
  /** The dialog's title when not `<label>（<the row's label>）` (a cooperation named by talent and supplier). */
  title?: (row: Readonly<Record<string, unknown>>) => string;
  /**
   * Fixed values sent with the inputs. Commands sharing one existing `path` are told apart by them
   * (纸质签约 `{signStatus: 20}`, 发起电子签 `{signStatus: 10}` on updateSupCoopData).
   */
  body?: Readonly<Record<string, number | string>>;
  intent?: 'primary' | 'success' | 'warning' | 'danger';
  /** Entity fields written from inputs with the state: input name → field. */
  writes?: Partial<Record<string, F>>;
  /** Route after paths.mgr when not the command's name. */
  path?: string;
  /** Body key naming the row when not the entity's key (a voucher's `applyId`). */
  keyField?: string;
  /**
   * A command on a record of a child table (修改发票, 删除凭证): the body's `keyField ?? 'id'` names the
   * child, whose `link` column holds the row's key; the effect receives it as `child`. Never in `_actions`.
   */
  child?: { table: string; link: string };
  /** Refusal (1009) when the row is not in a state the command starts from (default 当前状态不允许此操作). */
  stale?: string;
  /** The code of the `stale` refusal by `from`/`when` when not 1009 (1001: the row's own data rules it out — a client without a generated key). */
  staleCode?: number;
  /** The body arrives RSA-encrypted as `{encrypted}` (CONTRACT.md "Encrypted bodies"): the route decrypts it before anything reads a field. */
  encrypted?: boolean;
  /** A choice between two commands by a bool input (审核 → reviewPass / reviewFail): served, never listed in `_actions`. */
  choose?: { field: string; yes: string; no: string };
  /**
   * The command a row takes instead, when it names one (提交 of a temp order its enterprise reviews is 提交审核): both
   * routes run what the row decides; `when` still says which one the row offers.
   */
  instead?: (row: Readonly<Record<string, unknown>>) => string | null;
  /** The audit action when not the command's name. */
  auditAs?: string;
  /** Success message shown by the browser (default `<label>成功`); may read the answer (实名认证成功 / 实名认证未通过). */
  success?: string | ((answer: Readonly<Record<string, unknown>>) => string);
}

/** A command's text that may read a value (its confirm from the row, its success from the answer). */
export function commandText<T>(text: string | ((value: T) => string) | undefined, value: T): string | undefined {
  return typeof text === 'function' ? text(value) : text;
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
  /**
   * Kit v3: the actions on a row, declared once (`CommandDef`). An entity declaring commands gets its
   * `machine` derived from the ones with a fixed `to` (updateStatus, the trail's labels).
   */
  commands?: Record<string, CommandDef<keyof F & string>>;
  /**
   * The fields that make a row's state, the first the one `from` and a plain `to` name (default: the
   * machine's field). A command's stale check compares all of them with the row it was decided on.
   */
  state?: ReadonlyArray<keyof F & string>;
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
  /**
   * The virtual fields' values from a stored row (its columns), declared once with the entity: the
   * server kit answers them in lists, gets and exports (a resource's own `computed` wins when it needs the caller).
   */
  derive?: (row: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /**
   * Kit v3: rules on the record as a write would leave it (fields by name, values as stored: money in fen),
   * pure (no reads): each answers its refusal or nothing. The server kit refuses (1001) with the first one on
   * create and update, before the resource's own `check`; a form may show the same refusal before sending.
   */
  checks?: ReadonlyArray<RecordCheck>;
}

/** A rule on a whole record (`EntityDef.checks`): its refusal, or null/undefined when the record may be written. */
export type RecordCheck = (row: Readonly<Record<string, unknown>>) => string | null | undefined;

/** The first refusal of the entity's `checks` on a record (fields by name), or null. */
export function recordRefusal(entity: Pick<Entity, 'checks'>, row: Readonly<Record<string, unknown>>): string | null {
  for (const check of entity.checks ?? []) {
    const refusal = check(row);
    if (refusal) return refusal;
  }
  return null;
}

export type Entity<F extends EntityFields = EntityFields> = EntityDef<F> & {
  fieldNames: Array<keyof F & string>;
};

/** Declares an entity; keeps the field names as a type so screens and resources are checked. */
export function defineEntity<const F extends EntityFields>(def: EntityDef<F>): Entity<F> {
  const machine = def.machine ?? (def.commands ? machineOfCommands(def.state?.[0] ?? 'status', def.commands) : undefined);
  return { ...def, ...(machine ? { machine } : {}), fieldNames: Object.keys(def.fields) as Array<keyof F & string> };
}

/** The transitions among commands: those starting from listed states to one fixed value of the first state field. */
function machineOfCommands<K extends string>(field: K, commands: Record<string, CommandDef<K>>): MachineDef<K> | undefined {
  const transitions: Record<string, TransitionDef<K>> = {};
  for (const [name, c] of Object.entries(commands)) {
    const to = typeof c.to === 'object' && c.to !== null ? c.to[field] : c.to;
    if (!c.from || to === undefined || typeof to === 'function' || c.fields && Object.values(c.fields).some((f) => f.type !== 'text' && f.type !== 'textarea')) continue;
    transitions[name] = { label: c.label, from: c.from, to, code: c.code, for: c.for, confirm: typeof c.confirm === 'string' ? c.confirm : undefined, intent: c.intent, fields: c.fields as Record<string, TransitionField> | undefined, writes: c.writes };
  }
  return Object.keys(transitions).length ? { field, transitions } : undefined;
}

/** An entity's commands: its declared ones, else its machine's transitions (a transition is a command). */
export function commandsOf(entity: Pick<Entity, 'commands' | 'machine'>): Record<string, CommandDef> {
  return (entity.commands as Record<string, CommandDef> | undefined) ?? (entity.machine?.transitions as Record<string, CommandDef> | undefined) ?? {};
}

/** The state fields of an entity (`state`, else the machine's field). */
export function stateFieldsOf(entity: Pick<Entity, 'state' | 'machine'>): string[] {
  return entity.state ? [...entity.state] : entity.machine ? [entity.machine.field] : [];
}

/** The state values a command moves a row to, by field (empty when it moves nothing). */
export function commandTarget(entity: Pick<Entity, 'state' | 'machine'>, command: CommandDef, input: Readonly<Record<string, unknown>>): Record<string, number | string> {
  const to = typeof command.to === 'function' ? command.to(input) : command.to;
  if (to === undefined) return {};
  return typeof to === 'object' ? { ...to } : { [stateFieldsOf(entity)[0]]: to };
}

/**
 * Whether a caller may take a command on a row: account type, code, the `from` states and `when` (the
 * server adds scope and its own per-row rules). A choice command is taken through its two commands.
 */
export function commandAllows(entity: Entity, name: string, row: Readonly<Record<string, unknown>>, type: AccountType | null, held: ReadonlySet<number>): boolean {
  const c = commandsOf(entity)[name];
  if (!c || !type || !c.for.includes(type) || !held.has(c.code)) return false;
  const [field] = stateFieldsOf(entity);
  if (c.from && !c.from.some((f) => String(f) === String(row[field]))) return false;
  return !c.when || c.when(row, type);
}

/** Whether a command's input field is required given the other values (`required`, or `requiredWhen` matching). */
export function commandFieldRequired(field: CommandField, values: Readonly<Record<string, unknown>>): boolean {
  if (field.required) return true;
  const when = field.requiredWhen;
  return !!when && Object.entries(when).every(([name, value]) => String(values[name] ?? '') === String(value));
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

/** The declared default of each field that has one, by field name, as a form holds it (money as text): a new record's starting values (an enterprise's switches). */
export const declaredDefaults = (entity: Entity): Record<string, unknown> =>
  Object.fromEntries(Object.entries(entity.fields).filter(([, f]) => f.defaultValue !== undefined).map(([name, f]) => [name, f.defaultValue]));

/** Whether an account type sees the field (its `for`; a caller of no known type sees only undeclared ones). */
export const fieldFor = (field: EntityField | undefined, type: AccountType | null | undefined): boolean => !field?.for || (!!type && field.for.includes(type));

/** The fields a new record takes from its creator's own organisation (their `fromCaller`), by field name: over the body, or where it names none (`callerMayName`). */
export function callerOrgValues(entity: Entity, type: AccountType | null, orgId: unknown, body: Record<string, unknown>): Record<string, unknown> {
  const named = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';
  return Object.fromEntries(
    Object.entries(entity.fields).filter(([name, f]) => !!type && f.fromCaller?.includes(type) && !(f.callerMayName && named(body[name]))).map(([name]) => [name, orgId]),
  );
}

/** Whether a caller holding these codes may search by the field (its `searchCodes`, all of them). */
export function searchableBy(field: EntityField, held: ReadonlySet<number>): boolean {
  // A masked number is searched (whole, exact) only by who may reveal it (issue 22 item 6).
  if (field.masked && !held.has(revealCodeOf(field))) return false;
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

/** The named fields of a row, in the list's order: a read model's declared subset of a record (the order progress stream's fields). */
export const pick = <R extends object, K extends keyof R & string>(row: R, fields: readonly K[]): Pick<R, K> => Object.fromEntries(fields.map((f) => [f, row[f]])) as Pick<R, K>;
