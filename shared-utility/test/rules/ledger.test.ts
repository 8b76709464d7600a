import {
  applyBalanceOp,
  BALANCE_MESSAGES,
  type BalanceLogRow,
  type BalanceOp,
  type BalanceState,
  checkLedger,
  checkOverdraftSetting,
  creditedByHand,
  rechargeCommandRefusal,
  outstandingLockFen,
  refundableFen,
  REFUNDS_TAKING,
} from '../../src/pure/rules/ledger';
import { MONEY_MESSAGES, refundHandleProcess, RefundStatus } from '../../src/pure/rules/money';
import { forAll } from './prng';

const empty: BalanceState = { availableFen: 0, lockedFen: 0, allowOverdraft: false, overdraftLimitFen: 0 };

/** Applies operations in turn; throws on the first refusal. */
function run(state: BalanceState, ops: BalanceOp[]): { state: BalanceState; rows: BalanceLogRow[] } {
  const rows: BalanceLogRow[] = [];
  for (const op of ops) {
    const result = applyBalanceOp(state, op);
    if ('error' in result) throw new Error(result.error);
    state = result.next;
    rows.push(result.log);
  }
  return { state, rows };
}

describe('balance operations', () => {
  it('add, lock, unlock and deduct move available and locked as DOMAIN §3 says, one log row each', () => {
    const { state, rows } = run(empty, [
      { type: 0, amountFen: 10_000 },
      { type: 1, amountFen: 3_000 },
      { type: 2, amountFen: 1_000 },
      { type: 3, amountFen: 2_000 },
    ]);
    expect(state).toMatchObject({ availableFen: 8_000, lockedFen: 0 });
    expect(rows).toEqual([
      { type: 0, amount: 10_000, availBefore: 0, availAfter: 10_000, lockedBefore: 0, lockedAfter: 0 },
      { type: 1, amount: 3_000, availBefore: 10_000, availAfter: 7_000, lockedBefore: 0, lockedAfter: 3_000 },
      { type: 2, amount: 1_000, availBefore: 7_000, availAfter: 8_000, lockedBefore: 3_000, lockedAfter: 2_000 },
      { type: 3, amount: 2_000, availBefore: 8_000, availAfter: 8_000, lockedBefore: 2_000, lockedAfter: 0 },
    ]);
    expect(checkLedger(rows, state)).toEqual([]);
    expect(outstandingLockFen(rows)).toBe(0);
  });

  it('a lock never takes available below 0', () => {
    const funded = { ...empty, availableFen: 500 };
    expect(applyBalanceOp(funded, { type: 1, amountFen: 500 })).toHaveProperty('next.availableFen', 0);
    expect(applyBalanceOp(funded, { type: 1, amountFen: 501 })).toEqual({ error: BALANCE_MESSAGES.insufficient });
    expect(applyBalanceOp(funded, { type: 1, amountFen: 501, orderLock: true })).toEqual({ error: BALANCE_MESSAGES.insufficientWithOverdraft });
  });

  it('with overdraft, only order locks may go down to −limit', () => {
    const overdraft = { ...empty, availableFen: 500, allowOverdraft: true, overdraftLimitFen: 1_000 };
    expect(applyBalanceOp(overdraft, { type: 1, amountFen: 1_500, orderLock: true })).toHaveProperty('next.availableFen', -1_000);
    expect(applyBalanceOp(overdraft, { type: 1, amountFen: 1_501, orderLock: true })).toEqual({ error: BALANCE_MESSAGES.insufficientWithOverdraft });
    expect(applyBalanceOp(overdraft, { type: 1, amountFen: 501 })).toEqual({ error: BALANCE_MESSAGES.insufficient });
  });

  it('overdraft turned off while available < 0: no lock passes, adds and unlocks still do', () => {
    const off = { ...empty, availableFen: -200, lockedFen: 300 };
    expect(applyBalanceOp(off, { type: 1, amountFen: 1, orderLock: true })).toEqual({ error: BALANCE_MESSAGES.insufficientWithOverdraft });
    expect(applyBalanceOp(off, { type: 2, amountFen: 300 })).toHaveProperty('next.availableFen', 100);
    expect(applyBalanceOp(off, { type: 0, amountFen: 50 })).toHaveProperty('next.availableFen', -150);
  });

  it('unlock and deduct never take more than is locked', () => {
    const locked = { ...empty, availableFen: 0, lockedFen: 100 };
    expect(applyBalanceOp(locked, { type: 2, amountFen: 101 })).toEqual({ error: BALANCE_MESSAGES.lockedInsufficient });
    expect(applyBalanceOp(locked, { type: 3, amountFen: 101 })).toEqual({ error: BALANCE_MESSAGES.lockedInsufficient });
    expect(applyBalanceOp(locked, { type: 3, amountFen: 100 })).toHaveProperty('next.lockedFen', 0);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses amount %p', (amountFen) => {
    expect(applyBalanceOp(empty, { type: 0, amountFen })).toEqual({ error: BALANCE_MESSAGES.amount });
  });

  it('turning overdraft on needs a positive limit', () => {
    expect(checkOverdraftSetting(true, 0)).toBe(BALANCE_MESSAGES.overdraftLimitRequired);
    expect(checkOverdraftSetting(true, null)).toBe(BALANCE_MESSAGES.overdraftLimitRequired);
    expect(checkOverdraftSetting(true, 1)).toBeNull();
    expect(checkOverdraftSetting(false, 0)).toBeNull();
  });
});

describe('ledger invariants', () => {
  const { state, rows } = run(empty, [
    { type: 0, amountFen: 1_000 },
    { type: 1, amountFen: 400 },
    { type: 3, amountFen: 100 },
  ]);

  it('names a broken chain, a wrong move, a negative lock and totals that disagree', () => {
    expect(checkLedger(rows, state)).toEqual([]);
    const broken = rows.map((r) => ({ ...r }));
    broken[1].availBefore = 999;
    expect(checkLedger(broken, state)).toEqual([
      'row 2: before 999/0 ≠ previous after 1000/0',
      'row 2: type 1 of 400 does not move 999/0 to 600/400',
    ]);
    const overDeducted = [...rows, { type: 3 as const, amount: 400, availBefore: 600, availAfter: 600, lockedBefore: 300, lockedAfter: -100 }];
    expect(checkLedger(overDeducted, { availableFen: 600, lockedFen: -100 })).toEqual(['row 4: locked -100 < 0']);
    expect(checkLedger(rows, { availableFen: 600, lockedFen: 400 })).toEqual(['locked 400 ≠ Σlock − Σunlock − Σdeduct = 300']);
  });

  it('an order is settled when its locks are all deducted or unlocked', () => {
    expect(outstandingLockFen(rows.slice(1))).toBe(300);
  });

  it('property: any sequence of accepted operations keeps every invariant and no lock overdraws', () => {
    forAll(
      300,
      (rng) => {
        const limit = rng.pick([0, rng.int(1, 100_000)]);
        const start: BalanceState = { ...empty, allowOverdraft: limit > 0, overdraftLimitFen: limit };
        const ops = Array.from({ length: rng.int(1, 80) }, (): BalanceOp => ({
          type: rng.pick([0, 1, 1, 2, 3] as const),
          amountFen: rng.pick([rng.int(1, 100), rng.int(1, 100_000), rng.int(1, 10_000_000)]),
          orderLock: rng.next() < 0.5,
        }));
        return { start, ops };
      },
      ({ start, ops }) => {
        let state = start;
        const rows: BalanceLogRow[] = [];
        for (const op of ops) {
          const result = applyBalanceOp(state, op);
          if ('error' in result) continue;
          if (op.type === 1) expect(result.next.availableFen).toBeGreaterThanOrEqual(op.orderLock ? -state.overdraftLimitFen : 0);
          state = result.next;
          rows.push(result.log);
        }
        expect(checkLedger(rows, state)).toEqual([]);
        expect(state.lockedFen).toBe(outstandingLockFen(rows));
      },
    );
  });
});

describe('refunds (DOMAIN.md §3)', () => {
  it('types 0 and 10 take up to the available balance, never a negative one', () => {
    expect(refundableFen({ balanceType: 10, availableFen: 12_345 })).toBe(12_345);
    expect(refundableFen({ balanceType: 0, availableFen: 12_345 })).toBe(12_345);
    expect(refundableFen({ balanceType: 10, availableFen: -500 })).toBe(0);
  });

  it('type 20 takes up to its recharge less the live refunds on it, and never more than is available', () => {
    expect(refundableFen({ balanceType: 20, availableFen: 1_000_000, rechargeFen: 50_000, refundedFen: 20_000 })).toBe(30_000);
    expect(refundableFen({ balanceType: 20, availableFen: 10_000, rechargeFen: 50_000, refundedFen: 20_000 })).toBe(10_000);
    expect(refundableFen({ balanceType: 20, availableFen: 10_000, rechargeFen: 50_000, refundedFen: 60_000 })).toBe(0);
  });

  it('the machine status maps to the spec handle/process pair', () => {
    expect([0, 10, 20, 30, 40].map(refundHandleProcess)).toEqual([
      { handleStatus: 0, processStatus: 0 },
      { handleStatus: 10, processStatus: 10 },
      { handleStatus: 20, processStatus: 0 },
      { handleStatus: 10, processStatus: 20 },
      { handleStatus: 10, processStatus: 30 },
    ]);
  });
});

describe('refunds taking of their recharge', () => {
  test('every refund status but rejected and failed', () => {
    expect([...REFUNDS_TAKING].sort()).toEqual(Object.values(RefundStatus).filter((s) => s !== RefundStatus.REJECTED && s !== RefundStatus.FAILED).sort());
  });
});

describe('recharges credited by hand (spec §3)', () => {
  test('the manual channels are; 确认到账 and 未到账 are refused on the others', () => {
    expect(creditedByHand(0)).toBe(true);
    expect(creditedByHand(99)).toBe(true);
    expect(creditedByHand(1)).toBe(false);
    expect(rechargeCommandRefusal('credit', { payChannel: 1 })).toBe(MONEY_MESSAGES.manualOnly);
    expect(rechargeCommandRefusal('notArrived', { payChannel: 3 })).toBe(MONEY_MESSAGES.manualOnly);
    expect(rechargeCommandRefusal('credit', { payChannel: 0 })).toBeNull();
    expect(rechargeCommandRefusal('process', { payChannel: 1 })).toBeNull();
  });
});
