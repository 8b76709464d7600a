/**
 * The server's side of the signing tables (rules/signing.ts): an event's next status, a supplier
 * cooperation's refusals before its state is read, and what the clock does to a row. Server-only
 * (rules/server.ts), so the browser's bundle carries only the tables and messages its screens show.
 */
import { REAL_NAME_SUCCESS, SIGN, SIGN_CHANNEL, SIGN_REQUEST_TTL_MS, SIGN_TABLE, SIGNED_VALIDITY_MS, SIGNING_MESSAGES, type SignEvent, TAX_REG, TAX_TABLE, type TaxEvent } from './signing';

/** The status an event reaches from `status`, or null when the table does not allow it. */
export function signNext(status: number, event: SignEvent): number | null {
  const t = SIGN_TABLE[event];
  return t.from.includes(status) ? t.to : null;
}

export function taxNext(status: number, event: TaxEvent): number | null {
  const t = TAX_TABLE[event];
  return t.from.includes(status) ? t.to : null;
}

/**
 * Why a supplier cooperation's command is refused on its row before its state is read (1009, and left
 * out of the row's actions): a suspended cooperation neither signs nor registers; 税务登记 needs the
 * talent's real-name 10.
 */
export function coopSupRefusal(command: string, row: { status?: unknown; realNameStatus?: unknown }): string | null {
  if (['paperSign', 'eSign', 'taxReg', 'taxCancel'].includes(command) && Number(row.status) !== 0) return SIGNING_MESSAGES.suspended;
  return command === 'taxReg' && Number(row.realNameStatus) !== REAL_NAME_SUCCESS ? SIGNING_MESSAGES.realNameFirst : null;
}

/** A talent edit's real-name columns: a new name, ID type or ID number is a person the real-name check has not seen — back to 0. */
export const realNameAfterEdit = (values: Readonly<Record<string, unknown>>, before: Readonly<Record<string, unknown>>): { realNameStatus?: 0; realNameAt?: null } =>
  ['name', 'idType', 'idNumber'].some((f) => values[f] !== undefined && String(values[f]) !== String(before[f])) ? { realNameStatus: 0, realNameAt: null } : {};

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
