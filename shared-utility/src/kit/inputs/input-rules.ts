import { checkRules, FIELD_RULES } from '../../pure';

/** Partial input accepted while typing: digits with at most two decimals. */
const MONEY_TYPING = /^\d*(\.\d{0,2})?$/;

/**
 * The value a money input keeps after a keystroke: the new text when it can still become a valid
 * amount within FIELD_RULES.money (max 9999999999.99), otherwise the previous text.
 */
export function acceptMoneyInput(previous: string, next: string): string {
  if (next === '') return next;
  if (!MONEY_TYPING.test(next)) return previous;
  const complete = next.endsWith('.') ? next.slice(0, -1) : next;
  if (complete === '') return next;
  return checkRules(FIELD_RULES.money, complete) === null ? next : previous;
}

/** A finished money value: "12." → "12", ".5" → "0.5"; invalid text stays for the form rule to report. */
export function normaliseMoney(value: string): string {
  let text = value.trim();
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (text.startsWith('.')) text = `0${text}`;
  return text;
}

export type RangeValue = [string, string];
export const RANGE_PRECISION = 2;

/** Partial input accepted while typing a range bound (signed, two decimals). */
const RANGE_TYPING = /^-?\d*(\.\d{0,2})?$/;

export function acceptRangeInput(previous: string, next: string): string {
  return RANGE_TYPING.test(next) ? next : previous;
}

/** Rounds a committed bound to the range precision; '' stays empty. */
export function roundBound(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-' || trimmed === '.') return '';
  const n = Number(trimmed);
  return Number.isFinite(n) ? n.toFixed(RANGE_PRECISION) : '';
}

/**
 * Commits one bound of a number range (spec §2): when the lower bound would exceed the upper one,
 * the bound that was just changed is cleared and the other one kept.
 */
export function applyRangeBound(range: RangeValue, which: 0 | 1, text: string): RangeValue {
  const next: RangeValue = [...range];
  next[which] = roundBound(text);
  const [lower, upper] = next;
  if (lower !== '' && upper !== '' && Number(lower) > Number(upper)) next[which] = '';
  return next;
}
