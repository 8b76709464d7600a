import { commandAllows } from '../../src/pure/entity';
import { tempOrder } from '../../src/pure/entities/order';
import { PAYOUT_MESSAGES as M, storedPayoutRow, tempReviewOnSubmit } from '../../src/pure/rules/order-checks';
import { checkPayoutRows, DEFAULT_PAYOUT_LIMITS, lineResultGroups, type LineResult, lineResultTotals, orderEntContext, type PayoutLookups, payoutLimits, payoutLookupsOf, payoutPersonKey, SERIAL_RECEIPT } from '../../src/pure/rules/order-rows';

const ID = '11010519491231002X';
const ent = { requireIdPhoto: true, requireSign: false, requireTaxReg: false, calcMode: 0 as const };
const ready = (): PayoutLookups => ({
  talents: new Map([[payoutPersonKey(111, ID), { id: 7, name: '张三', realNameStatus: 10 }]]),
  photos: new Map([[7, new Set([0, 1])]]),
  coopEnt: new Map([[7, 0]]),
  coopSup: new Map([[7, { status: 0, signStatus: 20, taxRegStatus: 20 }]]),
  cards: new Map(),
  takers: null,
  monthUsedFen: new Map(),
});
const row = (rowNo: number, amount: string, extra: Record<string, unknown> = {}) =>
  storedPayoutRow({ name: '张三', idType: '111', idNumber: ID.toLowerCase(), account: '6222020000001234', amount, ...extra }, rowNo);

describe('a sheet of payout rows checked together (checkPayoutRows)', () => {
  it('facts come from the look-ups by person key and talent id; each row answers its talent', () => {
    expect(checkPayoutRows([row(1, '10')], ready(), { ent, limits: null })).toEqual([{ errorType: 0, errorMsg: null, custId: 7 }]);
    const noPhoto = { ...ready(), photos: new Map([[7, new Set([0])]]) };
    expect(checkPayoutRows([row(1, '10')], noPhoto, { ent, limits: null })[0]).toMatchObject({ errorType: 70, errorMsg: M.idPhoto });
    expect(checkPayoutRows([row(1, '10')], { ...ready(), talents: new Map() }, { ent, limits: null })[0]).toMatchObject({ errorType: 50, custId: null });
  });

  it("a person's earlier passing rows count against the monthly limit, with this month's lines; a failing row does not", () => {
    const limits = { singleFen: 1_000_00, monthlyFen: 2_000_00 };
    const looked = { ...ready(), monthUsedFen: new Map([[payoutPersonKey(111, ID), 500_00]]) };
    const checks = checkPayoutRows([row(1, '900'), row(2, '2000'), row(3, '600'), row(4, '1')], looked, { ent, limits });
    expect(checks.map((c) => c.errorType)).toEqual([0, 200, 0, 200]);
    expect(checks[3].errorMsg).toBe(M.overMonthly(limits.monthlyFen));
  });

  it('a package named: only its takers pass; inner mode reads the priced payee per row', () => {
    expect(checkPayoutRows([row(1, '10')], { ...ready(), takers: new Set() }, { ent, limits: null })[0].errorMsg).toBe(M.notTaker);
    expect(checkPayoutRows([row(1, '10')], { ...ready(), takers: new Set([7]) }, { ent, limits: null })[0].errorType).toBe(0);
    const inner = { ...ent, calcMode: 1 as const };
    expect(checkPayoutRows([row(1, '10')], ready(), { ent: inner, limits: null, payeeFen: new Map([[1, 0]]) })[0].errorMsg).toBe(M.payeeNotPositive);
  });

  it('a credit card on file fails the row', () => {
    const looked = { ...ready(), cards: new Map([['7:6222020000001234', { validated: 1, cardType: 'CC', cardAttr: 'C' }]]) };
    expect(checkPayoutRows([row(1, '10')], looked, { ent, limits: null })[0].errorMsg).toBe(M.cardKind);
  });
});

describe("an enterprise's per-person limits (payoutLimits)", () => {
  it('1: its own, a blank one the default; 0: the tax source, none the default; −1: none', () => {
    expect(payoutLimits(1, { singleFen: 100, monthlyFen: null }, undefined)).toEqual({ singleFen: 100, monthlyFen: DEFAULT_PAYOUT_LIMITS.monthlyFen });
    expect(payoutLimits(null, { singleFen: 1, monthlyFen: 1 }, { singleFen: 300, monthlyFen: 900 })).toEqual({ singleFen: 300, monthlyFen: 900 });
    expect(payoutLimits(0, { singleFen: 1, monthlyFen: 1 }, undefined)).toEqual(DEFAULT_PAYOUT_LIMITS);
    expect(payoutLimits(-1, { singleFen: 1, monthlyFen: 1 }, { singleFen: 300, monthlyFen: 900 })).toBeNull();
  });
});

describe("a channel's line results grouped (lineResultGroups)", () => {
  it('successes move together (the serial-named receipt as one statement), a receipt of its own alone, failures by reason', () => {
    const results: Record<string, Omit<LineResult, 'serialNo'>> = {
      a: { result: 'SUCCESS' },
      b: { result: 'SUCCESS', receiptFile: '回单_b.pdf' },
      c: { result: 'SUCCESS', receiptFile: '回单_c.pdf' },
      d: { result: 'SUCCESS', receiptFile: 'own.pdf' },
      e: { result: 'FAILED', reason: '户名不符' },
      f: { result: 'FAILED', reason: '户名不符' },
      g: { result: 'FAILED' },
    };
    const lines = Object.keys(results).map((serialNo, i) => ({ id: i + 1, serialNo }));
    const groups = lineResultGroups(lines, Object.entries(results).map(([serialNo, r]) => ({ serialNo, ...r })));
    expect(groups.map((g) => [g.success, g.reason, g.receipt, g.lines.map((l) => l.serialNo).join('')])).toEqual([
      [true, null, null, 'a'],
      [true, null, SERIAL_RECEIPT, 'bc'],
      [true, null, 'own.pdf', 'd'],
      [false, '户名不符', null, 'ef'],
      [false, null, null, 'g'],
    ]);
  });
});

describe('提交 or 提交审核 (tempReviewOnSubmit, the commands’ when)', () => {
  const held = new Set([tempOrder.codes.mgr!]);
  const offered = (row: Record<string, unknown>) => ['submit', 'submitReview'].filter((n) => commandAllows(tempOrder, n, row, 'ENT', held));
  it('a new temp order follows its enterprise’s setting now; a rejected one is always reviewed again', () => {
    expect(tempReviewOnSubmit({ status: 0, entTempReview: 1, needReview: 0 })).toBe(true);
    expect(tempReviewOnSubmit({ status: 0, entTempReview: 0, needReview: 1 })).toBe(false);
    expect(tempReviewOnSubmit({ status: 21, entTempReview: 0, needReview: 0 })).toBe(true);
    expect(offered({ status: 0, entTempReview: 0 })).toEqual(['submit']);
    expect(offered({ status: 0, entTempReview: 1 })).toEqual(['submitReview']);
    expect(offered({ status: 21, entTempReview: 0 })).toEqual(['submitReview']);
    expect(offered({ status: 10, entTempReview: 0 })).toEqual([]);
  });
});

describe('what the server read, as the checks read it (payoutLookupsOf)', () => {
  it('talents and month usage by person key, photos gathered per talent, a card by talent and number; no package, no takers', () => {
    const looked = payoutLookupsOf({
      talents: [{ id: 7, name: '张三', idType: 111, idNumber: ID.toLowerCase(), realNameStatus: 10 }],
      photos: [{ custId: 7, fileType: 0 }, { custId: 7, fileType: 1 }, { custId: 8, fileType: 0 }],
      coopEnt: [{ custId: 7, status: 0 }],
      coopSup: [{ custId: 7, status: 0, signStatus: 20, taxRegStatus: 20 }],
      cards: [{ custId: 7, cardNo: '6222', validated: 1, cardType: 'DC', cardAttr: '1' }],
      takers: null,
      used: [{ idType: 111, idNumber: ID, fen: '500' }],
    });
    expect(looked.talents.get(payoutPersonKey(111, ID))?.id).toBe(7);
    expect(looked.photos).toEqual(new Map([[7, new Set([0, 1])], [8, new Set([0])]]));
    expect(looked.coopEnt.get(7)).toBe(0);
    expect(looked.coopSup.get(7)).toMatchObject({ signStatus: 20 });
    expect(looked.cards.get('7:6222')).toMatchObject({ validated: 1 });
    expect(looked.takers).toBeNull();
    expect(looked.monthUsedFen.get(payoutPersonKey(111, ID.toLowerCase()))).toBe(500);
    expect(checkPayoutRows([row(1, '10')], looked, { ent, limits: null })).toEqual([{ errorType: 0, errorMsg: null, custId: 7 }]);
  });

  it('a named package: its takers as a set (none found is an empty set, which pays nobody)', () => {
    const empty = { talents: [], photos: [], coopEnt: [], coopSup: [], cards: [], used: [] };
    expect(payoutLookupsOf({ ...empty, takers: [{ custId: 7 }] }).takers).toEqual(new Set([7]));
    expect(payoutLookupsOf({ ...empty, takers: [] }).takers).toEqual(new Set());
  });
});

describe('an enterprise as its orders read it (orderEntContext)', () => {
  const row = { supplierId: 3, merchtId: 5, parentId: null, limitType: null, singleLimitFen: null, monthlyLimitFen: null, calcMode: null, requireIdPhoto: null, requireSign: null, requireTaxReg: null, orderReview: null, tempOrderReview: null };
  it('without a config row: each switch its declared default, outer calc mode, the tax source’s limits (or the defaults)', () => {
    expect(orderEntContext(9, 4, row, { singleFen: 100, monthlyFen: 200 })).toEqual({
      entId: 9, supplierId: 3, effSupplierId: 4, merchtId: 5, parentMerchtId: null,
      requireIdPhoto: true, requireSign: true, requireTaxReg: false, orderReview: false, tempOrderReview: false,
      calcMode: 0, limits: { singleFen: 100, monthlyFen: 200 },
    });
    expect(orderEntContext(9, 4, row, undefined).limits).toEqual(DEFAULT_PAYOUT_LIMITS);
  });
  it('a config row: its switches, its own limits (limitType 1), the inner calc mode, the parent merchant', () => {
    const own = { ...row, parentId: 2, limitType: 1, singleLimitFen: 10, monthlyLimitFen: 20, calcMode: 1, requireIdPhoto: 0, requireSign: 0, requireTaxReg: 1, orderReview: 1, tempOrderReview: 1 };
    expect(orderEntContext(9, 3, own, undefined)).toMatchObject({ parentMerchtId: 2, requireIdPhoto: false, requireSign: false, requireTaxReg: true, orderReview: true, tempOrderReview: true, calcMode: 1, limits: { singleFen: 10, monthlyFen: 20 } });
    expect(orderEntContext(9, 3, { ...own, limitType: -1 }, undefined).limits).toBeNull();
  });
});

describe('what resolved lines do to their order (lineResultTotals)', () => {
  it('ledger moves in row order (success deducts its lock, failure unlocks it), the failed rows, the totals grown', () => {
    const line = (rowNo: number, amountFen: number, lockFen: number) => ({ rowNo, amountFen, lockFen: String(lockFen) });
    const totals = lineResultTotals([
      { line: line(3, 300, 303), success: false },
      { line: line(1, 100, 101), success: true },
      { line: line(2, 200, 202), success: true },
    ]);
    expect(totals.ops).toEqual([{ type: 3, amountFen: 101 }, { type: 3, amountFen: 202 }, { type: 2, amountFen: 303 }]);
    expect(totals.failedRows).toEqual([3]);
    expect(totals.grow).toEqual({ successFen: 300, failFen: 300, successCount: 2, failCount: 1 });
    expect(lineResultTotals([])).toEqual({ ops: [], failedRows: [], grow: { successFen: 0, failFen: 0, successCount: 0, failCount: 0 } });
  });
});
