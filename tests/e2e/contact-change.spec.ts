import { expect, test } from '@playwright/test';
import { openServerDatabase } from './support/database';
import { NO_GUIDE } from './support/kit-screen';
import { startServer, type RunningServer } from './support/server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInAndWait } from './support/session';

// Its own server: the journey changes supplier01's phone.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(() => server?.stop());
test.describe.configure({ timeout: 120_000 });

const OLD_PHONE = '13907550001';
const NEW_PHONE = '13755550123';

/** Messages of the demo SMS provider (the outbox) to one number, newest first. */
function smsTo(phone: string): string[] {
  const db = openServerDatabase(server.dataDir);
  try {
    return (db.prepare('SELECT content FROM sms_outbox WHERE phone = ? ORDER BY id DESC').all(phone) as Array<{ content: string }>).map((r) => r.content);
  } finally {
    db.close();
  }
}

test('个人设置更换手机号：验证码发到新号码，需当前密码，原号码收到通知', async ({ page }) => {
  await page.addInitScript(NO_GUIDE);
  await signInAndWait(page, DEMO_ACCOUNTS.SPR, DEMO_PASSWORD, server.url);
  await page.goto(`${server.url}/editAdmin`);
  // The profile form shows the phone read-only; it changes only below, with proof.
  await expect(page.locator('#kit-field-phone')).toHaveValue(OLD_PHONE);
  await expect(page.locator('#kit-field-phone')).toHaveAttribute('readonly', '');
  const section = page.getByTestId('contact-change');
  await section.getByLabel('新手机号').fill(OLD_PHONE);
  await section.getByRole('button', { name: '发送验证码' }).click();
  await expect(section.getByText('新手机号与当前手机号相同')).toBeVisible();

  await section.getByLabel('新手机号').fill(NEW_PHONE);
  await section.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('验证码已发送至新手机号，5分钟内有效')).toBeVisible();
  await expect(section.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await expect.poll(() => smsTo(NEW_PHONE).length).toBe(1);
  const code = /验证码为 (\d{6})/.exec(smsTo(NEW_PHONE)[0])![1];

  // No password: refused in the form; a wrong one: refused by the server, nothing changed.
  await section.getByLabel('验证码').fill(code);
  await section.getByRole('button', { name: '确认更换手机号' }).click();
  await expect(section.getByText('请输入当前密码')).toBeVisible();
  await section.getByLabel('当前密码').fill('Wrong@2026x');
  await section.getByRole('button', { name: '确认更换手机号' }).click();
  await expect(page.getByText('当前密码错误')).toBeVisible();
  await expect(page.locator('#kit-field-phone')).toHaveValue(OLD_PHONE);

  await section.getByLabel('当前密码').fill(DEMO_PASSWORD);
  await section.getByRole('button', { name: '确认更换手机号' }).click();
  await expect(page.getByText('手机号已更换，原手机号已收到变更通知')).toBeVisible();
  await expect(page.locator('#kit-field-phone')).toHaveValue(NEW_PHONE);
  expect(smsTo(OLD_PHONE)[0]).toContain(`您的账号 ${DEMO_ACCOUNTS.SPR} 绑定的手机号已更换为 137****0123`);

  // The rest of the profile still saves on its own.
  await page.locator('#kit-field-name').fill('陈晓东二');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('没有更改')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('#kit-field-name')).toHaveValue('陈晓东二');
  await expect(page.locator('#kit-field-phone')).toHaveValue(NEW_PHONE);
});
