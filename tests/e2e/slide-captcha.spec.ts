import { expect, test } from '@playwright/test';
import { openServerDatabase } from './support/database';
import { startServer, type RunningServer } from './support/server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/session';

let server: RunningServer;
test.afterEach(async () => server?.stop());

/** Where the gap of the newest slide picture is: what a person sees in the image. */
function slideGap(): number | null {
  const db = openServerDatabase(server.dataDir);
  try {
    const row = db.prepare(`SELECT answer FROM captcha WHERE answer LIKE 'slide:%' AND "usedAt" IS NULL ORDER BY "createdAt" DESC LIMIT 1`).get() as { answer: string } | undefined;
    return row ? Number(row.answer.slice('slide:'.length)) : null;
  } finally {
    db.close();
  }
}

test('两次登录失败后改为滑块验证：拖到缺口处验证通过后方可登录', async ({ page }) => {
  server = await startServer({ FLEXPAY_CAPTCHA: 'on' });
  await page.goto(`${server.url}/login`);
  for (let i = 0; i < 2; i += 1) {
    await page.getByLabel('用户名').fill(DEMO_ACCOUNTS.ENT);
    await page.getByLabel('密码').fill('Wrong@Pass1');
    await page.getByLabel('验证码').fill('zzzz');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('验证码错误或已过期').first()).toBeVisible();
  }
  const slide = page.getByTestId('slide-captcha');
  await expect(slide).toBeVisible();
  await expect(page.getByLabel('验证码')).toHaveCount(0);

  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请完成滑块验证')).toBeVisible();

  await expect.poll(slideGap).not.toBeNull();
  const gap = slideGap()!;
  const handle = slide.getByLabel('拖动滑块完成拼图');
  await handle.focus();
  for (let i = 0; i < gap; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('slide-passed')).toBeVisible();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
