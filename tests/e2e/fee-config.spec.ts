import { expect, test } from '@playwright/test';
import { privateServer } from './support/server';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { clickRowAction, fillKitForm, kitScreen, NO_GUIDE } from './support/kit-screen';

// Its own server: a changed price would reprice the payout journeys that share the run's server.
const server = privateServer();
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));
test.describe.configure({ timeout: 120_000 });

test('SYS 把企业费率改为单人阶梯：编辑阶梯时即时校验并预览费用，保存后列表显示阶梯', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS, undefined, server.url);
  await page.goto(`${server.url}/ent/feeConfig`);
  const screen = kitScreen(page, 'entFeeConfig');
  await clickRowAction(page, '苏州工业园区宏远精密制造有限公司', '编辑', screen);
  const dialog = page.locator('.bp6-dialog', { hasText: '编辑企业费率' });
  await expect(dialog.locator('#kit-field-ratio')).toHaveValue('6.5000');

  await fillKitForm(page, { feePattern: '单人阶梯' });
  await expect(dialog.locator('#kit-field-ratio')).toHaveCount(0);
  const ladder = dialog.getByTestId('ladder-input');
  await ladder.getByLabel('第1档费率').fill('7');
  await ladder.getByRole('button', { name: '添加一档' }).click();
  await ladder.getByPlaceholder('起始金额').nth(1).fill('50000');
  await ladder.getByLabel('第2档费率').fill('6');
  // 100 000 元 this month: 50 000 × 7% + 50 000 × 6%, on top of the amount (外扣).
  await expect(dialog.getByTestId('fee-preview-total')).toHaveText('本月代发 100,000.00 元的服务费为 6,500.00 元，企业扣款 106,500.00 元，收款人实收 100,000.00 元');
  await dialog.locator('#fee-preview-amount').fill('30000');
  await expect(dialog.getByTestId('fee-preview-total')).toContainText('服务费为 2,100.00 元');

  // A second band that does not start above the first is refused by the engine's own rule.
  await ladder.getByPlaceholder('起始金额').nth(1).fill('0');
  await expect(ladder.getByTestId('ladder-error')).toHaveText('阶梯金额必须递增');
  await ladder.getByPlaceholder('起始金额').nth(1).fill('50000');
  await expect(ladder.getByTestId('ladder-error')).toHaveCount(0);

  await page.waitForTimeout(600); // 提交 ignores a second press within its 500 ms debounce
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  // The grid shortens long ladders; 详情 shows the whole display.
  await clickRowAction(page, '苏州工业园区宏远精密制造有限公司', '详情', kitScreen(page, 'entFeeConfig'));
  const details = page.locator('.bp6-dialog', { hasText: '详情' });
  await expect(details).toContainText('单人阶梯');
  await expect(details).toContainText('0 ~ 50,000 元：7%；50,000 元以上：6%');
});

test('ENT 按月统计只见本企业的服务费，表格上方的按月趋势画出有数据的月份；综合统计按月列出充值、代发与期末余额', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT, undefined, server.url);
  await page.goto(`${server.url}/ent/feeStats`);
  const screen = kitScreen(page, 'entFeeStats');
  await expect(screen.getByText('企业服务费(元)').first()).toBeVisible();
  await expect(screen.getByText('商户分润(元)')).toHaveCount(0);
  // The chart sits above the table by default (issue 22 item 11): canvas, totals in ¥.
  const chart = page.getByTestId('month-chart');
  await expect(chart.getByTestId('stats-chart').locator('canvas')).toBeVisible();
  await expect(chart.getByTestId('month-chart-totals')).toContainText(/¥[\d,]+\.\d{2}/);
  expect((await chart.boundingBox())!.y).toBeLessThan((await screen.boundingBox())!.y);

  await page.goto(`${server.url}/ent/stats`);
  const stats = kitScreen(page, 'entMonthStats');
  await expect(stats.getByText('期末余额(元)').first()).toBeVisible();
  await expect(stats.getByTestId('kit-summary')).toContainText('充值：¥');
  await expect(page.getByTestId('month-chart').getByTestId('stats-chart').locator('canvas')).toBeVisible();
});
