import { expect, test, type Page } from '@playwright/test';
import { NO_GUIDE } from './support/kit-screen';
import { type AccountKind, DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 22 item 11: each account type's dashboard (1280 × 720) — ENT's channel balances and to-dos,
 * the platform's and a supplier's approval queue opening its lists filtered to those rows and today's
 * channel health, a merchant's profit and sub-merchants — and the 30-day trend drawn by ECharts on
 * canvas with an axis tooltip, following the window's size. Figures are only checked for their form:
 * other journeys move orders on the shared server.
 */
const MONEY = /¥-?\d{1,3}(,\d{3})*\.\d\d/;
const SHOTS = process.env.FLEXPAY_DASHBOARD_SHOTS;

async function open(page: Page, kind: AccountKind) {
  await page.context().addInitScript(NO_GUIDE);
  await signInAndWait(page, DEMO_ACCOUNTS[kind]);
  // The bench waits for this figure on every account's dashboard.
  await expect(page.getByTestId('dashboard').getByText('今日订单数')).toBeVisible();
}

/** The trend: a canvas that follows the window, and an axis tooltip in money on hover. */
async function checkTrend(page: Page, series: string[]) {
  const chart = page.getByTestId('dashboard-trend');
  const canvas = chart.locator('canvas');
  await expect(canvas).toBeVisible();
  const before = (await canvas.boundingBox())!.width;
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(before + 20);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const box = (await chart.boundingBox())!;
  // Over the last days (inside the plot): the axis tooltip lists every series in money.
  await chart.hover({ position: { x: box.width - 60, y: box.height / 2 } });
  await chart.hover({ position: { x: box.width - 50, y: box.height / 2 + 10 } });
  expect(errors).toEqual([]);
  for (const name of series) await expect(chart).toContainText(name);
  await expect(chart).toContainText(MONEY);
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function shoot(page: Page, kind: AccountKind) {
  if (!SHOTS) return;
  for (const [width, height] of [[1440, 900], [1280, 720]]) {
    await page.setViewportSize({ width, height });
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/dashboard-${kind}-${width}.png`, fullPage: true });
  }
}

test.use({ viewport: { width: 1280, height: 720 } });

test('ENT 首页：各通道余额卡（可用/锁定/透支额度）带充值与上传制单，待办打开筛选后的列表，本月代发与服务费，近30天趋势', async ({ page }) => {
  await open(page, 'ENT');
  const card = page.getByTestId('account-1');
  await expect(card).toContainText('网银通道A');
  await expect(page.getByTestId('account-1-available')).toHaveText(MONEY);
  await expect(page.getByTestId('account-1-locked')).toHaveText(MONEY);
  await expect(card).toContainText('透支额度');
  await expect(page.getByTestId('stat-monthPaidAmount')).toContainText(MONEY);
  await expect(page.getByTestId('stat-monthFee')).toContainText(MONEY);
  await expect(page.getByTestId('todo-tempRejected')).toContainText('驳回的制单');
  await expect(page.getByTestId('todo-tempToPay')).toContainText('待确认支付');
  await expect(page.getByTestId('todo-rechargeRefused')).toContainText('审核失败的充值');
  await checkTrend(page, ['代发金额', '服务费']);
  await shoot(page, 'ENT');

  // 审核失败的充值 opens 充值申请 on its tab: every row shown is a refused recharge.
  await page.getByTestId('todo-part-rechargeRefused').click();
  await expect(page).toHaveURL(/\/ent\/addBal\?tab=11$/);
  await expect(page.getByRole('tab', { selected: true })).toContainText('审核失败');
  const statuses = page.getByTestId('screen-balanceApply').locator('.fp-grid tbody .fp-tag');
  await expect(statuses.first()).toHaveText('审核失败');
  for (const text of await statuses.allTextContents()) expect(text).toBe('审核失败');

  await page.goto('/dashboard');
  await card.getByRole('button', { name: '上传制单' }).click();
  await expect(page).toHaveURL(/\/order\/prodOrder$/);
  await page.goto('/dashboard');
  await card.getByRole('button', { name: '充值' }).click();
  await expect(page).toHaveURL(/\/ent\/addBal$/);
});

for (const kind of ['SYS', 'SPR'] as const) {
  test(`${kind} 首页：审批队列各项打开筛选后的列表，今日通道情况，近30天代发与服务费趋势`, async ({ page }) => {
    await open(page, kind);
    const queue = page.getByTestId('dashboard-todos');
    for (const title of ['制单审核', '充值审核与到账', '退款', '开票', '任务包审核']) await expect(queue).toContainText(title);
    await expect(page.getByTestId('channel-health')).toBeVisible();
    await checkTrend(page, ['代发金额', '服务费']);
    await shoot(page, kind);

    // 充值 待审核 opens 充值申请 on the 已提交待审核 tab, and the count is the list's.
    const part = page.getByTestId('todo-part-rechargeReview');
    const count = Number(await part.locator('.fp-dash__todo-count').textContent());
    await part.click();
    await expect(page).toHaveURL(/\/ent\/addBal\?tab=0$/);
    await expect(page.getByRole('tab', { selected: true })).toContainText('已提交待审核');
    await expect(page.getByTestId('screen-balanceApply').getByText(`共 ${count} 条`)).toBeVisible();

    await page.goto('/dashboard');
    await page.getByTestId('todo-part-tempReview').click();
    await expect(page).toHaveURL(/\/order\/prodOrder\?tab=20$/);
    await expect(page.getByRole('tab', { selected: true })).toContainText('待审核');
  });
}

test('MER 首页：本月企业代发与分润、子商户代发、近30天趋势', async ({ page }) => {
  await open(page, 'MER');
  await expect(page.getByTestId('merchant-volume')).toContainText(MONEY);
  await expect(page.getByTestId('merchant-own')).toContainText(MONEY);
  await expect(page.getByTestId('merchant-profit')).toContainText(MONEY);
  await expect(page.getByTestId('merchant-subs')).toBeVisible();
  await expect(page.getByTestId('dashboard-todos')).toHaveCount(0);
  await checkTrend(page, ['代发金额']);
  await shoot(page, 'MER');
});
