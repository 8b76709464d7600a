import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { appForPath } from '../../shared-utility/src/pure/routes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/session';

/**
 * Issue 24 items 2–3: the login page loads what signing in needs and nothing of the signed-in suite. By
 * the route table /login belongs to the app 'login' (the import-map module @flexpay/login) and shows no
 * navbar, so system-app, shared-utility, the navbar and the other apps, Blueprint's script, React Router,
 * RxJS, axios — and the on-demand modules (SheetJS, ECharts, pinyin, the RSA module before anything is
 * typed) — are not loaded, and the JavaScript before the form is usable stays under 200 KB gzip. What the
 * page after sign-in needs starts loading with the sign-in (preload links), not after it.
 */
function scriptsOf(page: Page): { urls: string[]; gzip: Array<Promise<number>> } {
  const seen = { urls: [] as string[], gzip: [] as Array<Promise<number>> };
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.urls.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    seen.gzip.push(response.body().then((body) => zlib.gzipSync(body, { level: 9 }).length, () => 0));
  });
  return seen;
}

const LOGIN_APP = appForPath('/login');
/** Every @flexpay module but the root config and the route's own app, and the vendor modules only the suite uses. */
const NOT_ON_LOGIN = [
  ...['navbar-app', 'system-app', 'finance-app', 'people-app', 'tasks-app', 'shared-utility'].filter((app) => app !== LOGIN_APP).map((app) => `/apps/${app}/`),
  '/shared/blueprintjs-core.js',
  '/shared/blueprintjs-icons.js',
  '/shared/blueprintjs-table.js',
  '/shared/react-router-dom.js',
  '/shared/rxjs.js',
  '/shared/axios.js',
  '/shared/xlsx.js',
  '/shared/echarts.js',
  '/shared/pinyin-pro.js',
  '/shared/jsencrypt.js',
];
const LOGIN_BUDGET_GZIP = 200 * 1024;

test('登录页只加载登录所需模块（200 KB gzip 以内）；输入时预载加密模块，提交时预载首页所需模块', async ({ page }) => {
  expect(LOGIN_APP).toBe('login');
  const scripts = scriptsOf(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
  const usable = [...scripts.urls];
  const gzipBeforeUsable = (await Promise.all(scripts.gzip)).reduce((sum, n) => sum + n, 0);
  expect(usable.some((url) => url.startsWith(`/apps/${LOGIN_APP}/`))).toBe(true);
  for (const unwanted of NOT_ON_LOGIN) expect(usable.filter((url) => url.startsWith(unwanted))).toEqual([]);
  expect(gzipBeforeUsable).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP);
  // The route's own scripts are preloaded from the first byte of the page.
  const preloaded = await page.locator('link[rel="preload"][as="script"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(preloaded).toEqual(expect.arrayContaining(['/apps/root-config/flexpay-root-config.js', '/apps/login/flexpay-login.js']));
  expect(preloaded.some((href) => href?.startsWith('/apps/navbar-app/') || href?.startsWith('/apps/system-app/'))).toBe(false);

  // Typing preloads the RSA module the sign-in call needs.
  await page.getByLabel('用户名').fill(DEMO_ACCOUNTS.SYS);
  await expect.poll(() => scripts.urls.includes('/shared/jsencrypt.js')).toBe(true);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByLabel('验证码').fill('8888');

  // Submitting preloads the navbar and system-app together with the sign-in call; the dashboard then shows.
  const requestedAt: Record<string, number> = {};
  let signedInAt = 0;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    for (const app of ['navbar-app', 'system-app', 'shared-utility']) if (!requestedAt[app] && path.startsWith(`/apps/${app}/`)) requestedAt[app] = Date.now();
  });
  page.on('response', (response) => {
    if (!signedInAt && response.url().includes('/api/admin/user/login')) signedInAt = Date.now();
  });
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(signedInAt).toBeGreaterThan(0);
  // Requested before the sign-in's answer came back, not after the dashboard route started.
  for (const app of ['navbar-app', 'system-app', 'shared-utility']) {
    expect(requestedAt[app], app).toBeGreaterThan(0);
    expect(requestedAt[app], app).toBeLessThanOrEqual(signedInAt);
  }
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('登录页之间的链接不重新加载页面，浏览器后退回到上一页', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/forgetPassword$/);
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await expect(page).toHaveTitle('忘记密码 - FlexPay 管理后台');
  await page.getByRole('link', { name: '联系我们' }).click();
  await expect(page.getByText('平台运营服务时间为工作日')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
});
