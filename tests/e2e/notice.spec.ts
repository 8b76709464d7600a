import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({}, { unreadNotices: true });
});
test.afterAll(() => server.stop());
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.sessionStorage.setItem('delayShowGuide', '1'));
});

test('企业登录后弹出未读公告一次，铃铛里可再查看；商户看不到企业公告', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT, undefined, server.url);
  const dialog = page.getByRole('dialog', { name: '系统公告' });
  await expect(dialog).toContainText('开票资料核对提醒');
  await expect(dialog).toContainText('系统升级通知');
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('notice-badge')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.getByTestId('notice-bell').click();
  await expect(page.getByTestId('notice-panel')).toContainText('请各企业于月底前核对开票信息');
  await expect(dialog).toHaveCount(0);

  await page.context().clearCookies();
  await signInAndWait(page, DEMO_ACCOUNTS.MER, undefined, server.url);
  await expect(dialog).toContainText('系统升级通知');
  await expect(dialog).not.toContainText('开票资料核对提醒');
});
