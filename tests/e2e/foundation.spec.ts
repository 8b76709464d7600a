import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn, signInAndWait, type AccountKind } from './support/session';

/** The demo organisations of each account (api-server/src/demo/seed.ts); SYS shows the platform name. */
const ORGANISATION_OF: Record<AccountKind, string> = {
  SYS: 'FlexPay 平台运营',
  SPR: '海南云聚人力资源服务有限公司',
  MER: '上海启航商务咨询有限公司',
  ENT: '北京星辰物流有限公司',
};

for (const kind of Object.keys(DEMO_ACCOUNTS) as AccountKind[]) {
  test(`${kind} 账号登录后进入首页`, async ({ page }) => {
    await signInAndWait(page, DEMO_ACCOUNTS[kind]);
    await expect(page).toHaveTitle('首页 - FlexPay 管理后台');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('dashboard')).toContainText(ORGANISATION_OF[kind]);
  });
}

test('未登录访问受保护页面时带 redirect 跳转登录，登录后回到原页面', async ({ page }) => {
  await page.goto('/admin/index');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Findex$/);
  await signIn(page, DEMO_ACCOUNTS.SYS, undefined, page.url());
  await expect(page).toHaveURL(/\/admin\/index$/);
});

test('已登录用户打开 /login 会回到首页', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('未知路径显示 404 页面', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('页面不存在').first()).toBeVisible();
});

test('根路径跳转到首页', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.MER);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('错误的密码给出中文提示且停留在登录页', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.SPR, 'Wrong@Pass1');
  await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('水印显示用户名与机构名，被删除后一秒内恢复', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  const watermark = page.locator('#flexpay-watermark');
  await expect(watermark).toHaveCount(1);
  const background = await watermark.evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(background).toContain('data:image/png');
  expect(await watermark.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  const goneRightAfterRemoval = await page.evaluate(() => {
    document.getElementById('flexpay-watermark')!.remove();
    return document.getElementById('flexpay-watermark') === null;
  });
  expect(goneRightAfterRemoval).toBe(true);
  await expect(watermark).toHaveCount(1, { timeout: 1500 });
  await expect(watermark).toBeVisible();
  await page.evaluate(() => {
    document.getElementById('flexpay-watermark')!.style.display = 'none';
  });
  await expect(watermark).toBeVisible({ timeout: 1500 });
});

test('import-map-overrides 只为开启了 devtools 的浏览器加载，设置的覆盖地址生效', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('import-map-overrides')) asked.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByLabel('用户名')).toBeVisible();
  expect(asked).toEqual([]);
  expect(await page.evaluate(() => 'importMapOverrides' in window)).toBe(false);
  // An operator runs one app from elsewhere (README): the devtools flag and an override kept in localStorage.
  await page.evaluate(() => {
    localStorage.setItem('devtools', 'true');
    localStorage.setItem('import-map-override:@flexpay/tasks-app', '/tasks-app/override-probe.js');
  });
  await page.reload();
  await expect(page.getByLabel('用户名')).toBeVisible();
  expect(asked).toEqual(['/vendor/import-map-overrides.js']);
  const resolved = await page.evaluate(() => (window as unknown as { System: { resolve(id: string): string } }).System.resolve('@flexpay/tasks-app'));
  expect(new URL(resolved).pathname).toBe('/tasks-app/override-probe.js');
});
