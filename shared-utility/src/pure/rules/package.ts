/**
 * Task packages (DOMAIN.md §7, spec §3/§4): the price a package shows, the check of its price and
 * dates, and its lifecycle over three fields (review status · package status · state).
 */
import type { AccountType } from '../enums';
import { formatFen } from '../money';

export const PRICE_TYPE = { NEGOTIABLE: 10, FIXED: 20, RANGE: 30 } as const;
export const PACKAGE_TYPE = { PUBLIC: 10, PRIVATE: 20 } as const;
export const PACKAGE_STATE = { NOT_STARTED: 0, LISTED: 10, FINISHED: 20, DELISTED: 30, OVERDUE: 40, CLOSED: 50 } as const;
export const TAKER_STATUS = { TAKEN: 10, COMPLETED: 20, CANCELLED: 90 } as const;

export type ReviewStatus = 'INIT' | 'REVIEWED';
export type PkgStatus = 'HIDDEN' | 'SHOWED' | 'FINISHED';

export const PACKAGE_MESSAGES = {
  lowerPositive: '价格下限须大于0',
  rangeOrder: '价格区间须满足 0 < 下限 < 上限',
  dates: '结束日期不能早于开始日期',
  reviewReason: '请输入审核意见',
  notShowed: '任务包未上架，无法接包',
  notLinked: '该人才未关联该企业',
  notAssigned: '该人才未被指定承接此私有任务包',
  taken: '该人才已承接该任务包',
  onlyPrivate: '仅私有任务包可指定人才',
  assignedTaker: '该人才已承接该任务包，无法移除',
  pendingTakers: '存在未完成的接包人，请先标记完成或取消',
  hasTakers: '该任务包已有接包人，无法删除',
  notReviewed: '任务包未审核通过，无法结算',
  noCompletedTakers: '该任务包没有已完成的接包人，无法结算',
  settleRows: '请填写结算金额',
  notCompleted: '该人才未完成该任务包，无法结算',
  settleTwice: '同一接包人只能填写一笔结算金额',
  settleAmount: (name: string) => `${name}：金额必须大于0且最多两位小数`,
  noBankCard: (name: string) => `${name}未绑定银行卡，无法结算`,
} as const;

/**
 * Spec §3: type 10 shows a dash; 20 shows the upper price or else the lower; 30 shows lower ~ upper.
 * Amounts in yuan with two places.
 */
export function packagePriceText(priceType: number, lowerFen: number | null | undefined, upperFen: number | null | undefined): string {
  const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '' : formatFen(Number(fen)));
  if (priceType === PRICE_TYPE.FIXED) return yuan(upperFen ?? lowerFen) || '-';
  if (priceType === PRICE_TYPE.RANGE) return lowerFen === null || lowerFen === undefined || upperFen === null || upperFen === undefined ? '-' : `${yuan(lowerFen)} ~ ${yuan(upperFen)}`;
  return '-';
}

/** DOMAIN.md §7: 10 none, 20 lower > 0, 30 0 < lower < upper; the end date is not before the start. Null when valid. */
export function packageError(p: { priceType: number; lowerFen: number | null; upperFen: number | null; startDate: string; endDate: string }): string | null {
  if (p.priceType === PRICE_TYPE.FIXED && !(p.lowerFen !== null && p.lowerFen > 0)) return PACKAGE_MESSAGES.lowerPositive;
  if (p.priceType === PRICE_TYPE.RANGE && !(p.lowerFen !== null && p.upperFen !== null && p.lowerFen > 0 && p.lowerFen < p.upperFen)) return PACKAGE_MESSAGES.rangeOrder;
  if (p.endDate < p.startDate) return PACKAGE_MESSAGES.dates;
  return null;
}

/**
 * The price columns a package keeps for its type (a negotiable package none, a fixed one the lower only),
 * from the written values over the stored row.
 */
export function packagePrices(values: Readonly<Record<string, unknown>>, before: Readonly<Record<string, unknown>> = {}): { priceLowerFen: number | null; priceUpperFen: number | null } {
  const pick = (column: string) => ((column in values ? values[column] : before[column]) ?? null) as number | null;
  const type = Number(pick('priceType'));
  return { priceLowerFen: type === PRICE_TYPE.FIXED || type === PRICE_TYPE.RANGE ? pick('priceLowerFen') : null, priceUpperFen: type === PRICE_TYPE.RANGE ? pick('priceUpperFen') : null };
}

/** packageError of a package as a write would leave it — workPackage's `checks` (fields by name, money in fen), with the prices its type keeps. */
export function packageRowError(p: Readonly<Record<string, unknown>>): string | null {
  const { priceLowerFen, priceUpperFen } = packagePrices({ priceType: p.packagePriceType, priceLowerFen: p.packagePriceLower, priceUpperFen: p.packagePriceUpper });
  return packageError({ priceType: Number(p.packagePriceType), lowerFen: priceLowerFen, upperFen: priceUpperFen, startDate: String(p.startDate), endDate: String(p.endDate) });
}

export interface PackageTriple {
  reviewStatus: ReviewStatus;
  pkgStatus: PkgStatus;
  status: number;
}

export type PackageAction = 'pass' | 'fail' | 'show' | 'hide' | 'finish' | 'cancel' | 'overdue' | 'update' | 'delete' | 'take' | 'assign';

const S = PACKAGE_STATE;
const SYS_SPR: AccountType[] = ['SYS', 'SPR'];
const WRITERS: AccountType[] = ['ENT', 'SPR', 'SYS'];

interface Rule {
  /** Whether the package is in a state the action starts from (for an account type). */
  from: (p: PackageTriple, type: AccountType | null) => boolean;
  /** Who may take it (null: the system). */
  for: AccountType[] | null;
  /** What it becomes; fields left out stay. */
  to?: Partial<PackageTriple>;
}

/** A new package: not yet reviewed, hidden, not started (the lifecycle's first state). */
export const PACKAGE_CREATED: PackageTriple = { reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: S.NOT_STARTED };

const isInit = (p: PackageTriple) => p.reviewStatus === 'INIT' && p.status === S.NOT_STARTED;
const reviewed = (p: PackageTriple) => p.reviewStatus === 'REVIEWED';
const among = (status: number, states: number[]) => states.includes(status);

/**
 * The lifecycle of DOMAIN.md §7 as a table: create → INIT·HIDDEN·0; review pass → REVIEWED·HIDDEN·0,
 * fail → 50; 上架 → SHOWED·10; 下架 → HIDDEN·30; 完成 → FINISHED·20; past the end date → 40 (system);
 * cancel → 50 (ENT while INIT, SPR/SYS before 20). Edits while INIT; delete only INIT (without takers).
 */
export const PACKAGE_LIFECYCLE: Record<PackageAction, Rule> = {
  pass: { from: isInit, for: SYS_SPR, to: { reviewStatus: 'REVIEWED', pkgStatus: 'HIDDEN', status: S.NOT_STARTED } },
  fail: { from: isInit, for: SYS_SPR, to: { status: S.CLOSED } },
  show: { from: (p) => reviewed(p) && p.pkgStatus === 'HIDDEN' && (p.status === S.NOT_STARTED || p.status === S.DELISTED), for: SYS_SPR, to: { pkgStatus: 'SHOWED', status: S.LISTED } },
  hide: { from: (p) => reviewed(p) && p.pkgStatus === 'SHOWED' && p.status === S.LISTED, for: SYS_SPR, to: { pkgStatus: 'HIDDEN', status: S.DELISTED } },
  finish: { from: (p) => reviewed(p) && among(p.status, [S.LISTED, S.DELISTED, S.OVERDUE]), for: WRITERS, to: { pkgStatus: 'FINISHED', status: S.FINISHED } },
  cancel: {
    from: (p, type) => (type === 'ENT' ? isInit(p) : among(p.status, [S.NOT_STARTED, S.LISTED, S.DELISTED, S.OVERDUE])),
    for: WRITERS,
    to: { pkgStatus: 'HIDDEN', status: S.CLOSED },
  },
  overdue: { from: (p) => among(p.status, [S.NOT_STARTED, S.LISTED, S.DELISTED]), for: null, to: { pkgStatus: 'HIDDEN', status: S.OVERDUE } },
  update: { from: isInit, for: WRITERS },
  delete: { from: isInit, for: WRITERS },
  take: { from: (p) => reviewed(p) && p.pkgStatus === 'SHOWED' && p.status === S.LISTED, for: WRITERS },
  // 指定人才 (a private package's named talents): until the package is finished or closed.
  assign: { from: (p) => !among(p.status, [S.FINISHED, S.CLOSED]), for: WRITERS },
};

/** Whether an account type (null: the system) may take an action on a package in its current state. */
export function packageAllows(action: PackageAction, p: PackageTriple, type: AccountType | null): boolean {
  const rule = PACKAGE_LIFECYCLE[action];
  if (rule.for === null ? type !== null : type === null || !rule.for.includes(type)) return false;
  return rule.from(p, type);
}

/** The state after an action (the caller checks packageAllows first). */
export function packageAfter(action: PackageAction, p: PackageTriple): PackageTriple {
  return { ...p, ...PACKAGE_LIFECYCLE[action].to };
}

/** Whether a package is past its end date on a Shanghai day (`today` yyyy-MM-dd) and still running. */
export function packageOverdue(p: PackageTriple & { endDate: string | null }, today: string): boolean {
  return p.endDate !== null && p.endDate < today && packageAllows('overdue', p, null);
}

/** A package is finished only when none of its takers is still at 10 (each completed or cancelled). */
export function finishRefusal(takerStatuses: number[]): string | null {
  return takerStatuses.some((s) => s === TAKER_STATUS.TAKEN) ? PACKAGE_MESSAGES.pendingTakers : null;
}
