import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Flexpay@2026';
export const DEMO_ACCOUNTS = {
  SYS: 'sysadmin',
  SPR: 'supplier01',
  MER: 'merchant01',
  ENT: 'enterprise01',
} as const;
export type AccountKind = keyof typeof DEMO_ACCOUNTS;

const watchedForCsp = new WeakSet<Page>();

/**
 * Fails the running test (softly, so the journey still finishes) on any Content-Security-Policy
 * violation the browser reports: the e2e server sends the production headers (issue 21 item 8).
 */
export function failOnCspViolation(page: Page): void {
  if (watchedForCsp.has(page)) return;
  watchedForCsp.add(page);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) expect.soft(message.text(), '页面违反了内容安全策略（CSP）').toBe('');
  });
}

/** Signs in through the login page the way an operator does (the e2e server accepts any captcha). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, path = '/login'): Promise<void> {
  failOnCspViolation(page);
  await page.goto(path);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByLabel('验证码').fill('8888');
  await page.getByRole('button', { name: '登录' }).click();
}

/** `baseUrl` targets a private server started by the test; empty means the run's shared server. */
export async function signInAndWait(page: Page, username: string, password = DEMO_PASSWORD, baseUrl = ''): Promise<void> {
  await signIn(page, username, password, `${baseUrl}/login`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
}
