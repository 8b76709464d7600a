/**
 * What a screen derives from an entity: columns, search and form fields, detail items and the list
 * condition. DOM-free (inputs that need React are attached later through `inputFor`), so tested alone.
 */
import { type CommandDef, type CommandField, commandFieldRequired, commandsOf, ENUMS, enumLabel, FIELD_RULES, looksMasked, shownIn, type Entity, type EntityField } from '../../pure';
import { cellText } from '../format';
import type { Column, Field, FieldType, Row } from '../screen';

/** Draws the inputs the plain field types cannot (server options of ref fields, file uploads); undefined keeps the plain one. */
export type InputFactory = (name: string, field: EntityField) => Field['input'];

const noInput: InputFactory = () => undefined;

/** The key a record carries a field's text under: a ref field's `show` name, else its own. */
export function displayKey(name: string, field: EntityField): string {
  return field.type === 'ref' && field.show ? field.show : name;
}

/** Text a user reads whole (codes, numbers, accounts): its column is sized to it, never cut. */
const CODE_LABEL = /(编号|号码|账号|卡号|单号|号|代码|编码|ID)$/;
const CODE_NAME = /(No|Code|Number|Acct|Account)$/;

export function listColumnOf(entity: Entity, name: string): Column {
  const field = entity.fields[name];
  const code = (field.type === 'text' || field.type === 'int') && (name === entity.key || CODE_NAME.test(name) || CODE_LABEL.test(field.label));
  return {
    key: displayKey(name, field),
    title: field.label,
    width: field.width,
    enum: field.type === 'enum' ? field.enum : undefined,
    money: field.type === 'money',
    sortable: Boolean(field.sort),
    longText: field.type === 'text' || field.type === 'textarea' || field.type === 'ladder',
    ladder: field.type === 'ladder',
    ratio: field.type === 'ratio',
    int: field.type === 'int',
    fit: code || field.input === 'month' || !['text', 'textarea', 'ref'].includes(field.type),
  };
}

export function columnsOf(entity: Entity, names: readonly string[]): Column[] {
  return names.filter((n) => shownIn(entity.fields[n], 'list')).map((n) => listColumnOf(entity, n));
}

function inputType(field: EntityField, purpose: 'search' | 'form'): FieldType {
  const range = purpose === 'search' && field.search === 'range';
  switch (field.type) {
    case 'textarea':
      return purpose === 'search' ? 'text' : 'textarea';
    case 'text':
      if (field.input === 'month') return range ? 'monthRange' : 'month';
      return 'text';
    case 'password':
      return 'password';
    case 'money':
      return range ? 'numberRange' : 'money';
    case 'enum':
      return 'select';
    case 'date':
    case 'datetime':
      return range ? 'dateRange' : 'date';
    case 'file':
      return 'upload';
    case 'ref':
    case 'ladder':
      return 'custom';
    default:
      return 'text';
  }
}

function baseField(name: string, field: EntityField, purpose: 'search' | 'form', inputFor: InputFactory): Field {
  const input = inputFor(name, field);
  return {
    name,
    label: field.label,
    type: input ? 'custom' : inputType(field, purpose),
    enum: field.enum,
    placeholder: field.placeholder,
    ...(input ? { input } : {}),
  };
}

export function searchFieldsOf(entity: Entity, names: readonly string[], inputFor: InputFactory = noInput): Field[] {
  return names.map((n) => baseField(n, entity.fields[n], 'search', inputFor));
}

/** A field's own rules plus its varchar limit; `required` adds the kit's 请输入/请选择 message. */
function formRules(field: EntityField): Pick<Field, 'rule' | 'required'> {
  const rule = field.rule ?? (field.max ? { optional: true, rules: [{ kind: 'length' as const, max: field.max, message: `${field.label}不能超过${field.max}个字符` }] } : undefined);
  return { rule: field.masked ? maskKept(rule) : rule, required: field.required };
}

/**
 * An edit form shows a masked number as the list does (issue 22 item 6): kept as it is, the mask passes
 * the pattern (the server reads an unchanged mask as "unchanged"); anything typed is checked as before.
 */
function maskKept(rule: EntityField['rule']): EntityField['rule'] {
  const named = typeof rule === 'string' ? FIELD_RULES[rule] : rule;
  if (!named) return rule;
  const rules = named.rules.map((r) => (r.kind === 'pattern' ? { kind: 'custom' as const, test: (v: string) => looksMasked(v) || r.pattern.test(v), message: r.message } : r));
  return { ...named, rules };
}

/**
 * The form of an entity: writable fields in declaration order. Create-only fields stay visible and
 * read-only when editing (passwords only on create); update-only fields appear from edit on.
 */
export function formFieldsOf(entity: Entity, inputFor: InputFactory = noInput): Field[] {
  const fields: Field[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!shownIn(field, 'form')) continue;
    const f: Field = { ...baseField(name, field, 'form', inputFor), ...formRules(field) };
    // Long documents (an agreement's text) get room to read; remarks and reasons stay compact.
    if (field.type === 'textarea') f.rows = (field.max ?? 0) > 2000 ? [12, 20] : [3, 4];
    if (field.create && !field.update) {
      if (field.type === 'password' || field.virtual) f.showWhen = 'create';
      else f.readOnlyWhen = 'edit';
    } else if (field.update && !field.create) f.showWhen = 'edit';
    const when = field.formWhen;
    if (when) f.showWhen = (values) => when.in.some((v) => String(v) === String(values[when.field] ?? ''));
    fields.push(f);
  }
  return fields;
}

/** Writable field names of a mode: what create or update sends. */
export function writableFields(entity: Entity, mode: 'add' | 'edit'): string[] {
  return Object.entries(entity.fields)
    .filter(([, f]) => (mode === 'add' ? f.create : f.update))
    .map(([name]) => name);
}

/** New-record values: the fields' declared defaults. */
export function defaultsOf(entity: Entity): Row {
  const values: Row = {};
  for (const [name, field] of Object.entries(entity.fields)) if (field.defaultValue !== undefined) values[name] = field.defaultValue;
  return values;
}

export interface DetailLine {
  name: string;
  label: string;
  value: string;
}

export function detailLinesOf(entity: Entity, record: Row): DetailLine[] {
  return Object.entries(entity.fields)
    // A field declared for some account types only is shown when the server sent it (its `for`).
    .filter(([name, f]) => shownIn(f, 'detail') && !f.virtual && (!f.for || name in record))
    .map(([name, f]) => ({ name, label: f.label, value: f.type === 'file' ? fileText(record[name]) : cellText(record, listColumnOf(entity, name)) }));
}

function fileText(value: unknown): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  const v = value as { name?: string; url?: string };
  return v.name ?? v.url ?? '';
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.every(blank));

/**
 * The list call's cond from form values, shaped by each field's search operator (docs/kit.md): `in`
 * takes an array, `range` a [from, to] pair, numbers go as numbers (URL values arrive as text).
 */
export function condOf(entity: Entity, values: Row): Row {
  const cond: Row = {};
  for (const [name, value] of Object.entries(values)) {
    const field = entity.fields[name];
    if (!field?.search || blank(value)) continue;
    if (field.search === 'range') {
      const [from, to] = Array.isArray(value) ? value : [];
      cond[name] = [blank(from) ? null : from, blank(to) ? null : to];
    } else {
      const typed = typedValue(field, value);
      cond[name] = field.search === 'in' ? (Array.isArray(typed) ? typed : [typed]) : typed;
    }
  }
  return cond;
}

function typedValue(field: EntityField, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => typedValue(field, v));
  if (field.type === 'enum' && field.enum) return ENUMS[field.enum].find((o) => String(o.value) === String(value))?.value ?? value;
  if ((field.type === 'int' || field.type === 'ref') && /^-?\d+$/.test(String(value))) return Number(value);
  return value;
}

/** Tab titles: the enum label of each value of the tab field. */
export function tabLabel(field: EntityField, value: string | number): string {
  return field.enum ? enumLabel(ENUMS[field.enum], value, String(value)) : String(value);
}

/**
 * Kit v3 (issue 23): the commands a row action offers, in declaration order. `transitions()` offers
 * those that move the state, `commands()` every one; a choice between two commands (审核 → 通过 /
 * 不通过 as two calls) is the server's alias and never a button.
 */
export function rowCommands(entity: Entity, action?: { only?: readonly string[]; all?: boolean }): Array<[string, CommandDef]> {
  return Object.entries(commandsOf(entity)).filter(([name, c]) => !c.choose && (action?.all || c.to !== undefined) && (!action?.only || action.only.includes(name)));
}

/** A bool's choices as radio values (1 yes, 0 no): what a dialog holds until `commandBody` sends true/false. */
const BOOL_OPTIONS = (field: CommandField) => [
  { value: 1, label: field.choices?.[0] ?? '是' },
  { value: 0, label: field.choices?.[1] ?? '否' },
];

/** A command's inputs as dialog fields: the type's control, the rule and `max`, required marks (a conditional one by `commandCheck`). */
export function commandFields(fields: Record<string, CommandField> = {}): Field[] {
  return Object.entries(fields).map(([name, field]) => {
    if (field.type === 'bool') return { name, label: field.label, type: 'radio', options: BOOL_OPTIONS(field), required: field.required, placeholder: field.placeholder };
    const entityField = { ...field, type: field.type } as EntityField;
    const f: Field = { ...baseField(name, entityField, 'form', noInput), ...formRules(entityField) };
    if (field.type === 'textarea') f.rows = [3, 4];
    // An enum limited to some of its values offers only those.
    if (field.only && field.enum) return { ...f, type: 'select', enum: undefined, options: ENUMS[field.enum].filter((o) => field.only!.some((v) => String(v) === String(o.value))).map((o) => ({ value: o.value, label: o.label })) };
    return f;
  });
}

/** The values a command sends: a bool's radio value as true/false. */
export function commandBody(fields: Record<string, CommandField> = {}, values: Row): Row {
  const body: Row = { ...values };
  for (const [name, field] of Object.entries(fields))
    if (field.type === 'bool' && body[name] !== undefined && body[name] !== null && body[name] !== '') body[name] = String(body[name]) === '1' || body[name] === true;
  return body;
}

/** Inputs required only while others hold some values (审核意见 when it does not pass): a message per missing one. */
export function commandCheck(fields: Record<string, CommandField> = {}): (values: Row) => Record<string, string> {
  return (values) => {
    const typed = commandBody(fields, values);
    const errors: Record<string, string> = {};
    for (const [name, field] of Object.entries(fields))
      if (!field.required && commandFieldRequired(field, typed) && blank(typeof typed[name] === 'string' ? (typed[name] as string).trim() : typed[name]))
        errors[name] = field.message ?? `请输入${field.label}`;
    return errors;
  };
}
