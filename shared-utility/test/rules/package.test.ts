import {
  finishRefusal,
  PACKAGE_LIFECYCLE,
  PACKAGE_MESSAGES,
  packageAfter,
  packageAllows,
  type PackageAction,
  packageError,
  packageOverdue,
  PACKAGE_CREATED,
  packagePrices,
  packageRowError,
  packagePriceText,
  type PackageTriple,
} from '../../src/pure/rules/package';
import { recordRefusal } from '../../src/pure/entity';
import { workPackage } from '../../src/pure/entities/task';

const t = (reviewStatus: PackageTriple['reviewStatus'], pkgStatus: PackageTriple['pkgStatus'], status: number): PackageTriple => ({ reviewStatus, pkgStatus, status });
const INIT = t('INIT', 'HIDDEN', 0);
const REVIEWED = t('REVIEWED', 'HIDDEN', 0);
const LISTED = t('REVIEWED', 'SHOWED', 10);
const DELISTED = t('REVIEWED', 'HIDDEN', 30);
const OVERDUE = t('REVIEWED', 'HIDDEN', 40);
const OVERDUE_INIT = t('INIT', 'HIDDEN', 40);
const FINISHED = t('REVIEWED', 'FINISHED', 20);
const FAILED = t('INIT', 'HIDDEN', 50);
const CLOSED = t('REVIEWED', 'HIDDEN', 50);
const STATES = { INIT, REVIEWED, LISTED, DELISTED, OVERDUE, OVERDUE_INIT, FINISHED, FAILED, CLOSED };

describe('package price display (spec §3)', () => {
  it('type 10 shows a dash, 20 the upper or else the lower, 30 lower ~ upper', () => {
    expect(packagePriceText(10, null, null)).toBe('-');
    expect(packagePriceText(10, 500, 900)).toBe('-');
    expect(packagePriceText(20, 200000, null)).toBe('2000.00');
    expect(packagePriceText(20, 200000, 250050)).toBe('2500.50');
    expect(packagePriceText(20, null, null)).toBe('-');
    expect(packagePriceText(30, 300000, 800000)).toBe('3000.00 ~ 8000.00');
    expect(packagePriceText(30, 1, 99)).toBe('0.01 ~ 0.99');
    expect(packagePriceText(30, 300000, null)).toBe('-');
  });

  it('keeps only the prices a type uses', () => {
    const row = (priceType: number) => ({ priceType, priceLowerFen: 100, priceUpperFen: 200 });
    expect(packagePrices(row(10))).toEqual({ priceLowerFen: null, priceUpperFen: null });
    expect(packagePrices(row(20))).toEqual({ priceLowerFen: 100, priceUpperFen: null });
    expect(packagePrices(row(30))).toEqual({ priceLowerFen: 100, priceUpperFen: 200 });
  });

  it('a new package starts where review, edit, delete and the enterprise\'s cancel start, and nothing else', () => {
    expect(PACKAGE_CREATED).toEqual(INIT);
    expect(['pass', 'fail', 'update', 'delete', 'cancel'].every((a) => packageAllows(a as never, PACKAGE_CREATED, a === 'pass' || a === 'fail' ? 'SPR' : 'ENT'))).toBe(true);
    expect(['show', 'hide', 'finish', 'take'].some((a) => packageAllows(a as never, PACKAGE_CREATED, 'SPR'))).toBe(false);
  });

  it('reads the written values over the stored row (an edit naming only the type or one price)', () => {
    const stored = { priceType: 30, priceLowerFen: 100, priceUpperFen: 200 };
    expect(packagePrices({ priceType: 20 }, stored)).toEqual({ priceLowerFen: 100, priceUpperFen: null });
    expect(packagePrices({ priceUpperFen: 500 }, stored)).toEqual({ priceLowerFen: 100, priceUpperFen: 500 });
    expect(packagePrices({ priceLowerFen: undefined }, stored)).toEqual({ priceLowerFen: null, priceUpperFen: 200 });
  });

  it('checks a package as a write leaves it (the entity\'s checks: fields by name, money in fen): its type keeps the prices it uses', () => {
    const row = { packagePriceType: 20, packagePriceLower: 0, packagePriceUpper: 500, startDate: '2026-12-01', endDate: '2026-12-31' };
    expect(packageRowError(row)).toBe(PACKAGE_MESSAGES.lowerPositive);
    expect(packageRowError({ ...row, packagePriceType: 10 })).toBeNull();
    expect(packageRowError({ ...row, packagePriceType: 30, packagePriceLower: 600 })).toBe(PACKAGE_MESSAGES.rangeOrder);
    expect(packageRowError({ ...row, packagePriceLower: 100, endDate: '2026-11-30' })).toBe(PACKAGE_MESSAGES.dates);
    expect(recordRefusal(workPackage, { ...row, packagePriceLower: 100, endDate: '2026-11-30' })).toBe(PACKAGE_MESSAGES.dates);
    expect(recordRefusal(workPackage, { ...row, packagePriceLower: 100 })).toBeNull();
  });
});

describe('package checks (DOMAIN.md §7)', () => {
  const base = { priceType: 10, lowerFen: null, upperFen: null, startDate: '2026-12-01', endDate: '2026-12-31' };
  it('20 needs lower > 0; 30 needs 0 < lower < upper; the end is not before the start', () => {
    expect(packageError(base)).toBeNull();
    expect(packageError({ ...base, priceType: 20, lowerFen: 0 })).toBe(PACKAGE_MESSAGES.lowerPositive);
    expect(packageError({ ...base, priceType: 20, lowerFen: null })).toBe(PACKAGE_MESSAGES.lowerPositive);
    expect(packageError({ ...base, priceType: 20, lowerFen: 1 })).toBeNull();
    expect(packageError({ ...base, priceType: 30, lowerFen: 100, upperFen: 100 })).toBe(PACKAGE_MESSAGES.rangeOrder);
    expect(packageError({ ...base, priceType: 30, lowerFen: 0, upperFen: 100 })).toBe(PACKAGE_MESSAGES.rangeOrder);
    expect(packageError({ ...base, priceType: 30, lowerFen: 99, upperFen: 100 })).toBeNull();
    expect(packageError({ ...base, endDate: '2026-11-30' })).toBe(PACKAGE_MESSAGES.dates);
    expect(packageError({ ...base, endDate: '2026-12-01' })).toBeNull();
  });
});

describe('package lifecycle table', () => {
  /** Expected: state name → account types allowed, per action. */
  const expected: Record<PackageAction, Record<string, string>> = {
    pass: { INIT: 'SYS SPR' },
    fail: { INIT: 'SYS SPR' },
    show: { REVIEWED: 'SYS SPR', DELISTED: 'SYS SPR' },
    hide: { LISTED: 'SYS SPR' },
    finish: { LISTED: 'ENT SPR SYS', DELISTED: 'ENT SPR SYS', OVERDUE: 'ENT SPR SYS' },
    cancel: { INIT: 'ENT SPR SYS', REVIEWED: 'SPR SYS', LISTED: 'SPR SYS', DELISTED: 'SPR SYS', OVERDUE: 'SPR SYS', OVERDUE_INIT: 'SPR SYS' },
    overdue: {},
    update: { INIT: 'ENT SPR SYS' },
    delete: { INIT: 'ENT SPR SYS' },
    take: { LISTED: 'ENT SPR SYS' },
    assign: { INIT: 'ENT SPR SYS', REVIEWED: 'ENT SPR SYS', LISTED: 'ENT SPR SYS', DELISTED: 'ENT SPR SYS', OVERDUE: 'ENT SPR SYS', OVERDUE_INIT: 'ENT SPR SYS' },
  };
  for (const action of Object.keys(PACKAGE_LIFECYCLE) as PackageAction[]) {
    it(`${action}: exactly the listed states and account types`, () => {
      for (const [name, state] of Object.entries(STATES)) {
        const allowed = (['SYS', 'SPR', 'MER', 'ENT'] as const).filter((type) => packageAllows(action, state, type));
        expect([name, allowed.sort().join(' ')]).toEqual([name, (expected[action][name] ?? '').split(' ').filter(Boolean).sort().join(' ')]);
      }
    });
  }

  it('the system alone moves running packages to overdue', () => {
    expect(Object.entries(STATES).filter(([, s]) => packageAllows('overdue', s, null)).map(([n]) => n)).toEqual(['INIT', 'REVIEWED', 'LISTED', 'DELISTED']);
    expect(packageAllows('overdue', LISTED, 'SYS')).toBe(false);
    expect(packageAllows('show', REVIEWED, null)).toBe(false);
  });

  it('each move lands on the triple of DOMAIN.md §7', () => {
    expect(packageAfter('pass', INIT)).toEqual(REVIEWED);
    expect(packageAfter('fail', INIT)).toEqual(FAILED);
    expect(packageAfter('show', REVIEWED)).toEqual(LISTED);
    expect(packageAfter('hide', LISTED)).toEqual(DELISTED);
    expect(packageAfter('show', DELISTED)).toEqual(LISTED);
    expect(packageAfter('finish', LISTED)).toEqual(FINISHED);
    expect(packageAfter('cancel', LISTED)).toEqual(CLOSED);
    expect(packageAfter('overdue', LISTED)).toEqual(t('REVIEWED', 'HIDDEN', 40));
    expect(packageAfter('update', INIT)).toEqual(INIT);
  });

  it('overdue: strictly past the end date, running packages only', () => {
    expect(packageOverdue({ ...LISTED, endDate: '2026-11-23' }, '2026-11-24')).toBe(true);
    expect(packageOverdue({ ...LISTED, endDate: '2026-11-24' }, '2026-11-24')).toBe(false);
    expect(packageOverdue({ ...FINISHED, endDate: '2026-11-01' }, '2026-11-24')).toBe(false);
    expect(packageOverdue({ ...LISTED, endDate: null }, '2026-11-24')).toBe(false);
  });

  it('a package finishes only when no taker is still at 10', () => {
    expect(finishRefusal([])).toBeNull();
    expect(finishRefusal([20, 90])).toBeNull();
    expect(finishRefusal([20, 10])).toBe(PACKAGE_MESSAGES.pendingTakers);
  });
});
