import { ENUMS, enumLabel, formatFen, parseMoneyToFen } from '../pure';
import type { Column, Row } from './screen';

export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local-time formatting with yyyy MM dd HH mm ss tokens; '' for empty or unparsable values. */
export function formatDate(value: Date | number | string | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const tokens: Record<string, string> = {
    yyyy: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return format.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => tokens[token]);
}

export const LONG_TEXT_LIMIT = 25;
const LONG_TEXT_KEEP = 12;

/** Spec §9: texts over 25 characters show the first 12 and last 12 around an ellipsis. */
export function shortenText(text: string): { text: string; truncated: boolean } {
  // Array.from counts code points, so surrogate pairs are never cut in half.
  const chars = Array.from(text);
  if (chars.length <= LONG_TEXT_LIMIT) return { text, truncated: false };
  return { text: `${chars.slice(0, LONG_TEXT_KEEP).join('')}…${chars.slice(-LONG_TEXT_KEEP).join('')}`, truncated: true };
}

/** "10000.00" → "10000", "6.5000" → "6.5": decimal strings without trailing zeros. */
export function trimDecimal(value: string | number): string {
  const text = String(value).trim();
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export interface FeeLadderEntry {
  /** Lower bound of the range in 元 (decimal string). */
  fence: string | number;
  /** Percentage as a decimal string ("6.5000" = 6.5 %). */
  ratio: string | number;
}

export const FEE_LADDER_EMPTY = '未设置';

/** One text line per range: from each fence to the next, the last one open-ended. */
export function feeLadderLines(entries: FeeLadderEntry[] | null | undefined): string[] {
  if (!entries || entries.length === 0) return [];
  const sorted = [...entries].sort((a, b) => Number(a.fence) - Number(b.fence));
  // Fences read like money (issue 22): 30,000 with its separators, without trailing zeros.
  const fence = (value: string | number) => groupThousands(trimDecimal(value));
  return sorted.map((entry, i) => {
    const from = fence(entry.fence);
    const ratio = `${trimDecimal(entry.ratio)}%`;
    const next = sorted[i + 1];
    return next ? `${from} ~ ${fence(next.fence)} 元：${ratio}` : `${from} 元以上：${ratio}`;
  });
}

export function feeLadderText(entries: FeeLadderEntry[] | null | undefined): string {
  const lines = feeLadderLines(entries);
  return lines.length ? lines.join('；') : FEE_LADDER_EMPTY;
}

/** "15000000.00" → "15,000,000.00": thousands separators on the whole part of a decimal string. */
function groupThousands(text: string): string {
  const [whole, frac] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${frac === undefined ? '' : `.${frac}`}`;
}

/**
 * Money as people read it (issue 22): thousands separators and exactly two places (`15,000,000.00`),
 * the minus kept; with `yuan`, the ¥ sign of summary and detail figures (`-¥1,234.50`). A value that is
 * not money is shown as sent.
 */
export function formatMoney(value: unknown, options: { yuan?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const fen = parseMoneyToFen(value as string | number);
  if (fen === null) return String(value);
  const text = groupThousands(formatFen(Math.abs(fen)));
  return `${fen < 0 ? '-' : ''}${options.yuan ? '¥' : ''}${text}`;
}

/** Money for files (Excel): the wire's plain decimal with two places, no separators. */
export function plainMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const fen = parseMoneyToFen(value as string | number);
  return fen === null ? String(value) : formatFen(fen);
}

/** Whether a money value is below zero (shown in red with its minus). */
export function isNegativeMoney(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  const fen = parseMoneyToFen(value as string | number);
  return fen !== null && fen < 0;
}

/** The one mark of an empty cell or detail value. */
export const EMPTY_MARK = '—';

/** The plain text of a cell: enum label, money (with separators), date or the raw value (tooltips, details). */
export function cellText<R extends Row>(row: R, column: Column<R>): string {
  const value = row[column.key];
  if (column.enum) return value === null || value === undefined ? '' : enumLabel(ENUMS[column.enum], value, String(value));
  if (column.money) return formatMoney(value);
  if (column.date) return formatDate(value as string | number | null | undefined);
  if (column.ladder) return Array.isArray(value) ? feeLadderText(value as FeeLadderEntry[]) : '';
  if (column.ratio) return value === null || value === undefined || value === '' ? '' : `${trimDecimal(value as string)}%`;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Display width in Excel character units: CJK and full-width characters count 2. */
export function displayWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      // Astral characters here are CJK extensions (U+20000–U+3FFFD): wide, one column per pair.
      width += 2;
      i += 1;
    } else if (
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6)
    ) {
      width += 2;
    } else {
      width += 1;
    }
  }
  return width;
}
