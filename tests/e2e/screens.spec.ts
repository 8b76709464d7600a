import { expect, test } from '@playwright/test';
import { kitScreen, NO_GUIDE } from './support/kit-screen';
import { type AccountKind, DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 22: a money list reads like finance software for every account type, on the small screen
 * (1280 × 720): amounts with thousands separators right-aligned, a failed recharge as a red tag, the
 * 合计 keeping the failed money apart (不计入), the table as wide as its card, and the 操作 column on
 * screen at the grid's right edge.
 */
const KINDS: AccountKind[] = ['SYS', 'SPR', 'MER', 'ENT'];

for (const kind of KINDS) {
  test(`${kind}：充值申请的失败记录 — 千分位金额、红色失败标签、合计不计入、操作列在屏内（1280×720）`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addInitScript(NO_GUIDE);
    const page = await context.newPage();
    await signInAndWait(page, DEMO_ACCOUNTS[kind]);

    // The 失败 tab: the seeded recharges of ENT0001 that were not credited (one of 15 000 000.00).
    await page.goto('/ent/addBal?tab=51');
    const screen = kitScreen(page, 'balanceApply');
    await expect(screen.getByText(/共 \d+ 条/)).toBeVisible();
    const grid = screen.getByTestId('kit-grid');

    const amount = grid.locator('td').filter({ hasText: /^15,000,000\.00$/ }).first();
    await expect(amount).toBeVisible();
    expect(await amount.evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');
    expect(await amount.evaluate((td) => getComputedStyle(td).fontVariantNumeric)).toBe('tabular-nums');

    const failed = grid.locator('.fp-tag--danger', { hasText: /^失败$/ }).first();
    await expect(failed).toBeVisible();
    // The danger tone's text shade (issue 27: #b3261e, ≥ 4.5:1 on the tag's tint; the theme's #f56c6c read 2.6:1).
    expect(await failed.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)');

    const summary = screen.getByTestId('kit-summary');
    await expect(summary).toContainText('充值金额：¥0.00');
    await expect(summary).toContainText(/失败\/取消 ¥[\d,]+\.\d\d 不计入/);

    // The grid fills its card; the 操作 column is whole on screen at the grid's right edge.
    const box = (await grid.boundingBox())!;
    const tableWidth = await grid.locator('table').evaluate((t) => t.getBoundingClientRect().width);
    expect(tableWidth).toBeGreaterThanOrEqual(box.width - 2);
    const head = grid.locator('th.fp-grid-actions');
    await expect(head).toHaveText('操作');
    await expect(head).toBeInViewport({ ratio: 1 });
    const actions = (await head.boundingBox())!;
    expect(actions.x + actions.width).toBeLessThanOrEqual(Math.min(1280, box.x + box.width) + 1);
    const rowActions = grid.locator('tbody tr').first().locator('td.fp-grid-actions');
    await expect(rowActions.getByRole('button', { name: '详情' })).toBeInViewport({ ratio: 1 });

    await context.close();
  });
}
