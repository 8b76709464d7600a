/**
 * Field values between the wire and the database, derived from the entity declaration: money as
 * "1234.50" ↔ fen, ratios as "6.5000" ↔ percent × 10⁴, datetimes as yyyy-MM-dd HH:mm:ss ↔ epoch ms,
 * files and JSON as objects ↔ JSON text. Writes are checked here before any SQL sees them.
 */
import {
  checkRules,
  columnOf,
  type Entity,
  ENUMS,
  entityByName,
  type EntityField,
  FIELD_RULES,
  formatFen,
  formatRatio,
  parseMoneyToFen,
  parseRatio,
} from '@flexpay/shared-utility/src/pure';
import { INT32_MAX } from '../http/body-rules';
import { Code, type CodeValue } from '../http/codes';
import { refuse } from '../http/envelope';
import { formatDateTime } from '../util/time';

export const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const MONEY_MAX_FEN = 999_999_999_999;
const FILE_URL = /^\/api\/admin\/file\/download\?id=\d+$/;

export type Row = Record<string, unknown>;
export type Parsed = { value: unknown } | { error: string };

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A free text of a body taken as far as it fits (a remark, a reason, a package code): trimmed and cut to `max`
 * characters, never refused; null when it is blank or no text.
 */
export const clippedText = (raw: unknown, max: number): string | null => (typeof raw === 'string' && raw.trim() ? raw.trim().slice(0, max) : null);

/** The record's key named by a body (an int in range, or a trimmed text), else null. */
export function keyValue(entity: Entity, body: Row): number | string | null {
  const raw = body[entity.key];
  if (entity.fields[entity.key].type === 'text') return typeof raw === 'string' && raw.trim() ? raw.trim() : null;
  const n = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : null;
}

/** The database value as the browser sees it. */
export function presentValue(field: EntityField, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (field.type) {
    case 'money':
      return formatFen(Number(raw));
    case 'ratio':
      return formatRatio(Number(raw));
    case 'datetime':
      return formatDateTime(Number(raw));
    case 'file':
    case 'json':
    case 'ladder':
      return typeof raw === 'string' ? JSON.parse(raw) : raw;
    default:
      return raw;
  }
}

/** 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai; a day's end includes the whole day. */
export function toEpoch(value: unknown, endOfDay: boolean): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const base = Date.UTC(+y, +mo - 1, +d, +(h ?? 0), +(mi ?? 0), +(s ?? 0)) - SHANGHAI_OFFSET_MS;
  return h === undefined && endOfDay ? base + 24 * 3600_000 - 1 : base;
}

function enumValue(field: EntityField, raw: unknown): unknown | undefined {
  const options = field.enum ? ENUMS[field.enum] : [];
  return options.find((o) => String(o.value) === String(raw))?.value;
}

const formatError = (field: EntityField) => `${field.label}格式错误`;

/** A ref to an entity keyed by a code (a client's clientCode) carries that text, not an id. */
function textRef(field: EntityField): boolean {
  if (field.type !== 'ref' || !field.ref) return false;
  const target = entityByName(field.ref);
  return target.fields[target.key].type === 'text';
}
const MAX_CODE = 64;

/**
 * One written value: blank → null when nullable, else the required message; otherwise typed and
 * checked against the field's rule and length. `required` comes from the field or its rule.
 */
export function parseInput(field: EntityField, raw: unknown): Parsed {
  const rules = typeof field.rule === 'string' ? FIELD_RULES[field.rule] : field.rule;
  if (isBlank(raw)) {
    const ruleMessage = rules ? checkRules(rules, raw) : null;
    if (ruleMessage) return { error: ruleMessage };
    if (field.required) return { error: `${['enum', 'ref', 'file', 'date'].includes(field.type) ? '请选择' : '请输入'}${field.label}` };
    return { value: null };
  }
  if (raw !== null && typeof raw === 'object' && !['file', 'json', 'ladder'].includes(field.type)) return { error: formatError(field) };
  switch (field.type) {
    case 'money': {
      const fen = typeof raw === 'string' || typeof raw === 'number' ? parseMoneyToFen(raw) : null;
      if (fen === null || fen < 0) return { error: `${field.label}须为不小于0且最多两位小数的金额` };
      return fen > MONEY_MAX_FEN ? { error: `${field.label}不能超过9999999999.99` } : { value: fen };
    }
    case 'ratio': {
      const ratio = parseRatio(raw);
      return ratio === null || ratio > 1_000_000 ? { error: `${field.label}须为0到100之间、最多四位小数的百分比` } : { value: ratio };
    }
    case 'int':
    case 'ref': {
      if (textRef(field)) return typeof raw === 'string' && raw.trim().length <= MAX_CODE ? { value: raw.trim() } : { error: formatError(field) };
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      return Number.isInteger(n) && Math.abs(n) <= INT32_MAX && (field.type === 'int' || n >= 0) ? { value: n } : { error: formatError(field) };
    }
    case 'enum': {
      const value = enumValue(field, raw);
      return value === undefined ? { error: `请选择有效的${field.label}` } : { value };
    }
    case 'date':
      return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) && toEpoch(raw, false) !== null ? { value: raw.trim() } : { error: formatError(field) };
    case 'datetime': {
      const ms = toEpoch(raw, false);
      return ms === null ? { error: formatError(field) } : { value: ms };
    }
    case 'file': {
      const file = raw as { url?: unknown; fileMd5?: unknown; name?: unknown };
      if (typeof file !== 'object' || typeof file.url !== 'string' || !FILE_URL.test(file.url) || typeof file.fileMd5 !== 'string')
        return { error: `请上传${field.label}` };
      return { value: JSON.stringify({ url: file.url, fileMd5: file.fileMd5, name: typeof file.name === 'string' ? file.name.slice(0, 200) : '' }) };
    }
    case 'json':
    case 'ladder':
      return { value: JSON.stringify(raw) };
    default: {
      if (typeof raw !== 'string') return { error: formatError(field) };
      const text = raw.trim();
      const message = rules ? checkRules(rules, text) : null;
      if (message) return { error: message };
      return field.max !== undefined && text.length > field.max ? { error: `${field.label}不能超过${field.max}个字符` } : { value: text };
    }
  }
}

/**
 * The writable values of a body for create or update by the entity's fields, parsed and checked in
 * declaration order (1001 on the first refusal), by column: a resource's writes, one's own profile.
 */
export function entityValues(entity: Entity, body: Row, action: 'create' | 'update'): Row {
  const values: Row = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field[action] || field.virtual) continue;
    if (action === 'update' && body[name] === undefined) continue;
    // An omitted optional field takes its declared default, as the browser's form would have sent it.
    const omitted = body[name] === undefined || body[name] === null;
    const raw = action === 'create' && omitted && !field.required && field.defaultValue !== undefined ? field.defaultValue : body[name];
    values[columnOf(entity, name)] = parsedValue(field, raw);
  }
  return values;
}

/** One value parsed by its field (parseInput), or 1001 with the field's message: a hand-read body's declared field (备注, a file). */
export function parsedValue(field: EntityField, raw: unknown): unknown {
  return ruled(parseInput(field, raw)).value;
}

/**
 * A pure rule's answer, or its `{ error }` refused (1001 unless `code` says otherwise) — what a route wrote as
 * `if ('error' in x) return refuse(Code.VALIDATION, x.error);`: `const { rows } = ruled(settlementRows(completed, body.rows));`.
 */
export const ruled = <T extends object>(answer: T | { error: string }, code: CodeValue = Code.VALIDATION): T => ('error' in answer ? refuse(code, answer.error) : answer);

/** A search value compared with the column: money ranges in fen, date ranges in epoch ms. */
export function searchValue(field: EntityField, raw: unknown, end: boolean): unknown {
  if (isBlank(raw)) return null;
  switch (field.type) {
    case 'money':
      return typeof raw === 'string' || typeof raw === 'number' ? parseMoneyToFen(raw) : null;
    case 'datetime':
      return typeof raw === 'number' ? raw : toEpoch(raw, end);
    case 'int':
    case 'ref':
    case 'enum': {
      if (field.type === 'enum') return enumValue(field, raw) ?? null;
      if (textRef(field)) return typeof raw === 'string' && raw.trim().length <= MAX_CODE ? raw.trim() : null;
      const n = Number(raw);
      return Number.isInteger(n) && Math.abs(n) <= INT32_MAX ? n : null;
    }
    default:
      return typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : null;
  }
}
