import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/session';

/**
 * Issue 24: the login page loads what signing in needs and nothing of the signed-in suite: by the route
 * table /login belongs to system-app and shows no navbar, so the navbar and the other apps — and the
 * on-demand modules (SheetJS, ECharts, pinyin, the RSA module before anything is typed) — are not loaded.
 * What the page after sign-in needs starts loading with the sign-in (preload links), not after it.
 */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

const NOT_ON_LOGIN = [
  '/apps/navbar-app/',
  '/apps/finance-app/',
  '/apps/people-app/',
  '/apps/tasks-app/',
  '/shared/xlsx.js',
  '/shared/echarts.js',
  '/shared/pinyin-pro.js',
  '/shared/blueprintjs-table.js',
  '/shared/jsencrypt.js',
];

test('登录页只加载登录所需模块；输入时预载加密模块，提交时预载首页所需模块', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
  expect(scripts.some((url) => url.startsWith('/apps/system-app/'))).toBe(true);
  for (const unwanted of NOT_ON_LOGIN) expect(scripts.filter((url) => url.startsWith(unwanted))).toEqual([]);
  // The route's own scripts are preloaded from the first byte of the page.
  const preloaded = await page.locator('link[rel="preload"][as="script"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(preloaded).toEqual(expect.arrayContaining(['/apps/root-config/flexpay-root-config.js', '/apps/system-app/flexpay-system-app.js']));
  expect(preloaded.some((href) => href?.startsWith('/apps/navbar-app/'))).toBe(false);

  // Typing preloads the RSA module the sign-in call needs.
  await page.getByLabel('用户名').fill(DEMO_ACCOUNTS.SYS);
  await expect.poll(() => scripts.includes('/shared/jsencrypt.js')).toBe(true);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByLabel('验证码').fill('8888');

  // Submitting preloads the navbar together with the sign-in call; the dashboard then shows.
  let navbarAt = 0;
  let signedInAt = 0;
  page.on('request', (request) => {
    if (!navbarAt && new URL(request.url()).pathname.startsWith('/apps/navbar-app/')) navbarAt = Date.now();
  });
  page.on('response', (response) => {
    if (!signedInAt && response.url().includes('/api/admin/user/login')) signedInAt = Date.now();
  });
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(navbarAt).toBeGreaterThan(0);
  expect(signedInAt).toBeGreaterThan(0);
  // Requested before the sign-in's answer came back, not after the dashboard route started.
  expect(navbarAt).toBeLessThanOrEqual(signedInAt);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
});
