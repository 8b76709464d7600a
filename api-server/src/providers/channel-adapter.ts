/**
 * Pay-channel adapters (DOMAIN.md §4 "Adapter"): the bank channels 1, 3 and 6 confirm a recharge
 * themselves instead of a supplier checking the bank statement. Only `credit` is needed by the money
 * core; payouts add submit/query/refund when orders arrive.
 */
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
