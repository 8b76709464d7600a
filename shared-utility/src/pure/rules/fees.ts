/**
 * Line fees and their split (DOMAIN.md §2). Money is integer fen, ratios are percent × 10⁴, so a
 * portion's exact fee is portion·R/10⁶; sums stay exact in BigInt and are rounded once per line.
 */
import { formatRatio, parseRatio } from '../entity';
import { formatFen, parseMoneyToFen } from '../money';

/** 0 half up (default), 1 up, 2 down. */
export type Rounding = 0 | 1 | 2;
/** 0 fixed ratio, 1 enterprise month volume ladder, 2 payee month volume ladder. */
export type FeePattern = 0 | 1 | 2;
/** 0 outer (外扣: fee on top), 1 inner (内扣: fee out of the amount). */
export type CalcMode = 0 | 1;

export interface LadderBand {
  /** Where the band starts, in fen of month volume. */
  fenceFen: number;
  ratio: number;
}

/** An enterprise's price or a merchant's cost; `ratio` for pattern 0, `ladder` for 1 and 2. */
export interface FeeConfig {
  pattern: FeePattern;
  rounding: Rounding;
  ratio?: number | null;
  ladder?: LadderBand[] | null;
}

export const MAX_LADDER_BANDS = 20;
/** 100 % as a stored ratio. */
export const RATIO_MAX = 1_000_000;
const RATIO_SCALE = 1_000_000n;

export const FEE_MESSAGES = {
  ladderRequired: '请设置费率阶梯',
  ladderStart: '阶梯起点必须为0',
  ladderIncreasing: '阶梯金额必须递增',
  ratioRange: '费率必须在0到100之间',
  ladderTooLong: `阶梯不能超过${MAX_LADDER_BANDS}档`,
  ladderFormat: '阶梯金额或费率格式错误',
  belowMerchantCost: '企业费率不得低于商户成本费率',
  calcModeMismatch: '计费方式与企业合同类型不一致',
  payeeNotPositive: '实发金额必须大于0',
  entConfigMissing: '企业未配置费率，无法制单',
  merchantConfigMissing: '商户未配置成本费率，无法制单',
} as const;

/** The exact quotient num/den (num ≥ 0, den > 0) rounded to an integer in a rounding mode. */
export function roundQuotient(num: bigint, den: bigint, rounding: Rounding): number {
  const whole = num / den;
  const rest = num % den;
  if (rest === 0n || rounding === 2) return Number(whole);
  if (rounding === 1) return Number(whole + 1n);
  return Number(2n * rest >= den ? whole + 1n : whole);
}

const ratioInRange = (ratio: unknown) => Number.isInteger(ratio) && (ratio as number) >= 0 && (ratio as number) <= RATIO_MAX;

export function validateLadder(ladder: readonly LadderBand[] | null | undefined): string | null {
  if (!ladder || ladder.length === 0) return FEE_MESSAGES.ladderRequired;
  if (ladder.length > MAX_LADDER_BANDS) return FEE_MESSAGES.ladderTooLong;
  if (ladder[0].fenceFen !== 0) return FEE_MESSAGES.ladderStart;
  for (let i = 0; i < ladder.length; i++) {
    const { fenceFen, ratio } = ladder[i];
    if (!Number.isSafeInteger(fenceFen) || (i > 0 && fenceFen <= ladder[i - 1].fenceFen)) return FEE_MESSAGES.ladderIncreasing;
    if (!ratioInRange(ratio)) return FEE_MESSAGES.ratioRange;
  }
  return null;
}

/** The wire ladder `[{fence: "0.00", ratio: "7.0000"}]` as fen and stored ratios, checked. */
export function parseLadder(entries: ReadonlyArray<{ fence: unknown; ratio: unknown }>): { ladder: LadderBand[] } | { error: string } {
  const ladder: LadderBand[] = [];
  for (const entry of entries) {
    const fenceFen = typeof entry.fence === 'string' || typeof entry.fence === 'number' ? parseMoneyToFen(entry.fence) : null;
    const ratio = parseRatio(entry.ratio);
    if (fenceFen === null || ratio === null) return { error: FEE_MESSAGES.ladderFormat };
    ladder.push({ fenceFen, ratio });
  }
  const error = validateLadder(ladder);
  return error ? { error } : { ladder };
}

/** Bands as the wire and the stored JSON carry them: `[{fence: "0.00", ratio: "7.0000"}]`. */
export function formatLadder(ladder: readonly LadderBand[]): Array<{ fence: string; ratio: string }> {
  return ladder.map((band) => ({ fence: formatFen(band.fenceFen), ratio: formatRatio(band.ratio)! }));
}

/**
 * A config as a form or a stored row holds it (stored ratio, wire ladder), checked: pattern 0 keeps
 * only the ratio, patterns 1 and 2 only the ladder. The server's writes and the browser's live
 * preview both read configs through here, so they accept and refuse the same things.
 */
export function readFeeConfig(input: { feePattern: unknown; rounding: unknown; ratio?: number | null; ladder?: unknown }): { config: FeeConfig } | { error: string } {
  const pattern = Number(input.feePattern) as FeePattern;
  const rounding = (input.rounding === null || input.rounding === undefined ? 0 : Number(input.rounding)) as Rounding;
  if (pattern === 0) {
    const config: FeeConfig = { pattern, rounding, ratio: input.ratio ?? null, ladder: null };
    const error = validateFeeConfig(config);
    return error ? { error } : { config };
  }
  if (!Array.isArray(input.ladder) || input.ladder.length === 0) return { error: FEE_MESSAGES.ladderRequired };
  if (input.ladder.length > MAX_LADDER_BANDS) return { error: FEE_MESSAGES.ladderTooLong };
  if (!input.ladder.every((entry) => entry !== null && typeof entry === 'object')) return { error: FEE_MESSAGES.ladderFormat };
  const parsed = parseLadder(input.ladder as Array<{ fence: unknown; ratio: unknown }>);
  return 'error' in parsed ? parsed : { config: { pattern, rounding, ratio: null, ladder: parsed.ladder } };
}

/** The stored columns of a valid config: pattern 0 keeps only its ratio, ladders only their bands (as JSON text). */
export const storedFeeColumns = (config: FeeConfig): { ratio: number | null; ladder: string | null } =>
  config.pattern === 0 ? { ratio: config.ratio ?? null, ladder: null } : { ratio: null, ladder: JSON.stringify(formatLadder(config.ladder!)) };

/** readFeeConfig of a stored row (its ladder column the bands' JSON text, or already parsed). */
export const readStoredFeeConfig = (row: Readonly<Record<string, unknown>>) =>
  readFeeConfig({ feePattern: row.feePattern, rounding: row.rounding, ratio: row.ratio as number | null, ladder: typeof row.ladder === 'string' ? JSON.parse(row.ladder) : row.ladder });

/** A price's or cost's record check (the fee entities' `checks`): the engine's refusal of its config, or null. */
export const feeConfigRefusal = (row: Readonly<Record<string, unknown>>): string | null => {
  const read = readStoredFeeConfig(row);
  return 'error' in read ? read.error : null;
};

/** A config as saved: pattern 0 needs a ratio within 0–100 %, patterns 1 and 2 a valid ladder. */
export function validateFeeConfig(config: FeeConfig): string | null {
  return config.pattern === 0 ? (ratioInRange(config.ratio) ? null : FEE_MESSAGES.ratioRange) : validateLadder(config.ladder);
}

/** Both fixed: the enterprise's price may not undercut its merchant's cost. */
export function checkFeeConfigs(ent: FeeConfig, merchant: FeeConfig): string | null {
  const bothFixed = ent.pattern === 0 && merchant.pattern === 0;
  return bothFixed && (ent.ratio ?? 0) < (merchant.ratio ?? 0) ? FEE_MESSAGES.belowMerchantCost : null;
}

/**
 * An enterprise's price against its merchant's cost, both as stored rows (checked whichever is saved last): the engine's
 * refusal of either config, else checkFeeConfigs' (企业费率不得低于商户成本费率).
 */
export function priceCostRefusal(price: Readonly<Record<string, unknown>>, cost: Readonly<Record<string, unknown>>): string | null {
  const [p, c] = [readStoredFeeConfig(price), readStoredFeeConfig(cost)];
  if ('error' in p || 'error' in c) return 'error' in p ? p.error : (c as { error: string }).error;
  return checkFeeConfigs(p.config, c.config);
}

/** Outer contracts (10) go with calc mode 0, inner (20) with 1; no effective contract, nothing to match. */
export function checkCalcModeMatchesContract(calcMode: CalcMode, contractType: number | null | undefined): string | null {
  if (contractType === null || contractType === undefined) return null;
  return (contractType === 10 && calcMode === 0) || (contractType === 20 && calcMode === 1) ? null : FEE_MESSAGES.calcModeMismatch;
}

/**
 * DOMAIN.md §2: a price's calc mode against one original contract (category 0), which counts only while it is
 * in force (status 0) on `today` (yyyy-MM-dd) — checked whichever of the two is saved last.
 */
export function calcModeRefusal(price: Readonly<Record<string, unknown>>, contract: Readonly<Record<string, unknown>>, today: string): string | null {
  const inForce = contract.category === 0 && contract.status === 0 && String(contract.startDate) <= today && String(contract.endDate) >= today;
  return inForce ? checkCalcModeMatchesContract(Number(price.calcMode) as CalcMode, Number(contract.contractType)) : null;
}

/** The part of a line's volume range that one rate applies to (calcFeeLog `bands`). */
export interface FeeBand {
  fromFen: number;
  toFen: number;
  ratio: number;
  portionFen: number;
}

export interface LineFee {
  feeFen: number;
  bands: FeeBand[];
}

/**
 * The fee of a line of `amountFen` whose month volume so far is `basisBeforeFen` (ignored by
 * pattern 0): the line covers [B, B + amount) and each portion pays its band's rate (超额累进).
 */
export function lineFee(config: FeeConfig, basisBeforeFen: number, amountFen: number): LineFee {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0 || !Number.isSafeInteger(basisBeforeFen) || basisBeforeFen < 0)
    throw new RangeError(`lineFee: bad amount ${amountFen} or basis ${basisBeforeFen}`);
  const error = validateFeeConfig(config);
  if (error) throw new RangeError(`lineFee: ${error}`);
  const end = basisBeforeFen + amountFen;
  const ladder: readonly LadderBand[] = config.pattern === 0 ? [{ fenceFen: 0, ratio: config.ratio! }] : config.ladder!;
  const bands: FeeBand[] = [];
  let exact = 0n;
  ladder.forEach((band, i) => {
    const fromFen = Math.max(basisBeforeFen, band.fenceFen);
    const toFen = Math.min(end, ladder[i + 1]?.fenceFen ?? end);
    if (toFen <= fromFen) return;
    bands.push({ fromFen, toFen, ratio: band.ratio, portionFen: toFen - fromFen });
    exact += BigInt(toFen - fromFen) * BigInt(band.ratio);
  });
  return { feeFen: roundQuotient(exact, RATIO_SCALE, config.rounding), bands };
}

export interface LinePrice extends LineFee {
  /** What the enterprise's balance locks for the line. */
  lockFen: number;
  /** What the payee receives. */
  payeeFen: number;
  /** Inner mode left nothing for the payee: the row fails with type 10 `实发金额必须大于0`. */
  payeeNotPositive: boolean;
}

export interface PriceLineInput extends FeeConfig {
  calcMode: CalcMode;
  basisBeforeFen: number;
  amountFen: number;
}

/** A line priced by the enterprise's config: outer adds the fee to the lock, inner takes it from the payee. */
export function priceLine({ calcMode, basisBeforeFen, amountFen, ...config }: PriceLineInput): LinePrice {
  const fee = lineFee(config, basisBeforeFen, amountFen);
  const lockFen = calcMode === 0 ? amountFen + fee.feeFen : amountFen;
  const payeeFen = calcMode === 0 ? amountFen : amountFen - fee.feeFen;
  return { ...fee, lockFen, payeeFen, payeeNotPositive: payeeFen <= 0 };
}

/** A merchant's cost config with its own month volume before the line (a parent's includes its subs'). */
export interface CostParty {
  config: FeeConfig;
  basisBeforeFen: number;
}

export interface FeeSplit {
  merchtCostFen: number;
  merchtProfitFen: number;
  parentCostFen: number | null;
  parentProfitFen: number | null;
  supIncomeFen: number;
}

/**
 * Who earns what of a line's enterprise fee: the enterprise's merchant keeps the fee above its cost;
 * under a parent, the parent keeps the sub's cost above its own; the supplier gets the last cost.
 * Profits may be negative. Always entFee = merchtProfit + parentProfit + supIncome.
 */
export function splitFee({ entFeeFen, amountFen, merchant, parent }: { entFeeFen: number; amountFen: number; merchant: CostParty; parent?: CostParty | null }): FeeSplit {
  const merchtCostFen = lineFee(merchant.config, merchant.basisBeforeFen, amountFen).feeFen;
  const parentCostFen = parent ? lineFee(parent.config, parent.basisBeforeFen, amountFen).feeFen : null;
  return {
    merchtCostFen,
    merchtProfitFen: entFeeFen - merchtCostFen,
    parentCostFen,
    parentProfitFen: parentCostFen === null ? null : merchtCostFen - parentCostFen,
    supIncomeFen: parentCostFen ?? merchtCostFen,
  };
}
