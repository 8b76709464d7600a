import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

test.beforeEach(async ({ context }) => {
  // The first-time guide is not under test here.
  await context.addInitScript(() => window.sessionStorage.setItem('delayShowGuide', '1'));
});

test('Ctrl+K 按拼音首字母找到代发订单，按单号找到订单并跳转', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  // The shortcut works once the navbar has mounted.
  await expect(page.getByTestId('palette-button')).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  const input = palette.getByRole('textbox');
  await expect(input).toBeFocused();

  await input.fill('dfdd');
  await expect(palette.getByTestId('palette-item').first()).toContainText('代发订单');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/order\/index$/);
  await expect(palette).toBeHidden();

  await page.getByTestId('palette-button').click();
  await input.fill('PO00000003');
  const hit = palette.getByTestId('palette-item').filter({ hasText: 'PO00000003' });
  await expect(hit).toContainText('代发订单 · 深圳蓝海电子商务有限公司');
  await hit.click();
  await expect(page).toHaveURL(/\/order\/index\?orderNo=PO00000003$/);
});

test('企业账号的快速跳转只有自己的菜单和记录', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT);
  await expect(page.getByTestId('palette-button')).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  // 税源地 (syd) is a platform screen.
  await palette.getByRole('textbox').fill('syd');
  await expect(palette.getByText('没有找到匹配的菜单或记录')).toBeVisible();
  await palette.getByRole('textbox').fill('dfdd');
  await expect(palette.getByTestId('palette-item')).toHaveText(['代发订单订单管理']);
  // PO00000015 belongs to another enterprise.
  await palette.getByRole('textbox').fill('PO00000015');
  await expect(palette.getByText('没有找到匹配的菜单或记录')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});
