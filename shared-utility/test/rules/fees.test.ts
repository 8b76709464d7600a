import { parseRatio } from '../../src/pure/entity';
import { parseMoneyToFen } from '../../src/pure/money';
import {
  calcModeRefusal,
  checkCalcModeMatchesContract,
  checkFeeConfigs,
  FEE_MESSAGES,
  feeConfigRefusal,
  formatLadder,
  type FeeConfig,
  type LadderBand,
  lineFee,
  MAX_LADDER_BANDS,
  parseLadder,
  priceCostRefusal,
  priceLine,
  readStoredFeeConfig,
  storedFeeColumns,
  type Rounding,
  splitFee,
  validateFeeConfig,
  validateLadder,
} from '../../src/pure/rules/fees';
import { forAll } from './prng';

const fen = (yuan: string) => parseMoneyToFen(yuan)!;
const ratio = (percent: string) => parseRatio(percent)!;
const ladder = (...bands: Array<[string, string]>): LadderBand[] => bands.map(([fence, r]) => ({ fenceFen: fen(fence), ratio: ratio(r) }));

const P0: FeeConfig = { pattern: 0, rounding: 0, ratio: ratio('6.5') };
const P1: FeeConfig = { pattern: 1, rounding: 0, ladder: ladder(['0', '7'], ['100000', '6'], ['500000', '5']) };
const P2: FeeConfig = { pattern: 2, rounding: 0, ladder: ladder(['0', '5'], ['30000', '8']) };

describe('DOMAIN §2 examples (mode 0)', () => {
  // [case, config, basis, amount, fee, outer lock, outer payee, inner lock, inner payee], all in 元.
  const rows: Array<[string, FeeConfig, string, string, string, string, string, string, string]> = [
    ['P0 6.5 %', P0, '0', '1234.56', '80.25', '1314.81', '1234.56', '1234.56', '1154.31'],
    ['P1 first row', P1, '99000.00', '800.33', '56.02', '856.35', '800.33', '800.33', '744.31'],
    ['P1 next row', P1, '99800.33', '1500.27', '92.01', '1592.28', '1500.27', '1500.27', '1408.26'],
    ['P2 across a fence', P2, '29500.00', '1000.55', '65.04', '1065.59', '1000.55', '1000.55', '935.51'],
    ['P2 from 0', P2, '0', '2345.67', '117.28', '2462.95', '2345.67', '2345.67', '2228.39'],
  ];
  it.each(rows)('%s', (_, config, basis, amount, fee, outerLock, outerPayee, innerLock, innerPayee) => {
    const line = { ...config, basisBeforeFen: fen(basis), amountFen: fen(amount) };
    const outer = priceLine({ ...line, calcMode: 0 });
    const inner = priceLine({ ...line, calcMode: 1 });
    expect(outer).toMatchObject({ feeFen: fen(fee), lockFen: fen(outerLock), payeeFen: fen(outerPayee), payeeNotPositive: false });
    expect(inner).toMatchObject({ feeFen: fen(fee), lockFen: fen(innerLock), payeeFen: fen(innerPayee), payeeNotPositive: false });
  });

  it('P0 1 234.50 is 80.2425: half up 80.24, up 80.25, down 80.24', () => {
    const fees = ([0, 1, 2] as Rounding[]).map((rounding) => lineFee({ ...P0, rounding }, 0, fen('1234.50')).feeFen);
    expect(fees).toEqual([8024, 8025, 8024]);
  });

  it('P1 bands of the second row: 199.67 @ 7 % + 1 300.60 @ 6 %', () => {
    expect(lineFee(P1, fen('99800.33'), fen('1500.27')).bands).toEqual([
      { fromFen: fen('99800.33'), toFen: fen('100000'), ratio: 70000, portionFen: fen('199.67') },
      { fromFen: fen('100000'), toFen: fen('101300.60'), ratio: 60000, portionFen: fen('1300.60') },
    ]);
  });

  it('P1 rows in sequence: each basis includes the earlier rows; a failed row leaves B = 99 800.33 and the first fee as it was', () => {
    // Month volume = charged, unreversed lines; the second row fails and is reversed.
    const lines: Array<{ amountFen: number; feeFen: number; reversed: boolean }> = [];
    const volume = () => fen('99000.00') + lines.filter((l) => !l.reversed).reduce((sum, l) => sum + l.amountFen, 0);
    const charge = (amount: string) => {
      const amountFen = fen(amount);
      const line = { amountFen, feeFen: lineFee(P1, volume(), amountFen).feeFen, reversed: false };
      lines.push(line);
      return line;
    };
    const first = charge('800.33');
    const second = charge('1500.27');
    expect([first.feeFen, second.feeFen]).toEqual([5602, 9201]);
    second.reversed = true;
    expect(volume()).toBe(fen('99800.33'));
    expect(first.feeFen).toBe(5602);
    expect(charge('1500.27').feeFen).toBe(9201);
  });

  it('split 6.5 / sub 5.5 / parent 4.5 % of 1 234.56: 80.25 = 12.35 + 12.34 + 55.56 supplier', () => {
    const amountFen = fen('1234.56');
    const entFeeFen = lineFee(P0, 0, amountFen).feeFen;
    const split = splitFee({
      entFeeFen,
      amountFen,
      merchant: { config: { pattern: 0, rounding: 0, ratio: ratio('5.5') }, basisBeforeFen: 0 },
      parent: { config: { pattern: 0, rounding: 0, ratio: ratio('4.5') }, basisBeforeFen: 0 },
    });
    expect(entFeeFen).toBe(8025);
    expect(split).toEqual({ merchtCostFen: 6790, merchtProfitFen: 1235, parentCostFen: 5556, parentProfitFen: 1234, supIncomeFen: 5556 });
  });
});

describe('line pricing', () => {
  it('a top merchant keeps entFee − cost, the supplier gets the cost; profit may be negative', () => {
    const merchant = { config: { pattern: 0, rounding: 0, ratio: ratio('7') } as FeeConfig, basisBeforeFen: 0 };
    expect(splitFee({ entFeeFen: 8025, amountFen: fen('1234.56'), merchant })).toEqual({
      merchtCostFen: 8642,
      merchtProfitFen: -617,
      parentCostFen: null,
      parentProfitFen: null,
      supIncomeFen: 8642,
    });
  });

  it('inner mode flags a payee of 0 or less', () => {
    const line = { pattern: 0, rounding: 1, ratio: ratio('100'), calcMode: 1, basisBeforeFen: 0, amountFen: 1 } as const;
    expect(priceLine(line)).toMatchObject({ feeFen: 1, lockFen: 1, payeeFen: 0, payeeNotPositive: true });
    expect(priceLine({ ...line, calcMode: 0 })).toMatchObject({ lockFen: 2, payeeFen: 1, payeeNotPositive: false });
  });

  it('P0 reports its one band over the line; the basis does not change its fee', () => {
    expect(lineFee(P0, fen('5000'), fen('1234.56'))).toEqual({
      feeFen: 8025,
      bands: [{ fromFen: fen('5000'), toFen: fen('6234.56'), ratio: 65000, portionFen: fen('1234.56') }],
    });
  });

  it('stays exact where floating point would not (amounts near 10¹² fen)', () => {
    expect(lineFee({ pattern: 0, rounding: 0, ratio: 1 }, 0, 999_999_999_999).feeFen).toBe(1_000_000);
    expect(lineFee({ pattern: 0, rounding: 2, ratio: 999_999 }, 0, 999_999_999_999).feeFen).toBe(999_998_999_999);
  });

  it('refuses amounts and configs the server must have rejected before pricing', () => {
    expect(() => lineFee(P0, 0, 0)).toThrow(RangeError);
    expect(() => lineFee(P0, -1, 100)).toThrow(RangeError);
    expect(() => lineFee(P0, 0, 1.5)).toThrow(RangeError);
    expect(() => lineFee({ pattern: 1, rounding: 0, ladder: [] }, 0, 100)).toThrow(FEE_MESSAGES.ladderRequired);
  });
});

describe('fee config checks', () => {
  it.each([
    ['no band', [], FEE_MESSAGES.ladderRequired],
    ['first fence 0.01', ladder(['0.01', '5']), FEE_MESSAGES.ladderStart],
    ['a repeated fence', ladder(['0', '5'], ['100', '4'], ['100', '3']), FEE_MESSAGES.ladderIncreasing],
    ['a falling fence', ladder(['0', '5'], ['100', '4'], ['50', '3']), FEE_MESSAGES.ladderIncreasing],
    ['ratio above 100 %', [{ fenceFen: 0, ratio: 1_000_001 }], FEE_MESSAGES.ratioRange],
    ['negative ratio', [{ fenceFen: 0, ratio: -1 }], FEE_MESSAGES.ratioRange],
    ['21 bands', Array.from({ length: MAX_LADDER_BANDS + 1 }, (_, i) => ({ fenceFen: i * 100, ratio: 10000 })), FEE_MESSAGES.ladderTooLong],
  ])('ladder with %s → %s', (_, bands, message) => {
    expect(validateLadder(bands)).toBe(message);
  });

  it('accepts 1 to 20 increasing bands from 0 with ratios 0 to 100 %', () => {
    expect(validateLadder(ladder(['0', '0'], ['0.01', '100']))).toBeNull();
    expect(validateLadder(Array.from({ length: MAX_LADDER_BANDS }, (_, i) => ({ fenceFen: i, ratio: 0 })))).toBeNull();
  });

  it('parses the wire ladder', () => {
    expect(parseLadder([{ fence: '0.00', ratio: '7.0000' }, { fence: '100000.00', ratio: '6.5' }])).toEqual({
      ladder: [{ fenceFen: 0, ratio: 70000 }, { fenceFen: 10_000_000, ratio: 65000 }],
    });
    expect(parseLadder([{ fence: 'x', ratio: '7' }])).toEqual({ error: FEE_MESSAGES.ladderFormat });
    expect(parseLadder([{ fence: '1.00', ratio: '7' }])).toEqual({ error: FEE_MESSAGES.ladderStart });
  });

  it('pattern 0 needs a ratio, 1 and 2 a ladder', () => {
    expect(validateFeeConfig(P0)).toBeNull();
    expect(validateFeeConfig({ pattern: 0, rounding: 0, ratio: null })).toBe(FEE_MESSAGES.ratioRange);
    expect(validateFeeConfig({ pattern: 2, rounding: 0, ratio: 65000 })).toBe(FEE_MESSAGES.ladderRequired);
  });

  it('a fixed enterprise price may not undercut a fixed merchant cost', () => {
    const cost: FeeConfig = { pattern: 0, rounding: 0, ratio: ratio('5.5') };
    expect(checkFeeConfigs({ ...P0, ratio: ratio('5.4999') }, cost)).toBe(FEE_MESSAGES.belowMerchantCost);
    expect(checkFeeConfigs({ ...P0, ratio: ratio('5.5') }, cost)).toBeNull();
    expect(checkFeeConfigs(P1, cost)).toBeNull();
  });

  it('priceCostRefusal reads both stored rows: a price under the cost, or either config refused by the engine', () => {
    const cost = { feePattern: 0, rounding: 0, ratio: ratio('5.5'), ladder: null };
    expect(priceCostRefusal({ ...cost, ratio: ratio('5.4999') }, cost)).toBe(FEE_MESSAGES.belowMerchantCost);
    expect(priceCostRefusal(cost, cost)).toBeNull();
    expect(priceCostRefusal({ feePattern: 1, rounding: 0, ratio: null, ladder: JSON.stringify([{ fence: '0.00', ratio: '7' }]) }, cost)).toBeNull();
    expect(priceCostRefusal({ feePattern: 1, rounding: 0, ratio: null, ladder: null }, cost)).toBe(FEE_MESSAGES.ladderRequired);
    expect(priceCostRefusal(cost, { ...cost, ratio: null })).toBe(FEE_MESSAGES.ratioRange);
  });

  it('calc mode follows the effective original contract: 10 ↔ 0, 20 ↔ 1', () => {
    expect(checkCalcModeMatchesContract(0, 10)).toBeNull();
    expect(checkCalcModeMatchesContract(1, 20)).toBeNull();
    expect(checkCalcModeMatchesContract(1, 10)).toBe(FEE_MESSAGES.calcModeMismatch);
    expect(checkCalcModeMatchesContract(0, 20)).toBe(FEE_MESSAGES.calcModeMismatch);
    expect(checkCalcModeMatchesContract(1, null)).toBeNull();
  });
});

/**
 * The reference fee, computed another way: C(x) = exact fee of month volume [0, x) as a numerator
 * over 10⁶; the line pays C(B + amount) − C(B), rounded by integer formulas of each mode.
 */
function referenceFee(config: FeeConfig, basis: number, amount: number): bigint {
  const bands = config.pattern === 0 ? [{ fenceFen: 0, ratio: config.ratio! }] : config.ladder!;
  const cumulative = (x: bigint) =>
    bands.reduce((sum, band, i) => {
      const lo = BigInt(band.fenceFen);
      const hi = i + 1 < bands.length ? BigInt(bands[i + 1].fenceFen) : x;
      const top = x < hi ? x : hi;
      return top > lo ? sum + (top - lo) * BigInt(band.ratio) : sum;
    }, 0n);
  const num = cumulative(BigInt(basis) + BigInt(amount)) - cumulative(BigInt(basis));
  const den = 1_000_000n;
  return [(2n * num + den) / (2n * den), (num + den - 1n) / den, num / den][config.rounding];
}

function randomConfig(rng: import('./prng').Rng): FeeConfig {
  const rounding = rng.pick([0, 1, 2] as const);
  const randomRatio = () => rng.pick([0, 1_000_000, rng.int(0, 1_000_000), rng.int(0, 100) * 10_000, rng.int(0, 2000) * 50]);
  const pattern = rng.pick([0, 1, 2] as const);
  if (pattern === 0) return { pattern, rounding, ratio: randomRatio() };
  const fences = [0];
  for (let n = rng.int(1, MAX_LADDER_BANDS); fences.length < n; ) fences.push(fences[fences.length - 1] + rng.pick([1, rng.int(1, 10_000), rng.int(1, 100_000_000)]));
  return { pattern, rounding, ladder: fences.map((fenceFen) => ({ fenceFen, ratio: randomRatio() })) };
}

describe('property: fees against an independent computation', () => {
  it('2 000 random configs, bases and amounts; the split always adds up', () => {
    forAll(
      2000,
      (rng) => ({
        config: randomConfig(rng),
        cost: randomConfig(rng),
        parentCost: rng.next() < 0.5 ? randomConfig(rng) : null,
        calcMode: rng.pick([0, 1] as const),
        basis: rng.pick([0, rng.int(0, 1_000_000), rng.int(0, 10_000_000_000)]),
        amount: rng.pick([1, rng.int(1, 100_000), rng.int(1, 999_999_999_999)]),
      }),
      ({ config, cost, parentCost, calcMode, basis, amount }) => {
        const line = priceLine({ ...config, calcMode, basisBeforeFen: basis, amountFen: amount });
        expect(BigInt(line.feeFen)).toBe(referenceFee(config, basis, amount));
        expect(line.bands.reduce((sum, b) => sum + b.portionFen, 0)).toBe(amount);
        expect(line.bands[0].fromFen).toBe(basis);
        expect(line.bands.every((b, i) => b.portionFen > 0 && (i === 0 || b.fromFen === line.bands[i - 1].toFen))).toBe(true);
        expect(line.lockFen - line.payeeFen).toBe(line.feeFen);
        const split = splitFee({
          entFeeFen: line.feeFen,
          amountFen: amount,
          merchant: { config: cost, basisBeforeFen: basis },
          parent: parentCost && { config: parentCost, basisBeforeFen: basis + amount },
        });
        expect(split.merchtProfitFen + (split.parentProfitFen ?? 0) + split.supIncomeFen).toBe(line.feeFen);
        expect(BigInt(split.supIncomeFen)).toBe(referenceFee(parentCost ?? cost, parentCost ? basis + amount : basis, amount));
      },
    );
  });
});

describe('calcModeRefusal', () => {
  const contract = { category: 0, status: 0, contractType: 20, startDate: '2026-01-01', endDate: '2026-12-31' };
  test('an original contract in force on the day decides the calc mode', () => {
    expect(calcModeRefusal({ calcMode: 0 }, contract, '2026-06-01')).toBe(FEE_MESSAGES.calcModeMismatch);
    expect(calcModeRefusal({ calcMode: 1 }, contract, '2026-06-01')).toBeNull();
    expect(calcModeRefusal({ calcMode: 0 }, contract, '2026-12-31')).toBe(FEE_MESSAGES.calcModeMismatch);
  });
  test('a contract not in force that day, terminated or a supplement says nothing', () => {
    expect(calcModeRefusal({ calcMode: 0 }, contract, '2027-01-01')).toBeNull();
    expect(calcModeRefusal({ calcMode: 0 }, { ...contract, status: 1 }, '2026-06-01')).toBeNull();
    expect(calcModeRefusal({ calcMode: 0 }, { ...contract, category: 10 }, '2026-06-01')).toBeNull();
  });
});

test('storedFeeColumns: a fixed ratio keeps no ladder, a ladder no ratio (its bands as JSON text)', () => {
  expect(storedFeeColumns({ pattern: 0, rounding: 0, ratio: 65_000, ladder: null })).toEqual({ ratio: 65_000, ladder: null });
  const ladder = parseLadder([{ fence: '0', ratio: '6.5' }, { fence: '10000', ratio: '5' }]);
  if ('error' in ladder) throw new Error(ladder.error);
  const stored = storedFeeColumns({ pattern: 1, rounding: 0, ratio: 65_000, ladder: ladder.ladder });
  expect(stored.ratio).toBeNull();
  expect(JSON.parse(stored.ladder!)).toEqual(formatLadder(ladder.ladder));
});

test('a stored config reads as posted (its ladder column as JSON text); feeConfigRefusal answers the engine refusal', () => {
  const bands = [{ fence: '0', ratio: '6.5' }];
  expect(readStoredFeeConfig({ feePattern: 1, rounding: 0, ratio: null, ladder: JSON.stringify(bands) })).toEqual(readStoredFeeConfig({ feePattern: 1, rounding: 0, ratio: null, ladder: bands }));
  expect(feeConfigRefusal({ feePattern: 1, rounding: 0, ratio: null, ladder: null })).toBe(FEE_MESSAGES.ladderRequired);
  expect(feeConfigRefusal({ feePattern: 0, rounding: 0, ratio: 65_000, ladder: null })).toBeNull();
});
