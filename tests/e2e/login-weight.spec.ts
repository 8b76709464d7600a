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
 * page after sign-in needs is fetched and run once the form is usable, before the submit (item 3).
 */
function scriptsOf(page: Page): { urls: string[]; gzip: Array<Promise<[string, number]>> } {
  const seen = { urls: [] as string[], gzip: [] as Array<Promise<[string, number]>> };
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.urls.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url()).pathname;
    seen.gzip.push(response.body().then((body): [string, number] => [url, zlib.gzipSync(body, { level: 9 }).length], (): [string, number] => [url, 0]));
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

/** The page's own date for "the form is usable" (@flexpay/login's mark), and the scripts requested before it. */
async function scriptsBeforeUsable(page: Page): Promise<{ usableAt: number; urls: string[] }> {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('flexpay:login-usable').length)).toBe(1);
  return page.evaluate(() => {
    const usableAt = performance.getEntriesByName('flexpay:login-usable')[0].startTime;
    const urls = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= usableAt && new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname);
    return { usableAt, urls };
  });
}

/** The style sheets the page requested before the form was usable (by @flexpay/login's mark). */
const stylesheetsBeforeUsable = (page: Page) =>
  page.evaluate(() => {
    const usableAt = performance.getEntriesByName('flexpay:login-usable')[0].startTime;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= usableAt && new URL(entry.name).pathname.endsWith('.css'))
      .map((entry) => new URL(entry.name).pathname);
  });

/** When the page first requested each of `paths` (page clock), or undefined. */
const requestedAt = (page: Page, prefixes: string[]) =>
  page.evaluate((wanted) => {
    const entries = performance.getEntriesByType('resource');
    return Object.fromEntries(wanted.map((prefix) => [prefix, entries.find((entry) => new URL(entry.name).pathname.startsWith(prefix))?.startTime]));
  }, prefixes);

const AFTER_SIGN_IN = ['/apps/shared-utility/', '/apps/navbar-app/', '/apps/system-app/', '/shared/blueprintjs-core.js'];

test('登录页只加载登录所需模块（200 KB gzip 以内）；输入时预载加密模块', async ({ page }) => {
  expect(LOGIN_APP).toBe('login');
  const scripts = scriptsOf(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
  // What loaded before the form was usable, dated by the page (the page after sign-in starts loading right after).
  const { urls: usable } = await scriptsBeforeUsable(page);
  const bodies = await Promise.all(scripts.gzip);
  const gzipBeforeUsable = bodies.reduce((sum, [url, n]) => sum + (usable.includes(url) ? n : 0), 0);
  expect(usable.some((url) => url.startsWith(`/apps/${LOGIN_APP}/`))).toBe(true);
  for (const unwanted of NOT_ON_LOGIN) expect(usable.filter((url) => url.startsWith(unwanted))).toEqual([]);
  expect(gzipBeforeUsable).toBeGreaterThan(50 * 1024);
  expect(gzipBeforeUsable).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP);
  // Styles: the login module's subset of blueprint.css, not the 560 KB sheet, before the form is usable.
  const sheets = await stylesheetsBeforeUsable(page);
  expect(sheets).toEqual([`/apps/${LOGIN_APP}/flexpay-login.css`]);
  // The import map is in the page: SystemJS does not fetch it on the way to the form.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/import-map.json').length)).toBe(0);
  // The first captcha is asked for once, by the root config as it starts (before the login module runs).
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/captcha/create')).length)).toBe(1);
  // The route's own scripts are preloaded from the first byte of the page.
  const preloaded = await page.locator('link[rel="preload"][as="script"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(preloaded).toEqual(expect.arrayContaining(['/apps/root-config/flexpay-root-config.js', '/apps/login/flexpay-login.js']));
  const html = await (await page.request.get('/login')).text();
  expect(html).not.toMatch(/<link rel="preload" as="script" href="\/apps\/(navbar|system)-app\//);

  // Typing preloads the RSA module the sign-in call needs.
  expect(scripts.urls.includes('/shared/jsencrypt.js')).toBe(false);
  await page.getByLabel('用户名').fill(DEMO_ACCOUNTS.SYS);
  await expect.poll(() => scripts.urls.includes('/shared/jsencrypt.js')).toBe(true);
});

test('表单可用后、提交前，首页所需模块已加载并执行；登录应答直接交给会话，不再请求 loginInfo', async ({ page }) => {
  const api: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) api.push(pathname.replace('/api/admin/', ''));
  });
  await page.goto('/login');
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
  const { usableAt, urls } = await scriptsBeforeUsable(page);
  for (const prefix of AFTER_SIGN_IN) expect(urls.filter((url) => url.startsWith(prefix))).toEqual([]);
  // Nothing typed yet: in the idle time after the form showed, shared-utility, Blueprint, the navbar and
  // system-app are fetched and run (in SystemJS's registry), each requested after the form was usable.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const system = (window as unknown as { System: { has(id: string): boolean; resolve(id: string): string } }).System;
        return ['@flexpay/shared-utility', '@flexpay/navbar-app', '@flexpay/system-app', '@blueprintjs/core'].filter((id) => system.has(system.resolve(id)));
      }),
    )
    .toEqual(['@flexpay/shared-utility', '@flexpay/navbar-app', '@flexpay/system-app', '@blueprintjs/core']);
  // The whole of blueprint.css is fetched with them (a preload: the login page keeps its subset until the submit).
  // (normalize.css and root-config.css come inside the login page, in their places.)
  const sheets = () =>
    page
      .locator('link[rel="stylesheet"], style[data-flexpay-sheet]')
      .evaluateAll((nodes) => nodes.map((n) => (n instanceof HTMLLinkElement ? new URL(n.href).pathname : n.getAttribute('data-flexpay-sheet'))));
  await expect.poll(() => requestedAt(page, ['/vendor/blueprint.css']).then((at) => at['/vendor/blueprint.css'])).toBeGreaterThanOrEqual(usableAt);
  expect(await sheets()).toEqual(['/vendor/normalize.css', '/apps/login/flexpay-login.css', '/root-config.css']);
  const started = await requestedAt(page, AFTER_SIGN_IN);
  for (const prefix of AFTER_SIGN_IN) {
    expect(started[prefix], prefix).toBeDefined();
    expect(started[prefix]!, prefix).toBeGreaterThanOrEqual(usableAt);
  }
  // Still the login page: nothing of the signed-in suite drew itself.
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  await page.getByLabel('用户名').fill(DEMO_ACCOUNTS.SYS);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByLabel('验证码').fill('8888');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard').getByText('今日订单数')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // The whole sheet took the subset's place at the submit: the cascade of a signed-in page.
  expect(await sheets()).toEqual(['/vendor/normalize.css', '/vendor/blueprint.css', '/root-config.css']);
  // The sign-in's answer was the session: no second loginInfo round trip on the way to the dashboard.
  expect(api).toContain('user/login');
  expect(api).not.toContain('user/loginInfo');
  // …and the shell reads the user from it (the platform's name for a SYS account).
  await expect(page.getByTestId('organisation-name')).toHaveText('FlexPay 平台运营');
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
