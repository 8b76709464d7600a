import { expect, test, type Locator, type Page } from '@playwright/test';
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

/** Slide pictures already answered (each allows one try). */
function spentSlides(): number {
  const db = openServerDatabase(server.dataDir);
  try {
    return (db.prepare(`SELECT count(*) AS n FROM captcha WHERE answer LIKE 'slide:%' AND "usedAt" IS NOT NULL`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const pause = (page: Page, min: number, max: number) => page.waitForTimeout(min + Math.round(Math.random() * (max - min)));

/**
 * Drags the slider's handle to `target` the way a person does (the server reads the trace, issue 21
 * item 7): fast at first and slowing down, in uneven steps with pauses, past the gap a little and
 * back, correcting until the handle shows the target, then lets go.
 */
async function humanDrag(page: Page, slide: Locator, target: number): Promise<void> {
  const handle = slide.getByLabel('拖动滑块完成拼图');
  // The server stores a new picture before the page shows it; the handle stays disabled until it does.
  await expect(handle).toBeEnabled();
  const box = (await handle.boundingBox())!;
  const track = (await slide.locator('.bp6-slider-track').boundingBox())!;
  const max = Number(await handle.getAttribute('aria-valuemax'));
  const perValue = track.width / max;
  const y = box.y + box.height / 2;
  const startX = box.x + box.width / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const overshoot = target + 3;
  const steps = 16;
  for (let i = 1; i <= steps; i += 1) {
    const eased = 1 - (1 - i / steps) ** 3;
    await page.mouse.move(startX + overshoot * perValue * eased, y + (Math.random() - 0.5) * 4);
    await pause(page, i > steps - 4 ? 60 : 15, i > steps - 4 ? 120 : 45);
  }
  const valueNow = async () => Number(await handle.getAttribute('aria-valuenow'));
  let x = startX + overshoot * perValue;
  for (let tries = 0; tries < 12 && (await valueNow()) !== target; tries += 1) {
    x += (target - (await valueNow())) * perValue * 0.8 || Math.sign(target - (await valueNow()));
    await page.mouse.move(x, y);
    await pause(page, 80, 160);
  }
  await page.mouse.up();
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
  // Moving the handle in one straight jump (a click on the track) is refused and brings a new picture.
  const track = (await slide.locator('.bp6-slider-track').boundingBox())!;
  const handle = slide.getByLabel('拖动滑块完成拼图');
  const max = Number(await handle.getAttribute('aria-valuemax'));
  await page.mouse.click(track.x + (track.width * gap) / max, track.y + track.height / 2);
  await expect.poll(spentSlides).toBe(1);
  await expect(page.getByTestId('slide-passed')).toHaveCount(0);
  await expect.poll(slideGap).not.toBeNull();

  await humanDrag(page, slide, slideGap()!);
  await expect(page.getByTestId('slide-passed')).toBeVisible();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
