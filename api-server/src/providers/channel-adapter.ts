/**
 * Pay-channel adapters (DOMAIN.md §4 "Adapter"): the bank channels 1, 3 and 6 confirm a recharge
 * themselves instead of a supplier checking the bank statement. Only `credit` is needed by the money
 * core; payouts use submit/acked/events/query below.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface CreditRequest {
  applyNo: string;
  channel: number;
  amountFen: number;
}

export interface ChannelAdapter {
  /** Whether the recharge's money arrived on the supplier's collection account; throws on a channel fault. */
  credit(request: CreditRequest): Promise<{ arrived: boolean }>;
}

/** SimBank: deterministic so demos and tests reach both outcomes — above 10 000 000.00 nothing arrives. */
export const SIM_CREDIT_LIMIT_FEN = 1_000_000_000;

export const simChannelAdapter: ChannelAdapter = {
  async credit(request) {
    return { arrived: request.amountFen <= SIM_CREDIT_LIMIT_FEN };
  },
};

/**
 * Payouts (DOMAIN.md §4 "Adapter"), idempotent by serialNo = orderNo-rowNo: a second submit of the
 * same lines (a worker resuming after a crash) answers as the first did and pays nothing twice.
 * The adapters keep their side in the database given to them, so every server process sees it.
 */
export interface PayoutLine {
  serialNo: string;
  name: string;
  idNumber: string;
  account: string;
  payeeFen: number;
}

export interface PayoutSubmit {
  orderNo: string;
  entId: number;
  channel: number;
  lines: PayoutLine[];
}

export type SubmitAnswer = { accepted: true; channelBatchNo: string; ackAt: number } | { accepted: false; reason: string };

export interface PayoutEvent {
  serialNo: string;
  result: 'SUCCESS' | 'FAILED';
  reason?: string;
  receiptFile?: string;
}

export interface PayoutAdapter {
  /** Manual channels: people enter each line's result; the adapter only accepts. */
  manual: boolean;
  submit(db: Kysely<Database>, request: PayoutSubmit, now: number): Promise<SubmitAnswer>;
  /** Whether the channel acknowledged the order's batch (52 → 60). */
  acked(db: Kysely<Database>, orderNo: string, now: number): Promise<boolean>;
  /** The results known by now of these lines. */
  events(db: Kysely<Database>, serialNos: string[], now: number): Promise<PayoutEvent[]>;
  query(db: Kysely<Database>, serialNo: string, now: number): Promise<PayoutEvent | null>;
}

export const SIM_MESSAGES = {
  noAccount: '收款账户不存在',
  nameMismatch: '户名与账号不符',
  dayLimit: '超出通道单日限额',
} as const;

/** Enterprise × channel × day (Asia/Shanghai) total the simulated bank pays. */
export const SIM_DAY_LIMIT_FEN = 100_000_000;

/** FLEXPAY_SIM_DELAY_MS (default 2000): ack at 1×, results at 2×. */
export function simDelayMs(): number {
  const raw = Number(process.env.FLEXPAY_SIM_DELAY_MS);
  return Number.isFinite(raw) && raw >= 0 ? raw : 2000;
}

const shanghaiDay = (now: number) => new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);

/** The simulated bank's verdict on a line: deterministic so demos and tests reach every outcome. */
export function simOutcome(line: Pick<PayoutLine, 'account' | 'name' | 'serialNo'>): { outcome: 20 | 30; reason: string | null; receiptFile: string | null } {
  if (line.account.endsWith('9999')) return { outcome: 30, reason: SIM_MESSAGES.noAccount, receiptFile: null };
  if (line.name.includes('测试失败')) return { outcome: 30, reason: SIM_MESSAGES.nameMismatch, receiptFile: null };
  return { outcome: 20, reason: null, receiptFile: `回单_${line.serialNo}.pdf` };
}

const eventOf = (t: { serialNo: string; outcome: number; reason: string | null; receiptFile: string | null }): PayoutEvent =>
  t.outcome === 20 ? { serialNo: t.serialNo, result: 'SUCCESS', receiptFile: t.receiptFile ?? undefined } : { serialNo: t.serialNo, result: 'FAILED', reason: t.reason ?? undefined };

export const simPayoutAdapter: PayoutAdapter = {
  manual: false,
  async submit(db, request, now) {
    const known = await db.selectFrom('sim_bank_txn').select(['serialNo', 'batchNo', 'ackAt']).where('orderNo', '=', request.orderNo).execute();
    if (known.length > 0 && known.length >= request.lines.length) return { accepted: true, channelBatchNo: known[0].batchNo, ackAt: Number(known[0].ackAt) };
    const day = shanghaiDay(now);
    const paid = await db
      .selectFrom('sim_bank_txn')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('payeeFen'), eb.lit(0)).as('fen'))
      .where('entId', '=', request.entId)
      .where('channel', '=', request.channel)
      .where('day', '=', day)
      .where('orderNo', '!=', request.orderNo)
      .executeTakeFirstOrThrow();
    const batchFen = request.lines.reduce((sum, l) => sum + l.payeeFen, 0);
    if (Number(paid.fen) + batchFen > SIM_DAY_LIMIT_FEN) return { accepted: false, reason: SIM_MESSAGES.dayLimit };
    const delay = simDelayMs();
    const batchNo = known[0]?.batchNo ?? `SIM${request.orderNo}`;
    const seen = new Set(known.map((k) => k.serialNo));
    const rows = request.lines
      .filter((l) => !seen.has(l.serialNo))
      .map((l) => {
        const verdict = simOutcome(l);
        return { serialNo: l.serialNo, batchNo, orderNo: request.orderNo, entId: request.entId, channel: request.channel, day, payeeFen: l.payeeFen, ...verdict, ackAt: now + delay, resultAt: now + 2 * delay, createdAt: now };
      });
    for (let i = 0; i < rows.length; i += 500)
      await db.insertInto('sim_bank_txn').values(rows.slice(i, i + 500)).onConflict((oc) => oc.column('serialNo').doNothing()).execute();
    return { accepted: true, channelBatchNo: batchNo, ackAt: now + delay };
  },
  async acked(db, orderNo, now) {
    const first = await db.selectFrom('sim_bank_txn').select('ackAt').where('orderNo', '=', orderNo).orderBy('id').limit(1).executeTakeFirst();
    return first !== undefined && Number(first.ackAt) <= now;
  },
  async events(db, serialNos, now) {
    if (serialNos.length === 0) return [];
    const rows = await db.selectFrom('sim_bank_txn').select(['serialNo', 'outcome', 'reason', 'receiptFile']).where('serialNo', 'in', serialNos).where('resultAt', '<=', now).execute();
    return rows.map(eventOf);
  },
  async query(db, serialNo, now) {
    const row = await db.selectFrom('sim_bank_txn').select(['serialNo', 'outcome', 'reason', 'receiptFile', 'resultAt']).where('serialNo', '=', serialNo).executeTakeFirst();
    return row && Number(row.resultAt) <= now ? eventOf(row) : null;
  },
};

/** Channels 0 and 99: every batch is accepted; operators mark each line (order/mgr/detail/updateStatus). */
export const manualPayoutAdapter: PayoutAdapter = {
  manual: true,
  async submit(_db, request, now) {
    return { accepted: true, channelBatchNo: `MANUAL${request.orderNo}`, ackAt: now };
  },
  async acked() {
    return false;
  },
  async events() {
    return [];
  },
  async query() {
    return null;
  },
};

/** The adapter of a channel: manual for 0 and 99, the simulated bank for 1, 3 and 6. */
export function payoutAdapterFor(channel: number): PayoutAdapter {
  return channel === 0 || channel === 99 ? manualPayoutAdapter : simPayoutAdapter;
}
