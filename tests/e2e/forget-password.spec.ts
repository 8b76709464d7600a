import { expect, test } from '@playwright/test';
import { privateServer } from './support/server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, signInAndWait } from './support/session';
import { kitScreen, listAnswer, NO_GUIDE } from './support/kit-screen';

// Its own server: the journey changes merchant01's password.
const server = privateServer();
test.describe.configure({ timeout: 120_000 });

test('忘记密码：短信验证码验证身份后设置新密码，旧密码失效、新密码可登录', async ({ page, browser }) => {
  await page.goto(`${server.url}/forgetPassword`);
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await page.getByLabel('用户名', { exact: true }).fill(DEMO_ACCOUNTS.MER);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('如该账号已绑定，验证码已发送，5分钟内有效')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();

  // The platform operator reads the message in 短信记录, as the demo's SMS provider only writes the outbox.
  const operator = await browser.newContext({ baseURL: server.url });
  await operator.addInitScript(NO_GUIDE);
  const sys = await operator.newPage();
  await signInAndWait(sys, DEMO_ACCOUNTS.SYS, undefined, server.url);
  await sys.goto(`${server.url}/smsOutbox`);
  await sys.locator('#kit-search-phone').fill('13816200003');
  const sent = await listAnswer(sys, 'smsOutbox/query', () => kitScreen(sys, 'smsOutbox').getByRole('button', { name: '查询', exact: true }).click());
  const code = /验证码为 (\d{6})/.exec(String(sent.records[0].content))![1];
  await operator.close();

  await page.getByLabel('验证码', { exact: true }).fill('000000');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('验证码错误')).toBeVisible();
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText(`为账号 ${DEMO_ACCOUNTS.MER} 设置新密码`)).toBeVisible();
  await page.getByLabel('新密码', { exact: true }).fill('Recover@2026');
  await page.getByLabel('确认密码', { exact: true }).fill('Recover@2026');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByTestId('forget-done')).toContainText('密码已重置');

  await page.getByRole('link', { name: '返回登录' }).first().click();
  await signIn(page, DEMO_ACCOUNTS.MER, DEMO_PASSWORD, `${server.url}/login`);
  await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
  await signInAndWait(page, DEMO_ACCOUNTS.MER, 'Recover@2026', server.url);
});
