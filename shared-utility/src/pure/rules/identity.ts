/**
 * ID checks and list masking (DOMAIN.md §6); the simulated providers' decisions built on them are
 * rules/simulated.ts (server-only).
 */

export const RESIDENT_ID_TYPE = 111;

/** Same person twice: ID numbers compare without surrounding space and case (x / X check digit). */
export const idNumberKey = (idNumber: string) => idNumber.trim().toUpperCase();

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** A valid yyyyMMdd from 1900 on (a calendar date: no 0230, 1900 is no leap year). */
function isBirthDate(text: string): boolean {
  const [y, m, d] = [+text.slice(0, 4), +text.slice(4, 6), +text.slice(6, 8)];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The check character of a resident ID's first 17 digits (GB 11643 weighted mod 11). */
export function residentIdCheckDigit(first17: string): string {
  return ID_CHECK_CHARS[ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(first17[i]), 0) % 11];
}

/** GB 11643 18-digit resident ID: 17 digits, a valid birth date at 7–14, and the weighted mod-11 check character (x or X). */
export function isValidResidentId(idNumber: string): boolean {
  const id = idNumberKey(idNumber);
  if (!/^\d{17}[\dX]$/.test(id) || !isBirthDate(id.slice(6, 14))) return false;
  return residentIdCheckDigit(id) === id[17];
}

/**
 * ID and card numbers in lists: the first and last 4 characters stay, the rest becomes `*`; short
 * values keep less (a quarter at each end) so at least half is always hidden.
 */
export function maskMiddle(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const keep = Math.min(4, Math.floor(text.length / 4));
  return text.slice(0, keep) + '*'.repeat(text.length - 2 * keep) + text.slice(text.length - keep);
}
