import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
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

export interface PageFigures {
  coldLogin: number[];
  signInToDashboard: number[];
  firstAppVisit: number[];
  appSwitch: number[];
}

/** Each round uses a fresh browser context: no HTTP cache, no cookies — a cold start on loopback. */
export async function measurePages(baseUrl: string, rounds = 5): Promise<PageFigures> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const figures: PageFigures = { coldLogin: [], signInToDashboard: [], firstAppVisit: [], appSwitch: [] };
  try {
    for (let round = 0; round < rounds; round += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      figures.coldLogin.push(
        await timed(async () => {
          await page.goto(`${baseUrl}/login`);
          await page.getByRole('button', { name: '登录' }).waitFor();
          await page.getByTestId('captcha-image').locator('img').waitFor();
        }),
      );
      await fillLogin(page);
      figures.signInToDashboard.push(
        await timed(async () => {
          await page.getByRole('button', { name: '登录' }).click();
          await page.getByTestId('dashboard').getByText('今日订单数').waitFor();
          await page.getByTestId('sidebar').waitFor();
        }),
      );
      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByText('订单管理').click();
      figures.firstAppVisit.push(
        await timed(async () => {
          await sidebar.getByText('代发订单').click();
          await page.locator('#app-finance-app').getByText('代发订单').first().waitFor();
        }),
      );
      for (let switchRound = 0; switchRound < 4; switchRound += 1) {
        figures.appSwitch.push(
          await timed(async () => {
            await page.getByTestId('tab').filter({ hasText: '首页' }).click();
            await page.getByTestId('dashboard').getByText('今日订单数').waitFor();
          }),
        );
        figures.appSwitch.push(
          await timed(async () => {
            await page.getByTestId('tab').filter({ hasText: '代发订单' }).click();
            await page.locator('#app-finance-app').getByText('代发订单').first().waitFor();
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
