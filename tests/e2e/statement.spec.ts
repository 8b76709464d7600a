import { expect, type Page, test } from '@playwright/test';
import * as XLSX from 'xlsx';
import type { StatementAnswer as Statement } from '../../shared-utility/src/pure';
import { NO_GUIDE } from './support/kit-screen';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 25 对账单: the enterprise opens 上月, sees the proven totals (the figures the server answered),
 * downloads the xlsx (summary sheet and every move), opens the print view, and follows a move to its
 * recharge.
 */
test.describe.configure({ timeout: 120_000 });

/** 上月 in Asia/Shanghai. */
function lastMonth(): { from: string; to: string } {
  const today = new Date(Date.now() + 8 * 3600_000);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Money as the screen shows it: thousands separators, two places ("550,000.00"). */
const shown = (yuan: string) => yuan.replace(/^(-?)(\d+)/, (_, sign: string, int: string) => `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);

const statementAnswer = (page: Page, range: { from: string; to: string }) =>
  page.waitForResponse((r) => r.url().includes('/api/admin/ent/query/statement/get') && (r.request().postDataJSON() as { from?: string } | null)?.from === range.from);

test('ENT opens 上月, sees the proven totals and downloads the xlsx', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, DEMO_ACCOUNTS.ENT);

  const range = lastMonth();
  const first = statementAnswer(page, range);
  await page.goto('/ent/statement');
  const body = (await (await first).json()) as { code: number; data: Statement };
  expect(body.code).toBe(0);
  const s = body.data;
  const screen = page.getByTestId('screen-statement');
  await expect(screen.getByRole('button', { name: '上月' })).toHaveClass(/bp6-active/);
  await expect(screen.getByLabel('企业')).toHaveValue(/\d+/);
  await expect(screen.getByTestId('statement-no')).toHaveText(s.statementNo);
  expect(s).toMatchObject({ entName: '北京星辰物流有限公司', ...range });
  expect(s.count).toBeGreaterThan(0);
  expect(Number(s.totals.recharge)).toBeGreaterThan(0);
  for (const [id, value] of [
    ['opening-available', s.opening.available],
    ['total-recharge', s.totals.recharge],
    ['total-payout', s.totals.payout],
    ['total-fee', s.totals.fee],
    ['total-refund', s.totals.refund],
    ['closing-available', s.closing.available],
    ['closing-locked', s.closing.locked],
  ])
    await expect(screen.getByTestId(id)).toContainText(shown(value));
  await expect(screen.getByTestId('statement-proof')).toContainText('期初余额＋本期变动＝期末余额');
  // Clicking 上月 again keeps the range, now in the address.
  await screen.getByRole('button', { name: '上月' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${range.from}.*to=${range.to}`));
  await expect(screen.locator('[data-testid="kit-grid"] tbody tr').first()).toBeVisible();

  // The xlsx: summary figures as on screen, every move on the second sheet.
  const [download] = await Promise.all([page.waitForEvent('download'), screen.getByRole('button', { name: '导出Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^数据_对账单_${s.statementNo}_\\d{14}\\.xlsx$`));
  const book = XLSX.readFile((await download.path())!);
  expect(book.SheetNames).toEqual(['对账汇总', '变动明细']);
  const summary = XLSX.utils.sheet_to_json<string[]>(book.Sheets['对账汇总'], { header: 1 });
  const value = (label: string) => summary.find((r) => r[0] === label)?.[1];
  expect([value('对账单编号'), value('充值入账'), value('代发金额'), value('服务费'), value('退款'), value('期末可用余额')]).toEqual([
    s.statementNo, s.totals.recharge, s.totals.payout, s.totals.fee, s.totals.refund, s.closing.available,
  ]);
  expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets['变动明细'], { header: 1 })).toHaveLength(s.count + 1);

  // The print view lists every move under a repeated head.
  await screen.getByRole('button', { name: '打印' }).click();
  const print = page.getByTestId('statement-print');
  await expect(print.locator('tbody tr')).toHaveCount(s.count);
  await expect(print.locator('thead')).toContainText(s.statementNo);
  await print.getByRole('button', { name: '关闭' }).click();
  await expect(print).toHaveCount(0);

  // A recharge move leads to its recharge application.
  const recharge = s.lines.find((l) => l.bizType === 10)!;
  await screen.getByTestId('statement-biz-link').filter({ hasText: recharge.bizNo }).first().click();
  await expect(page).toHaveURL(new RegExp(`/ent/addBal\\?applyNo=${recharge.bizNo}`));
  await expect(page.getByText(recharge.bizNo).first()).toBeVisible();
  await context.close();
});
