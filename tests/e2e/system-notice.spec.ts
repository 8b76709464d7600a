import { expect, test } from '@playwright/test';
import { privateServer } from './support/server';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { clickRowAction, fillKitForm, kitScreen, listAnswer, NO_GUIDE } from './support/kit-screen';

// Its own server: the new notice would pop up in every other journey that signs in as an enterprise.
const server = privateServer();
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));
test.describe.configure({ timeout: 120_000 });

test('供应商发布企业公告：本供应商的企业登录后看到，商户看不到；下线后消失；操作日志记下发布', async ({ page }) => {
  const title = `结算账户变更通知${Date.now().toString(36).slice(-4)}`;
  await signInAndWait(page, DEMO_ACCOUNTS.SPR, undefined, server.url);
  await page.goto(`${server.url}/notice`);
  const screen = kitScreen(page, 'notice');
  await expect(screen.getByText('共 2 条')).toBeVisible();
  await screen.getByRole('button', { name: '新增' }).click();
  await fillKitForm(page, { title, content: '自本月起结算账户变更为新账户，请各企业留意到账信息。', target: '企业' });
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(screen.getByText(title)).toBeVisible();
  await expect(screen.getByText('共 3 条')).toBeVisible();

  await page.context().clearCookies();
  await signInAndWait(page, DEMO_ACCOUNTS.ENT, undefined, server.url);
  const popup = page.getByRole('dialog', { name: '系统公告' });
  await expect(popup).toContainText(title);
  await popup.getByRole('button', { name: '我知道了' }).click();

  await page.context().clearCookies();
  await signInAndWait(page, DEMO_ACCOUNTS.MER, undefined, server.url);
  await page.getByTestId('notice-bell').click();
  await expect(page.getByTestId('notice-panel')).toBeVisible();
  await expect(page.getByTestId('notice-panel')).not.toContainText(title);

  // Taken down by its publisher, it leaves the enterprise's bell.
  await page.context().clearCookies();
  await signInAndWait(page, DEMO_ACCOUNTS.SPR, undefined, server.url);
  await page.goto(`${server.url}/notice`);
  await clickRowAction(page, title, '编辑', kitScreen(page, 'notice'));
  await fillKitForm(page, { status: '已下线' });
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();

  await page.context().clearCookies();
  await signInAndWait(page, DEMO_ACCOUNTS.ENT, undefined, server.url);
  await page.getByTestId('notice-bell').click();
  await expect(page.getByTestId('notice-panel')).toBeVisible();
  await expect(page.getByTestId('notice-panel')).not.toContainText(title);

  // The platform's operation log shows who published it and who took it down.
  await page.context().clearCookies();
  await signInAndWait(page, DEMO_ACCOUNTS.SYS, undefined, server.url);
  await page.goto(`${server.url}/admin/auditLog`);
  const log = kitScreen(page, 'auditLog');
  await page.locator('#kit-search-operatorAccount').fill(DEMO_ACCOUNTS.SPR);
  const answer = await listAnswer(page, 'auditLog/query', () => log.getByRole('button', { name: '查询', exact: true }).click());
  expect(answer.records.filter((r) => r.entityTitle === '系统公告').map((r) => r.actionLabel)).toEqual(expect.arrayContaining(['新增', '修改']));
  await expect(page).toHaveURL(/operatorAccount=supplier01/);
  await expect(log.getByText('状态：已发布 → 已下线')).toBeVisible();
});

test('短信记录只对平台开放，按短信类型筛选', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS, undefined, server.url);
  await page.goto(`${server.url}/smsOutbox`);
  const screen = kitScreen(page, 'smsOutbox');
  await expect(screen.getByText('共 5 条')).toBeVisible();
  await page.locator('#kit-search-smsType').selectOption({ label: '充值通知' });
  const answer = await listAnswer(page, 'smsOutbox/query', () => screen.getByRole('button', { name: '查询', exact: true }).click());
  expect(answer.records.map((r) => r.smsType)).toEqual([100]);
  await expect(screen.getByText('共 1 条')).toBeVisible();

  await page.context().clearCookies();
  await signInAndWait(page, DEMO_ACCOUNTS.SPR, undefined, server.url);
  await expect(page.getByTestId('sidebar').getByText('短信记录', { exact: true })).toHaveCount(0);
});
