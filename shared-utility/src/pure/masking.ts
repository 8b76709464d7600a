/**
 * Personal data masked by default (issue 22 item 6; CONTRACT.md "Personal data on the wire"): ID,
 * bank-card and phone numbers are declared once on their entity's field (`masked: 'idNumber' |
 * 'bankCard' | 'phone'`); the server masks them in every list, get, search answer and export whoever
 * asks, the kit draws them with a 显示完整号码 button for a holder of the field's reveal code, and
 * `common/reveal {entity, key, field}` hands out one value, audited.
 */
import { type Entity, entityByName, type EntityField, type MaskKind, revealCodeOf } from './entity';
import { maskMiddle } from './rules/identity';

/** The path of the one-value reveal (CONTRACT.md). */
export const REVEAL_PATH = 'common/reveal';

export const REVEAL_MESSAGES = {
  entity: '不支持查看该数据',
  field: '该字段不支持查看完整号码',
  key: '请指定要查看的记录',
} as const;

/** Audit names of a reveal and of an export with whole numbers (操作日志 labels them). */
export const REVEAL_ACTION = 'reveal';
export const EXPORT_WHOLE_ACTION = 'exportWhole';

/**
 * `1101**********1015` (ID), `6216********3555` (card): the first and last four stay; a mainland
 * mobile number `138****8888`: the first three and last four. Shorter values keep less
 * (identity.ts maskMiddle), so at least half is always hidden. Masking a masked value changes nothing.
 */
export function maskPersonal(kind: MaskKind, value: string): string {
  const text = value.trim();
  if (kind === 'phone' && /^[\d*]{11}$/.test(text)) return `${text.slice(0, 3)}****${text.slice(7)}`;
  return maskMiddle(text);
}

/** The masked fields of an entity, by name. */
export function maskedFieldsOf(entity: Entity): Array<[string, EntityField & { masked: MaskKind }]> {
  return Object.entries(entity.fields).filter((e): e is [string, EntityField & { masked: MaskKind }] => !!e[1].masked);
}

/** A record with each masked field's value masked (null and blanks stay as they are). */
export function maskRecord<R extends Record<string, unknown>>(entity: Entity, record: R): R {
  const masked = maskedFieldsOf(entity);
  if (masked.length === 0) return record;
  const out: Record<string, unknown> = { ...record };
  for (const [name, field] of masked) {
    const value = out[name];
    if (typeof value === 'string' && value.trim() !== '') out[name] = maskPersonal(field.masked, value);
  }
  return out as R;
}

/** Whether a text is a mask (has the `*` a masked value always has); such a text is never a number typed in. */
export const looksMasked = (value: unknown): boolean => typeof value === 'string' && value.includes('*');

/**
 * The field a reveal names, when the entity is declared and the field is one of its masked fields;
 * otherwise the Chinese refusal (1001).
 */
export function revealTarget(entityName: unknown, fieldName: unknown): { entity: Entity; field: EntityField & { masked: MaskKind }; code: number } | { error: string } {
  let entity: Entity;
  try {
    entity = entityByName(String(entityName ?? ''));
  } catch {
    return { error: REVEAL_MESSAGES.entity };
  }
  const field = typeof fieldName === 'string' && Object.hasOwn(entity.fields, fieldName) ? entity.fields[fieldName] : undefined;
  if (!field?.masked) return { error: REVEAL_MESSAGES.field };
  return { entity, field: field as EntityField & { masked: MaskKind }, code: revealCodeOf(field) };
}
