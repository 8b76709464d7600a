/** A payout account's number and the BIN that names a bank card (adding a card, the import's cards). Server-only (rules/server.ts). */
import { CARD_MESSAGES } from './signing';

/** A payout account's number by its category: a bank card of 10-30 digits (spec §5), or an Alipay phone or email. */
export function cardNoError(accountCategory: number, cardNo: string): string | null {
  const text = cardNo.trim();
  if (accountCategory === 10) return /^1[3-9]\d{9}$/.test(text) || /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(text) ? null : CARD_MESSAGES.alipay;
  return /^\d{10,30}$/.test(text) ? null : CARD_MESSAGES.bankCard;
}

/** A row of the card BIN table (bank_bin) as the naming rule reads it. */
export interface BinRow {
  bin: string;
  bankName: string;
  cardName: string | null;
  cardType: string;
  cardLength: number;
}

/**
 * The BIN that names a card: the longest one starting the number whose card length is the number's,
 * else the longest starting it; null when none does (adding a card, the import's cards).
 */
export function bestBin<R extends BinRow>(rows: readonly R[], cardNo: string): Omit<BinRow, 'cardLength'> | null {
  const digits = cardNo.trim();
  const starts = rows.filter((r) => digits.startsWith(r.bin)).sort((a, b) => b.bin.length - a.bin.length);
  const best = starts.find((r) => r.cardLength === digits.length) ?? starts[0];
  return best ? { bin: best.bin, bankName: best.bankName, cardName: best.cardName, cardType: best.cardType } : null;
}
