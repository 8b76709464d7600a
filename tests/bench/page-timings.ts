import zlib from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { followMenu, openGroup, tab } from '../e2e/support/navbar-helpers';
import { kitScreen } from '../e2e/support/kit-screen';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../e2e/support/session';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

async function fillLogin(page: Page): Promise<void> {
  await page.getByLabel('用户名').fill(DEMO_ACCOUNTS.SYS);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByLabel('验证码').fill('8888');
}

/** The screens the page steps wait for, found the way the e2e journeys find them (tests/e2e/support). */
const dashboard = (page: Page) => page.getByTestId('dashboard').getByText('今日订单数');
const payOrders = (page: Page) => kitScreen(page, 'payOrder').getByText(/共 \d+ 条/);

/** The JavaScript a page received: bytes on the wire (compressed as sent) and the gzip -9 size of each body. */
export interface ScriptBytes {
  count: number;
  transfer: number;
  gzip: number;
  urls: string[];
}

/**
 * Counts every script response of `page` from now on; `snapshot()` sums those answered so far. The bodies
 * and sizes are read in `snapshot()`, after the timed steps: reading them as they arrive put the probe's own
 * CDP round trips and gzip work on the two cores while the page it times was loading.
 */
function watchScripts(page: Page) {
  const seen: Response[] = [];
  const measured = new Map<Response, Promise<{ url: string; transfer: number; gzip: number } | null>>();
  const measure = async (response: Response) => {
    try {
      const body = await response.body();
      const sizes = await response.request().sizes();
      return { url: new URL(response.url()).pathname, transfer: sizes.responseBodySize, gzip: zlib.gzipSync(body, { level: 9 }).length };
    } catch {
      return null;
    }
  };
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') seen.push(response);
  });
  return {
    /** The scripts answered so far whose path passes `only` (all by default). */
    async snapshot(only: (path: string) => boolean = () => true): Promise<ScriptBytes> {
      for (const response of seen) if (!measured.has(response)) measured.set(response, measure(response));
      const all = (await Promise.all([...measured.values()])).filter((s): s is NonNullable<typeof s> => s !== null && only(s.url));
      return {
        count: all.length,
        transfer: all.reduce((sum, s) => sum + s.transfer, 0),
        gzip: all.reduce((sum, s) => sum + s.gzip, 0),
        urls: all.map((s) => s.url),
      };
    },
  };
}

export interface PageFigures {
  coldLogin: number[];
  signInToDashboard: number[];
  firstAppVisit: number[];
  appSwitch: number[];
  /** The scripts loaded until the login form was usable, per round. */
  loginScripts: ScriptBytes[];
  /** The shared dependencies (/shared/) loaded from the cold start until the dashboard showed, per round. */
  sharedAtStart: ScriptBytes[];
}

/** Each round uses a fresh browser context: no HTTP cache, no cookies — a cold start on loopback. */
export async function measurePages(baseUrl: string, rounds = 5): Promise<PageFigures> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const figures: PageFigures = { coldLogin: [], signInToDashboard: [], firstAppVisit: [], appSwitch: [], loginScripts: [], sharedAtStart: [] };
  try {
    for (let round = 0; round < rounds; round += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const scripts = watchScripts(page);
      figures.coldLogin.push(
        await timed(async () => {
          await page.goto(`${baseUrl}/login`);
          await page.getByRole('button', { name: '登录' }).waitFor();
          await page.getByTestId('captcha-image').locator('img').waitFor();
        }),
      );
      // What was requested before the form was usable, dated by the page's own mark: right after it, the
      // page after sign-in starts loading (issue 24 item 3), and those scripts are not the login page's.
      await page.waitForFunction(() => performance.getEntriesByName('flexpay:login-usable').length > 0);
      const beforeUsable = new Set(
        await page.evaluate(() => {
          const usableAt = performance.getEntriesByName('flexpay:login-usable')[0].startTime;
          return performance.getEntriesByType('resource').filter((entry) => entry.startTime <= usableAt).map((entry) => new URL(entry.name).pathname);
        }),
      );
      figures.loginScripts.push(await scripts.snapshot((path) => beforeUsable.has(path)));
      await fillLogin(page);
      figures.signInToDashboard.push(
        await timed(async () => {
          await page.getByRole('button', { name: '登录' }).click();
          await dashboard(page).waitFor();
          await page.getByTestId('sidebar').waitFor();
        }),
      );
      figures.sharedAtStart.push(await scripts.snapshot((path) => path.startsWith('/shared/')));
      await openGroup(page, '订单管理');
      figures.firstAppVisit.push(
        await timed(async () => {
          await followMenu(page, '订单管理', '代发订单');
          await payOrders(page).waitFor();
        }),
      );
      for (let switchRound = 0; switchRound < 4; switchRound += 1) {
        figures.appSwitch.push(
          await timed(async () => {
            await tab(page, '/dashboard').click();
            await dashboard(page).waitFor();
          }),
        );
        figures.appSwitch.push(
          await timed(async () => {
            await tab(page, '/order/index').click();
            await payOrders(page).waitFor();
          }),
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
