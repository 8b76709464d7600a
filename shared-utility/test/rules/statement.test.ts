import {
  checkStatementRange,
  previousMonth,
  quickRange,
  type StatementBalances,
  type StatementMove,
  statementNo,
  STATEMENT_MESSAGES,
  statementFigures,
} from '../../src/pure';
import {
  applyBalanceOp,
  type BalanceOpType,
  balanceFingerprint,
  foldStatementMoves,
  proveStatement,
  startStatementChain,
  statementAnswerOf,
  statementMailLine,
  statementMailText,
  STATEMENT_MAIL_MAX,
  STATEMENT_MOVE_HEADER,
  statementMoveCells,
  statementChainSuspect,
  provenStatementOf,
  walkedStatementRefusal,
  statementRefusal,
  statementRangeOf,
  statementMailSubject,
  statementMoveOf,
  statementPageOf,
  statementSummaryRows,
} from '../../src/pure/rules/server';

/** Moves produced by the ledger's own rule from `opening`, as the server writes them. */
function ledger(opening: StatementBalances, ops: Array<[BalanceOpType, number, number, string]>): StatementMove[] {
  let state = { availableFen: opening.available, lockedFen: opening.locked, allowOverdraft: false, overdraftLimitFen: 0 };
  return ops.map(([type, amountFen, bizType, bizNo], i) => {
    const result = applyBalanceOp(state, { type, amountFen });
    if ('error' in result) throw new Error(result.error);
    state = result.next;
    return { ...result.log, bizType, bizNo, time: `2026-10-0${1 + (i % 9)} 10:00:00` };
  });
}

const OPENING = { available: 100_000, locked: 5_000 };
// A recharge, an order locking 1 060.00 (1 000.00 + 60.00 fee over two lines) that pays one line and
// returns the other, a refund applied and paid.
const MOVES = ledger(OPENING, [
  [0, 500_000, 10, 'RA00000001'],
  [1, 106_000, 20, 'PO0001'],
  [3, 53_000, 20, 'PO0001'],
  [2, 53_000, 20, 'PO0001'],
  [1, 20_000, 30, 'RF00000001'],
  [3, 20_000, 30, 'RF00000001'],
]);
const PAID = { payee: 50_000, fee: 3_000, lock: 53_000, feeLog: 3_000 };

function facts(moves: StatementMove[], opening = OPENING) {
  const state = foldStatementMoves(startStatementChain(opening), moves);
  return { opening, closing: state.balance, sums: state.sums, chainProblem: state.bad?.message ?? null, payout: PAID };
}

describe('statement range', () => {
  test('inclusive days, at most 366, to not before from', () => {
    expect(checkStatementRange('2026-10-01', '2026-10-31', '2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-10-31', days: 31 });
    expect(checkStatementRange('2025-11-26', '2026-11-26', '2026-11-26')).toEqual({ from: '2025-11-26', to: '2026-11-26', days: 366 });
    expect(checkStatementRange('2025-11-25', '2026-11-26', '2026-11-26')).toEqual({ error: STATEMENT_MESSAGES.tooLong });
    expect(checkStatementRange('2026-10-31', '2026-10-01', '2026-11-26')).toEqual({ error: STATEMENT_MESSAGES.reversed });
  });
  test('malformed and impossible dates answer the format message', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026/10/01', '20261001', '2026-10-1', 20261001, {}, '2026-10-01 00:00:00'])
      expect(checkStatementRange(bad, '2026-10-31', '2026-11-26')).toEqual({ error: STATEMENT_MESSAGES.badDate });
    expect(checkStatementRange(undefined, '2026-10-31', '2026-11-26')).toEqual({ error: STATEMENT_MESSAGES.fromRequired });
    expect(checkStatementRange('2026-10-01', '', '2026-11-26')).toEqual({ error: STATEMENT_MESSAGES.toRequired });
    expect(checkStatementRange('2026-11-27', '2026-11-30', '2026-11-26')).toEqual({ error: STATEMENT_MESSAGES.future });
  });
  test('quick picks: 本月, 上月 (across a year end and a leap February), 近30天', () => {
    expect(quickRange('thisMonth', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(quickRange('lastMonth', '2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(quickRange('lastMonth', '2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(quickRange('lastMonth', '2028-03-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(quickRange('last30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(previousMonth('2026-01-01')).toBe('2025-12');
  });
  test('the statement number is stable per enterprise, channel and range', () => {
    expect(statementNo('ENT0001', 1, '2026-10-01', '2026-10-31')).toBe('STENT0001-01-20261001-20261031');
  });
});

describe('statement proof', () => {
  test('a sound range proves: opening + Σ moves = closing, totals by kind', () => {
    const f = facts(MOVES);
    expect(f.closing).toEqual({ available: 100_000 + 500_000 - 106_000 + 53_000 - 20_000, locked: 5_000 });
    expect(proveStatement(f)).toEqual({ totals: { recharge: 500_000, payout: 50_000, fee: 3_000, refund: 20_000 } });
    expect(f.sums.count).toBe(6);
  });
  test('folding in chunks gives the same state as folding at once', () => {
    const once = foldStatementMoves(startStatementChain(OPENING), MOVES);
    let chunked = startStatementChain(OPENING);
    for (let i = 0; i < MOVES.length; i += 4) chunked = foldStatementMoves(chunked, MOVES.slice(i, i + 4));
    expect(chunked).toEqual(once);
  });
  test('a broken chain is refused naming the first bad move', () => {
    const broken = MOVES.map((m) => ({ ...m }));
    broken[2] = { ...broken[2], availBefore: broken[2].availBefore + 1, availAfter: broken[2].availAfter + 1 };
    broken[4] = { ...broken[4], lockedBefore: 0 };
    const answer = proveStatement(facts(broken));
    expect('error' in answer && answer.error).toMatch(/^对账单未通过核对，无法出具：第3笔变动（业务编号PO0001，2026-10-03 10:00:00）变动前余额（可用4940\.01元，锁定1110\.00元）与上一笔变动后余额（可用4940\.00元/);
  });
  test('a first move that does not start at the opening balance is the first bad move', () => {
    const answer = proveStatement(facts(MOVES, { available: 99_999, locked: 5_000 }));
    expect('error' in answer && answer.error).toContain('第1笔变动（业务编号RA00000001');
  });
  test('a move that does not move as its type says is refused', () => {
    const wrong = MOVES.map((m, i) => (i === 1 ? { ...m, amount: 100_000 } : m));
    const answer = proveStatement(facts(wrong));
    expect('error' in answer && answer.error).toContain('第2笔变动（业务编号PO0001，2026-10-02 10:00:00）变动后余额与变动金额1000.00元不符');
  });
  test('a closing that is not the account now (a range ending today) is refused', () => {
    const f = facts(MOVES);
    expect(proveStatement({ ...f, accountNow: f.closing })).toHaveProperty('totals');
    const answer = proveStatement({ ...f, accountNow: { ...f.closing, available: f.closing.available + 1 } });
    expect('error' in answer && answer.error).toContain('期末余额与账户当前余额');
  });
  test('order deducts must equal the paid lines, and the fees the fee log', () => {
    const f = facts(MOVES);
    const lines = proveStatement({ ...f, payout: { ...PAID, payee: 49_000, lock: 52_000 } });
    expect('error' in lines && lines.error).toContain('代发扣款530.00元与本期成功代发明细');
    const fees = proveStatement({ ...f, payout: { ...PAID, feeLog: 2_999 } });
    expect('error' in fees && fees.error).toContain('服务费30.00元与计费记录29.99元不一致');
  });
  test('an empty range closes at its opening', () => {
    const f = facts([]);
    expect(f.closing).toEqual(OPENING);
    expect(proveStatement({ ...f, payout: { payee: 0, fee: 0, lock: 0, feeLog: 0 } })).toEqual({ totals: { recharge: 0, payout: 0, fee: 0, refund: 0 } });
  });
});

describe('balance fingerprints', () => {
  const sum = (pairs: Array<[number, number]>) => pairs.reduce((s, [a, l]) => s + balanceFingerprint(a, l), 0n);
  test('a sound chain: Σ h(before) − h(opening) = Σ h(after) − h(closing), overdrawn balances included', () => {
    const moves = ledger({ available: -250_000, locked: 0 }, [[0, 900_000, 10, 'RA1'], [1, 300_000, 20, 'PO1'], [3, 120_000, 20, 'PO1'], [2, 180_000, 20, 'PO1']]);
    const before = sum(moves.map((m) => [m.availBefore, m.lockedBefore]));
    const after = sum(moves.map((m) => [m.availAfter, m.lockedAfter]));
    const last = moves[moves.length - 1];
    expect(before - balanceFingerprint(-250_000, 0)).toBe(after - balanceFingerprint(last.availAfter, last.lockedAfter));
  });
  test('one shifted move breaks it', () => {
    const moves = MOVES.map((m, i) => (i === 2 ? { ...m, availBefore: m.availBefore + 1, availAfter: m.availAfter + 1 } : m));
    const last = moves[moves.length - 1];
    expect(sum(moves.map((m) => [m.availBefore, m.lockedBefore])) - balanceFingerprint(OPENING.available, OPENING.locked)).not.toBe(
      sum(moves.map((m) => [m.availAfter, m.lockedAfter])) - balanceFingerprint(last.availAfter, last.lockedAfter),
    );
  });
});

describe('statement figures', () => {
  test('one list in the order the screen, the print view and the xlsx show them, each read from its own balance or total', () => {
    const s = { opening: { available: 1, locked: 2 }, totals: { recharge: 3, payout: 4, fee: 5, refund: 6 }, closing: { available: 7, locked: 8 } };
    expect(statementFigures(s).map((f) => [f.label, f.value])).toEqual([
      ['期初可用余额', 1],
      ['期初锁定金额', 2],
      ['充值入账', 3],
      ['代发金额', 4],
      ['服务费', 5],
      ['退款', 6],
      ['期末可用余额', 7],
      ['期末锁定金额', 8],
    ]);
    // Recharges add to the balance; payouts, fees and refunds take from it; balances have no tone.
    expect(statementFigures(s).filter((f) => f.tone).map((f) => `${f.key}:${f.tone}`)).toEqual(['total-recharge:in', 'total-payout:out', 'total-fee:out', 'total-refund:out']);
  });
});

describe('对账单 wire shape', () => {
  test('the header as is, balances, totals and each move as yuan strings, lines in the order given', () => {
    const opening = { available: 100_000, locked: 0 };
    const moves = ledger(opening, [
      [0, 50_025, 10, 'RA00000001'],
      [1, 1_000, 20, 'PO1'],
      [3, 1_000, 20, 'PO1'],
    ]);
    const closing = { available: moves[2].availAfter, locked: moves[2].lockedAfter };
    const header = { statementNo: 'ST-1', entId: 7, entName: '甲企业', entCode: 'ENT0007', channel: 1, channelName: '支付宝', from: '2026-10-01', to: '2026-10-31' };
    const answer = statementAnswerOf({ ...header, opening, closing, totals: { recharge: 50_025, payout: 900, fee: 100, refund: 0 }, count: 3 }, [moves[0], { ...moves[1], time: undefined }]);
    expect(answer).toEqual({
      statementNo: 'ST-1',
      entId: 7,
      entName: '甲企业',
      channel: 1,
      channelName: '支付宝',
      from: '2026-10-01',
      to: '2026-10-31',
      opening: { available: '1000.00', locked: '0.00' },
      closing: { available: '1490.25', locked: '0.00' },
      totals: { recharge: '500.25', payout: '9.00', fee: '1.00', refund: '0.00' },
      count: 3,
      lines: [
        { time: '2026-10-01 10:00:00', bizType: 10, bizNo: 'RA00000001', type: 0, amount: '500.25', availableAfter: '1500.25', lockedAfter: '0.00' },
        { time: '', bizType: 20, bizNo: 'PO1', type: 1, amount: '10.00', availableAfter: '1490.25', lockedAfter: '10.00' },
      ],
    });
  });
});

describe('对账单 mail', () => {
  const header = { statementNo: 'ST-1', entId: 7, entName: '甲企业', entCode: 'ENT0007', channel: 1, channelName: '支付宝', from: '2026-10-01', to: '2026-10-31' };
  const summary = { ...header, opening: { available: 100_000, locked: 500 }, closing: { available: 149_025, locked: 1_000 }, totals: { recharge: 50_025, payout: 900, fee: 100, refund: 0 }, count: 3 };
  test("a channel's line: opening and closing as available + locked, the totals, the count", () => {
    expect(statementMailLine(summary)).toBe('支付宝（ST-1）：期初1005.00元，充值入账500.25元，代发金额9.00元，服务费1.00元，退款0.00元，期末余额1500.25元（可用1490.25元，锁定10.00元），共3笔变动。');
  });
  test('the mail names the enterprise and range, one line per channel, and is cut at its maximum', () => {
    const range = { from: '2026-10-01', to: '2026-10-31' };
    expect(statementMailText('甲企业', range, ['A', '通道2：无法出具'])).toBe('【FlexPay】甲企业 2026-10-01 至 2026-10-31 对账单摘要：\nA\n通道2：无法出具\n完整对账单请登录 FlexPay 管理后台「企业管理 › 对账单」查看或下载。');
    const long = statementMailText('甲企业', range, Array.from({ length: 40 }, () => statementMailLine(summary)));
    expect(long).toHaveLength(STATEMENT_MAIL_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('对账单 moves and xlsx rows', () => {
  test('a balance_log row is a move in fen, its time in Asia/Shanghai; no time when the row has none', () => {
    const row = { id: 9, type: 3, amountFen: '1000', availBeforeFen: 5_000, availAfterFen: 5_000, lockedBeforeFen: 1_000, lockedAfterFen: 0, bizType: 20, bizNo: 'PO1', createdAt: Date.UTC(2026, 9, 31, 16, 30, 5) };
    expect(statementMoveOf(row)).toEqual({ type: 3, amount: 1000, availBefore: 5000, availAfter: 5000, lockedBefore: 1000, lockedAfter: 0, bizType: 20, bizNo: 'PO1', time: '2026-11-01 00:30:05' });
    expect(statementMoveOf({ ...row, createdAt: null }).time).toBeUndefined();
  });
  test('the summary sheet: header, figures in yuan, count and the proof; the moves sheet: labels and yuan', () => {
    const header = { statementNo: 'ST-1', entId: 7, entName: '甲企业', entCode: 'ENT0007', channel: 1, channelName: '支付宝', from: '2026-10-01', to: '2026-10-31' };
    const rows = statementSummaryRows({ ...header, opening: { available: 100_000, locked: 0 }, closing: { available: 149_025, locked: 1_000 }, totals: { recharge: 50_025, payout: 900, fee: 100, refund: 0 }, count: 3 }, '2026-11-02 08:00:00');
    expect(rows.slice(0, 7)).toEqual([['对账单编号', 'ST-1'], ['企业', '甲企业（ENT0007）'], ['支付通道', '支付宝'], ['对账期间', '2026-10-01 至 2026-10-31'], ['生成时间', '2026-11-02 08:00:00'], [], ['项目', '金额(元)']]);
    expect(rows).toContainEqual(['充值入账', '500.25']);
    expect(rows).toContainEqual(['变动笔数', '3']);
    expect(rows[rows.length - 1][0]).toBe('核对结果');
    expect(STATEMENT_MOVE_HEADER).toHaveLength(8);
    expect(statementMoveCells(MOVES[1], 2)).toEqual([2, MOVES[1].time, '代发订单', 'PO0001', '锁定', '1060.00', '4940.00', '1110.00']);
    expect(statementMoveCells({ ...MOVES[0], bizType: 99 }, 1)[2]).toBe('99');
  });
});

describe('对账单 page, chain suspicion, mail subject', () => {
  test('page: 20 from 1 by default; JSON integers only, limit 1–1000, pageNum ≥ 1; the first problem named', () => {
    expect(statementPageOf(undefined)).toEqual({ limit: 20, pageNum: 1 });
    expect(statementPageOf({ pageNum: 3 })).toEqual({ limit: 20, pageNum: 3 });
    expect(statementPageOf([1])).toEqual({ error: '分页参数格式错误' });
    expect(statementPageOf('x')).toEqual({ error: '分页参数格式错误' });
    expect(statementPageOf({ limit: '20' })).toEqual({ error: '每页条数须为1到1000的整数' });
    expect(statementPageOf({ limit: 1001, pageNum: 0 })).toEqual({ error: '每页条数须为1到1000的整数' });
    expect(statementPageOf({ limit: 1000, pageNum: 0 })).toEqual({ error: '页码须为正整数' });
    expect(statementPageOf({ limit: 1000, pageNum: 1.5 })).toEqual({ error: '页码须为正整数' });
  });
  test('a sound chain is not suspect; a shifted first move, a bad move or fingerprints that disagree are', () => {
    const closing = { available: MOVES[5].availAfter, locked: MOVES[5].lockedAfter };
    const sum = (side: 'Before' | 'After') => MOVES.reduce((s, m) => s + balanceFingerprint(side === 'Before' ? m.availBefore : m.availAfter, side === 'Before' ? m.lockedBefore : m.lockedAfter), 0n);
    const agg = { hashBefore: String(sum('Before')), hashAfter: String(sum('After')), badId: null };
    expect(statementChainSuspect(OPENING, MOVES[0], closing, agg)).toBe(false);
    expect(statementChainSuspect({ ...OPENING, available: 1 }, MOVES[0], closing, agg)).toBe(true);
    expect(statementChainSuspect(OPENING, MOVES[0], closing, { ...agg, badId: 7 })).toBe(true);
    expect(statementChainSuspect(OPENING, MOVES[0], closing, { ...agg, hashAfter: '1' })).toBe(true);
  });
  test("the mail's subject names the month and the enterprise", () => {
    expect(statementMailSubject('2026-10', '甲企业')).toBe('FlexPay 对账单 2026年10月 · 甲企业');
    expect(statementMailSubject('2026-03', 'x'.repeat(300))).toHaveLength(200);
  });
});

describe('对账单 from its reads', () => {
  const sums = facts(MOVES).sums;
  const closing = { available: MOVES[5].availAfter, locked: MOVES[5].lockedAfter };
  const agg = { firstId: '11', lastId: 16, count: String(sums.count), t0: sums.byType[0], t1: sums.byType[1], t2: sums.byType[2], t3: sums.byType[3], recharge: sums.recharge, orderDeduct: sums.orderDeduct, refund: sums.refund };
  const reads = {
    ent: { entName: '甲企业', entCode: 'E0001' },
    channelRow: { name: '平安银行' },
    before: { availAfterFen: '100000', lockedAfterFen: 5000 },
    agg,
    paid: { payee: '50000', fee: 3000, lock: 53000, feeLog: '3000' },
    account: { availableFen: closing.available, lockedFen: closing.locked },
  };
  const request = { entId: 7, channel: 1, from: '2026-10-01', to: '2026-10-31' };
  test('the range: the opening is the last move before it (0/0 for none), ids as numbers or null', () => {
    expect(statementRangeOf(reads)).toEqual({ opening: OPENING, sums, firstId: 11, lastId: 16 });
    expect(statementRangeOf({ agg: { ...agg, firstId: null, lastId: null } })).toMatchObject({ opening: { available: 0, locked: 0 }, firstId: null, lastId: null });
  });
  test('proven: header, figures and ids; the account now compared only when the range reaches today', () => {
    const proven = provenStatementOf(request, reads, closing, null, '2026-11-27');
    expect(proven).toEqual({ ...request, statementNo: expect.any(String), entName: '甲企业', entCode: 'E0001', channelName: '平安银行', opening: OPENING, closing, totals: { recharge: 500_000, payout: 50_000, fee: 3_000, refund: 20_000 }, count: 6, firstId: 11, lastId: 16 });
    expect(provenStatementOf(request, { ...reads, channelRow: undefined }, closing, null, '2026-11-27')).toMatchObject({ channelName: '1' });
    const moved = { ...reads, account: { availableFen: 1, lockedFen: 0 } };
    expect(provenStatementOf(request, moved, closing, null, '2026-11-27')).not.toHaveProperty('error');
    expect(provenStatementOf(request, moved, closing, null, '2026-10-31')).toEqual({ error: expect.stringContaining('期末余额与账户当前余额') });
    expect(provenStatementOf(request, reads, closing, '第3笔变动不对', '2026-11-27')).toEqual({ error: expect.stringContaining('第3笔变动不对') });
  });
});

describe('对账单 export walked again', () => {
  test('agrees with its summary, or names the bad move, or a count or closing that differs', () => {
    const chain = foldStatementMoves(startStatementChain(OPENING), MOVES);
    const summary = { count: 6, closing: chain.balance };
    expect(walkedStatementRefusal(chain, summary)).toBeNull();
    expect(walkedStatementRefusal(chain, { ...summary, count: 7 })).toContain('导出的变动与对账单汇总不一致');
    expect(walkedStatementRefusal(chain, { ...summary, closing: { ...chain.balance, locked: 1 } })).toContain('导出的变动与对账单汇总不一致');
    const broken = foldStatementMoves(startStatementChain({ ...OPENING, available: 1 }), MOVES);
    expect(walkedStatementRefusal(broken, summary)).toBe(statementRefusal(broken.bad!.message));
  });
});
