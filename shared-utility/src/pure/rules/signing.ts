/**
 * Signing and tax registration of a talent's cooperation with a supplier (DOMAIN.md §6) as state
 * tables: which event moves which status where (the operator's moves are custCoopSup.commands), and what
 * the clock does to a row (e-sign outcome, 7-day and one-year expiry, the tax channel's answer).
 * The server runs each move as `UPDATE … WHERE status IN (from)`, so a stale one changes nothing (1009).
 */

export const SIGN = { none: 0, signing: 10, success: 20, failed: 30, expired: 40 } as const;
export const TAX_REG = { none: 0, applying: 10, success: 20, failed: 30, cancelled: 40 } as const;
export const SIGN_CHANNEL = { none: 0, paper: 1, esign: 2, partnerV2: 6 } as const;
export const REAL_NAME_SUCCESS = 10;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** An e-sign request not answered within 7 days expires. */
export const SIGN_REQUEST_TTL_MS = 7 * DAY_MS;
/** A signed agreement lasts one year. */
export const SIGNED_VALIDITY_MS = 365 * DAY_MS;

export type SignEvent = 'paperSigned' | 'eSignStarted' | 'providerSigned' | 'providerFailed' | 'requestExpired' | 'agreementExpired';
export type TaxEvent = 'applied' | 'registered' | 'refused' | 'cancelled';

/** event → statuses it leaves → the status it reaches. */
export const SIGN_TABLE: Record<SignEvent, { from: readonly number[]; to: number }> = {
  // Paper: the signed file uploaded settles it; not over a running e-sign request or a valid signature.
  paperSigned: { from: [SIGN.none, SIGN.failed, SIGN.expired], to: SIGN.success },
  eSignStarted: { from: [SIGN.none, SIGN.failed, SIGN.expired], to: SIGN.signing },
  providerSigned: { from: [SIGN.signing], to: SIGN.success },
  providerFailed: { from: [SIGN.signing], to: SIGN.failed },
  requestExpired: { from: [SIGN.signing], to: SIGN.expired },
  agreementExpired: { from: [SIGN.success], to: SIGN.expired },
};

export const TAX_TABLE: Record<TaxEvent, { from: readonly number[]; to: number }> = {
  applied: { from: [TAX_REG.none, TAX_REG.failed, TAX_REG.cancelled], to: TAX_REG.applying },
  registered: { from: [TAX_REG.applying], to: TAX_REG.success },
  refused: { from: [TAX_REG.applying], to: TAX_REG.failed },
  cancelled: { from: [TAX_REG.success], to: TAX_REG.cancelled },
};

/** The status an event reaches from `status`, or null when the table does not allow it. */
export function signNext(status: number, event: SignEvent): number | null {
  const t = SIGN_TABLE[event];
  return t.from.includes(status) ? t.to : null;
}

export function taxNext(status: number, event: TaxEvent): number | null {
  const t = TAX_TABLE[event];
  return t.from.includes(status) ? t.to : null;
}

export const SIGNING_MESSAGES = {
  realNameFirst: '人才未实名认证，请先完成实名认证',
  eSignChannel: '电子签约请选择电子签或合作方V2渠道',
  signFile: '请上传签约文件',
  taxFile: '请上传税务实名文件',
  suspended: '合作已暂停，不能签约或登记',
  channelWhileSigning: '签约进行中，不能修改签约渠道',
} as const;

/**
 * Why a supplier cooperation's command is refused on its row before its state is read (1009, and left
 * out of the row's actions): a suspended cooperation neither signs nor registers; 税务登记 needs the
 * talent's real-name 10.
 */
export function coopSupRefusal(command: string, row: { status?: unknown; realNameStatus?: unknown }): string | null {
  if (['paperSign', 'eSign', 'taxReg', 'taxCancel'].includes(command) && Number(row.status) !== 0) return SIGNING_MESSAGES.suspended;
  return command === 'taxReg' && Number(row.realNameStatus) !== REAL_NAME_SUCCESS ? SIGNING_MESSAGES.realNameFirst : null;
}

/** Delays of the simulated e-sign provider and tax channel (the scheduler's clock decides). */
export interface SignDelays {
  eSignMs: number;
  taxRegMs: number;
}

export interface TimedRow {
  signStatus: number;
  signChannel: number;
  signStartedAt: number | null;
  signedAt: number | null;
  taxRegStatus: number;
  taxRegAt: number | null;
}

export interface DueMove {
  sign?: { event: SignEvent; to: number };
  tax?: { event: TaxEvent; to: number };
}

/**
 * What the clock does to a row at `now`: an unanswered e-sign request expires after 7 days (checked
 * first, so a request left over while the provider was down expires rather than signs); otherwise the
 * provider answers after its delay — signed when the talent's real-name is 10, failed otherwise; a
 * signature expires a year after signing; a tax application is answered after its delay the same way.
 */
export function dueMoves(row: TimedRow, realNameStatus: number, now: number, delays: SignDelays): DueMove {
  const move: DueMove = {};
  const verified = realNameStatus === REAL_NAME_SUCCESS;
  if (row.signStatus === SIGN.signing && row.signStartedAt !== null) {
    if (now - row.signStartedAt >= SIGN_REQUEST_TTL_MS) move.sign = { event: 'requestExpired', to: SIGN.expired };
    else if ((row.signChannel === SIGN_CHANNEL.esign || row.signChannel === SIGN_CHANNEL.partnerV2) && now - row.signStartedAt >= delays.eSignMs)
      move.sign = verified ? { event: 'providerSigned', to: SIGN.success } : { event: 'providerFailed', to: SIGN.failed };
  } else if (row.signStatus === SIGN.success && row.signedAt !== null && now - row.signedAt >= SIGNED_VALIDITY_MS) {
    move.sign = { event: 'agreementExpired', to: SIGN.expired };
  }
  if (row.taxRegStatus === TAX_REG.applying && row.taxRegAt !== null && now - row.taxRegAt >= delays.taxRegMs)
    move.tax = verified ? { event: 'registered', to: TAX_REG.success } : { event: 'refused', to: TAX_REG.failed };
  return move;
}

/** One status change the clock makes on a cooperation row: the column from → to, its audit action, more columns set with it. */
export interface DueStep {
  column: 'signStatus' | 'taxRegStatus';
  from: number;
  to: number;
  action: SignEvent | TaxEvent;
  set: { signedAt?: number };
}

type StoredTimes = Record<'signStartedAt' | 'signedAt' | 'taxRegAt', number | string | null>;

/**
 * The changes `dueMoves` makes at `now`, sign first; a signature starts its year at `now`. The times
 * may come as the database returns them (PostgreSQL's bigint as text).
 */
export function dueSteps(stored: Omit<TimedRow, keyof StoredTimes> & StoredTimes, realNameStatus: number, now: number, delays: SignDelays): DueStep[] {
  const time = (value: number | string | null) => (value === null ? null : Number(value));
  const row: TimedRow = { ...stored, signStartedAt: time(stored.signStartedAt), signedAt: time(stored.signedAt), taxRegAt: time(stored.taxRegAt) };
  const due = dueMoves(row, realNameStatus, now, delays);
  const steps: DueStep[] = [];
  if (due.sign) steps.push({ column: 'signStatus', from: row.signStatus, to: due.sign.to, action: due.sign.event, set: due.sign.to === SIGN.success ? { signedAt: now } : {} });
  if (due.tax) steps.push({ column: 'taxRegStatus', from: row.taxRegStatus, to: due.tax.to, action: due.tax.event, set: {} });
  return steps;
}

export const CARD_MESSAGES = {
  bankCard: '银行卡只能为10-30位数字',
  alipay: '支付宝账号应为手机号码或邮箱',
  duplicate: '该人才已添加此账户',
  notBankCard: '只有银行卡可以校验',
  passed: '该银行卡已校验通过',
} as const;

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
