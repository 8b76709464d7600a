/** Money travels as a decimal string with two places and is stored as integer fen (CONTRACT.md). */
const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;

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
