import { applyBalanceOp, BALANCE_MESSAGES } from '../../src/pure/rules/ledger';
import { applyBalanceOps, balanceLogValues, balanceStateOf } from '../../src/pure/rules/balance-batch';

const state = { availableFen: 0, lockedFen: 1000, allowOverdraft: false, overdraftLimitFen: 0 };

describe('balance moves applied in turn', () => {
  it('applies each move to the state the previous one left, one log row each, as applyBalanceOp would one by one', () => {
    const ops = [{ type: 3, amountFen: 300 }, { type: 2, amountFen: 200 }, { type: 3, amountFen: 500 }] as const;
    const batch = applyBalanceOps(state, ops);
    let one = state;
    const logs = ops.map((op) => {
      const r = applyBalanceOp(one, op);
      if ('error' in r) throw new Error(r.error);
      one = r.next;
      return r.log;
    });
    expect(batch).toEqual({ next: { ...state, availableFen: 200, lockedFen: 0 }, logs });
    expect(logs.map((l) => [l.lockedBefore, l.lockedAfter])).toEqual([[1000, 700], [700, 500], [500, 0]]);
  });

  it('answers the first refusal and nothing else', () => {
    expect(applyBalanceOps(state, [{ type: 3, amountFen: 600 }, { type: 3, amountFen: 600 }, { type: 3, amountFen: 0 }])).toEqual({ error: BALANCE_MESSAGES.lockedInsufficient });
  });

  it('reads an account row (bigints as text, the flag as 0/1) and writes the log row with the move head', () => {
    expect(balanceStateOf({ availableFen: '-50', lockedFen: '7', allowOverdraft: 1, overdraftLimitFen: '100' })).toEqual({ availableFen: -50, lockedFen: 7, allowOverdraft: true, overdraftLimitFen: 100 });
    const log = { type: 2, amount: 5, availBefore: 0, availAfter: 5, lockedBefore: 5, lockedAfter: 0 } as const;
    expect(balanceLogValues(log, { entId: 3, channel: 1, bizType: 20, bizNo: 'PO1', operatorName: '系'.repeat(60), now: 9 })).toEqual({
      entId: 3, channel: 1, type: 2, amountFen: 5, availBeforeFen: 0, availAfterFen: 5, lockedBeforeFen: 5, lockedAfterFen: 0, bizType: 20, bizNo: 'PO1', operatorName: '系'.repeat(50), createdAt: 9,
    });
  });
});
