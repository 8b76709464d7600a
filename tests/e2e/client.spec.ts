import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { clickRowAction, fillKitForm, kitScreen, NO_GUIDE } from './support/kit-screen';

const RUN = Date.now().toString(36).slice(-5);

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));

test('SYS 新建客户端，重置密钥只显示一次，授权商户及其一个企业', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  const name = `对接测试${RUN}`;
  await page.goto('/client/index');
  await kitScreen(page, 'client').getByRole('button', { name: '新增' }).click();
  const drawer = page.locator('.bp6-drawer');
  await fillKitForm(page, { clientName: name, signType: 'MD5', encryptMode: 'RSA签名+AES加密', ipWhitelist: '127.0.0.1\n203.0.113.0/24' });
  await drawer.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('签名方式与加密模式不匹配')).toBeVisible();
  const created = page.waitForResponse((r) => r.url().includes('/api/admin/client/mgr/create'));
  await fillKitForm(page, { encryptMode: 'MD5签名+AES加密' });
  // 提交 ignores a second press within its 500 ms debounce (a double click), so this one comes after it.
  await page.waitForTimeout(600);
  await drawer.getByRole('button', { name: '提交' }).click();
  const clientCode = ((await (await created).json()) as { data: { clientCode: string } }).data.clientCode;
  expect(clientCode).toMatch(/^CLI\d{8}$/);
  await expect(kitScreen(page, 'client').getByText(name, { exact: true })).toBeVisible();

  // 重置密钥: asked first, then both keys once.
  await clickRowAction(page, name, '重置密钥');
  const reset = page.locator('.bp6-dialog', { hasText: '重置密钥' });
  await expect(reset).toContainText('旧密钥立即失效');
  await reset.getByRole('button', { name: '重置' }).click();
  const md5Key = (await reset.getByTestId('new-MD5密钥').textContent())!;
  const aesKey = (await reset.getByTestId('new-AES密钥').textContent())!;
  expect(md5Key).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(aesKey).toMatch(/^[A-Za-z0-9]{32}$/);
  await expect(reset).toContainText('只显示这一次');
  await reset.getByRole('button', { name: '我已保存，关闭' }).click();
  await expect(reset).toHaveCount(0);
  await expect(kitScreen(page, 'client').getByText(`MD5…${md5Key.slice(-4)} · AES…${aesKey.slice(-4)}`)).toBeVisible();

  // Afterwards only the last 4 characters.
  await clickRowAction(page, name, '密钥');
  const security = page.locator('.bp6-dialog', { hasText: '密钥设置' });
  await expect(security.locator('#kit-field-md5Key')).toHaveValue(`${'*'.repeat(28)}${md5Key.slice(-4)}`);
  await expect(security.locator('#kit-field-aesKey')).toHaveValue(`${'*'.repeat(28)}${aesKey.slice(-4)}`);
  await expect(security).not.toContainText(md5Key);
  await security.getByRole('button', { name: '关闭' }).click();

  // 授权 opens 授权商户管理 with the client preselected.
  await clickRowAction(page, name, '授权');
  await expect(page).toHaveURL(new RegExp(`/client/cliMercht/${clientCode}`));
  const merchants = kitScreen(page, 'clientMercht');
  await expect(merchants.locator('#kit-search-clientCode')).toHaveValue(clientCode);
  await merchants.getByRole('button', { name: '新增' }).click();
  const form = page.locator('.bp6-dialog', { hasText: '新增授权商户' });
  await expect(form.locator('#kit-field-clientCode')).toHaveValue(clientCode);
  await fillKitForm(page, { merchtId: '上海启航商务咨询有限公司', authorization: '部分授权' });
  await form.getByText('企业账户查询').click();
  await form.getByText('余额查询').click();
  await form.getByRole('button', { name: '提交' }).click();
  // Saved: the dialog closes (earlier 操作成功 toasts may still be on screen).
  await expect(form).toHaveCount(0);
  await expect(merchants.getByText('企业账户查询、余额查询')).toBeVisible();

  // 授权企业 opens 授权企业管理 with the client and the merchant preselected.
  await clickRowAction(page, name, '授权企业');
  await expect(page).toHaveURL(new RegExp(`/client/cliMerchtEnt/${clientCode}/MER0001`));
  const entScreen = kitScreen(page, 'clientMerchtEnt');
  await expect(entScreen.locator('#kit-search-clientCode')).toHaveValue(clientCode);
  await expect(entScreen.getByText('暂无数据')).toBeVisible();
  await entScreen.getByRole('button', { name: '新增' }).click();
  const entForm = page.locator('.bp6-dialog', { hasText: '新增授权企业' });
  await expect(entForm.locator('#kit-field-clientCode')).toHaveValue(clientCode);
  await expect(entForm.locator('#kit-field-merchtId option:checked')).toHaveText('上海启航商务咨询有限公司');
  await fillKitForm(page, { entId: '北京星辰物流有限公司', authorization: '部分授权' });
  // Beyond the merchant's codes is refused.
  await entForm.getByText('单笔代发权限').click();
  await entForm.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('企业的业务接口须在商户的授权范围内')).toBeVisible();
  await entForm.getByText('单笔代发权限').click();
  await entForm.getByText('余额查询').click();
  await page.waitForTimeout(600);
  await entForm.getByRole('button', { name: '提交' }).click();
  await expect(entForm).toHaveCount(0);
  await expect(entScreen.locator('.fp-grid td').getByText('北京星辰物流有限公司', { exact: true })).toBeVisible();
  await expect(entScreen.locator('.fp-grid td').getByText('余额查询', { exact: true })).toBeVisible();
});
