import { expect, type Locator, type Page, test } from '@playwright/test';
import { NO_GUIDE } from './support/kit-screen';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, failOnCspViolation } from './support/session';

/**
 * Issue 27: a keyboard-only journey (no click, no mouse): sign in, open 代发订单 from the sidebar,
 * filter, open a row's 详情 and close it with Escape — focus coming back to the row's button.
 * The e2e server runs with FLEXPAY_CAPTCHA=off, so any captcha text is accepted (support/server.ts).
 */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1280, height: 720 } });

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `按 ${max} 次 ${key} 仍未到达`).toBeFocused();
}

test('只用键盘：登录、从侧边栏打开代发订单、筛选、打开详情并用 Esc 关闭', async ({ page }) => {
  failOnCspViolation(page);
  await page.addInitScript(NO_GUIDE);
  await page.goto('/login');

  // The user name field has focus on arrival; Tab moves through the form, Enter submits.
  const username = page.getByLabel('用户名');
  await expect(username).toBeFocused();
  await page.keyboard.type(DEMO_ACCOUNTS.SYS);
  await tabTo(page, page.getByLabel('密码'), 5);
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, page.getByLabel('验证码'), 5);
  await page.keyboard.type('8888');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // The skip link is the page's first stop: Shift+Tab back from where the login form was reaches it, shown
  // while focused. Then the sidebar: Tab to 订单管理, Enter opens it, ↓ to 代发订单, Enter follows.
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await tabTo(page, skip, 80, 'Shift+Tab');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const sidebar = page.getByTestId('sidebar');
  const group = sidebar.getByRole('button', { name: '订单管理' });
  await tabTo(page, group, 30);
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const payOrders = sidebar.getByRole('link', { name: '代发订单' });
  for (let i = 0; i < 5 && !(await payOrders.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(payOrders).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/index$/);
  const screen = page.getByTestId('screen-payOrder');
  await expect(screen.getByText(/共 \d+ 条/)).toBeVisible();

  // 跳到主要内容 puts focus on the screen; Tab reaches the 订单编号 filter; Enter searches.
  await tabTo(page, skip, 80, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-region')).toBeFocused();
  const orderNo = page.locator('#kit-search-orderNo');
  await tabTo(page, orderNo, 20);
  await page.keyboard.type('PO00000003');
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/') && r.url().includes('/list'));
  await page.keyboard.press('Enter');
  await answer;
  await expect(page).toHaveURL(/orderNo=PO00000003/);
  await expect(screen.getByText('共 1 条')).toBeVisible();

  // Tab to the row's 详情, Enter opens it with focus inside; Escape closes and focus returns to 详情.
  const detailButton = screen.locator('.fp-grid tbody tr').first().getByRole('button', { name: '详情' });
  await tabTo(page, detailButton, 80);
  await page.keyboard.press('Enter');
  const dialog = page.locator('.bp6-dialog', { has: page.getByTestId('kit-detail') });
  await expect(dialog.getByText('PO00000003', { exact: true })).toBeVisible();
  // Blueprint focuses the dialog's container on opening; Tab keeps focus inside the overlay (the trap).
  const overlay = page.locator('div.bp6-overlay.bp6-overlay-open', { has: dialog });
  const focusInside = () => overlay.evaluate((el) => el.contains(document.activeElement));
  expect(await focusInside()).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(detailButton).toBeFocused();
});
