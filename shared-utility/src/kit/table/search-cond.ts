import { dropEmpty } from '../../pure';
import type { Field, Row } from '../screen';

/** Blank search values: '' for inputs, [] for ranges. */
export function emptySearch(fields: Field[]): Row {
  const values: Row = {};
  for (const field of fields) values[field.name] = field.type === 'numberRange' || field.type === 'dateRange' || field.type === 'monthRange' ? [] : '';
  return values;
}

/** The cond sent to the list call: ranges with no bound are dropped along with every empty field (spec §5). */
export function searchCond(values: Row): Row {
  const cleaned: Row = {};
  for (const [key, value] of Object.entries(values)) {
    cleaned[key] = Array.isArray(value) && value.every((v) => v === '' || v === null || v === undefined) ? undefined : value;
  }
  return dropEmpty(cleaned);
}
