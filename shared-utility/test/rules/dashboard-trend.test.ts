import { CHANNEL_FIGURES, figuresOf, orderTrend, TREND_DAYS, VOLUME_FIGURES } from '../../src/pure/dashboard';

const DAY = 24 * 3600_000;
const OFFSET = 8 * 3600_000;
/** 00:00 Asia/Shanghai of a date, and its day number as the server's SQL groups it. */
const start = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const dayNo = (date: string) => (start(date) + OFFSET) / DAY;

describe('the dashboard trend (orderTrend)', () => {
  it('every day from the first to today, zero where there were no orders; the last 30 days as the trend', () => {
    // Today is 2026-11-26: from the 1st would be 26 days, 29 days ago (10-28) is earlier.
    const days = [
      { day: dayNo('2026-10-28'), n: 2, amountFen: 100, feeFen: 1 },
      { day: String(dayNo('2026-11-26')), n: '3', amountFen: '250', feeFen: '5' },
    ];
    const { trend } = orderTrend(days, start('2026-10-28'), start('2026-11-26'), start('2026-11-01'));
    expect(trend).toHaveLength(TREND_DAYS);
    expect(trend[0]).toEqual({ date: '2026-10-28', count: 2, amount: '1.00', fee: '0.01' });
    expect(trend[1]).toEqual({ date: '2026-10-29', count: 0, amount: '0.00', fee: '0.00' });
    expect(trend[29]).toEqual({ date: '2026-11-26', count: 3, amount: '2.50', fee: '0.05' });
  });

  it("sums this month's days only, even those before the trend's 30 (the 1st of a 31-day month)", () => {
    // Today is 2026-12-31: the month started 30 days ago, before the trend's first day (12-02).
    const days = [
      { day: dayNo('2026-11-30'), n: 1, amountFen: 999, feeFen: 9 },
      { day: dayNo('2026-12-01'), n: 1, amountFen: 1000, feeFen: 10 },
      { day: dayNo('2026-12-31'), n: 1, amountFen: 500, feeFen: 2 },
    ];
    const figures = orderTrend(days, start('2026-12-01'), start('2026-12-31'), start('2026-12-01'));
    expect(figures.trend.map((p) => p.date)).toEqual(Array.from({ length: 30 }, (_, i) => new Date(start('2026-12-02') + OFFSET + i * DAY).toISOString().slice(0, 10)));
    expect(figures.monthPaidAmount).toBe('15.00');
    expect(figures.monthFee).toBe('0.12');
  });

  it("counts today's and this month's orders of every status with all their amounts (allFen), apart from the money that moved", () => {
    const days = [
      { day: dayNo('2026-10-31'), n: 4, amountFen: 400, feeFen: 4, allFen: 400 },
      { day: dayNo('2026-11-02'), n: 2, amountFen: 100, feeFen: 1, allFen: 300 },
      { day: String(dayNo('2026-11-26')), n: '3', amountFen: '250', feeFen: '5', allFen: '1250' },
    ];
    const figures = orderTrend(days, start('2026-10-28'), start('2026-11-26'), start('2026-11-01'));
    expect(figures).toMatchObject({ todayOrderCount: 3, todayOrderAmount: '12.50', monthOrderCount: 5, monthOrderAmount: '15.50', monthPaidAmount: '3.50', monthFee: '0.06' });
    expect(orderTrend([], start('2026-10-28'), start('2026-11-26'), start('2026-11-01'))).toMatchObject({ todayOrderCount: 0, todayOrderAmount: '0.00', monthOrderCount: 0, monthOrderAmount: '0.00' });
  });
});

describe('declared order figures (figuresOf)', () => {
  it('reads each declared figure of a summed row by its name: counts as numbers, money in yuan', () => {
    const row = { channel: 1, orderCount: '3', successCount: 7, successAmount: '12345', failCount: '1', failAmount: 50 };
    expect(figuresOf(CHANNEL_FIGURES, row)).toEqual({ orderCount: 3, successCount: 7, successAmount: '123.45', failCount: 1, failAmount: '0.50' });
  });

  it('a missing row (no orders) is zero of every figure', () => {
    expect(figuresOf(VOLUME_FIGURES, undefined)).toEqual({ amount: '0.00', count: 0 });
  });
});
