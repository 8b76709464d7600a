/** Money travels as a decimal string with two places and is stored as integer fen (CONTRACT.md). */
export const MONEY_MAX_FEN = 999_999_999_999;

const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;

export function isMoneyString(value: string): boolean {
  return MONEY_PATTERN.test(value.trim());
}

/** Parses "1234.5" into 123450 fen without floating point; null when malformed. */
export function parseMoneyToFen(value: string | number): number | null {
  const text = String(value).trim();
  if (!MONEY_PATTERN.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const fen = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -fen : fen;
}

export function formatFen(fen: number): string {
  const negative = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Rounding modes of spec §3: 0 half up, 1 up, 2 down. */
export type RoundingMode = 0 | 1 | 2;

/**
 * fen × ratio, where ratio is a decimal string with up to 4 places meaning a percentage
 * ("6.5000" = 6.5 %). Integer arithmetic only: ratio is scaled to 1/10000 of a percent.
 */
export function applyRatio(fen: number, ratio: string, mode: RoundingMode): number {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(ratio.trim());
  if (!match) throw new Error(`bad ratio ${ratio}`);
  const scaled = BigInt(match[1]) * 10000n + BigInt((match[2] ?? '').padEnd(4, '0'));
  const numerator = BigInt(fen) * scaled;
  const denominator = 1_000_000n;
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return Number(quotient);
  if (mode === 2) return Number(quotient);
  if (mode === 1) return Number(quotient + 1n);
  return Number(remainder * 2n >= denominator ? quotient + 1n : quotient);
}
