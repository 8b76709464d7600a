import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { clickRowAction, kitScreen, listAnswer, NO_GUIDE } from './support/kit-screen';

const RUN = Date.now().toString(36).slice(-5);

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));

test('SPR 签约协议：新增、预览示例文本、改正文生成新版本、历史版本、禁用', async ({ page }) => {
  const name = `临时用工协议${RUN}`;
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  await page.goto('/agreement');
  const screen = kitScreen(page, 'agreement');
  await expect(screen.getByText('灵活用工服务协议')).toBeVisible();

  await screen.getByRole('button', { name: '新增' }).click();
  const drawer = page.locator('.bp6-drawer');
  // A supplier writes its own agreements: no supplier to choose.
  await expect(drawer.locator('#kit-field-supplierId')).toHaveCount(0);
  await drawer.locator('#kit-field-name').fill(name);
  await drawer.locator('#kit-field-content').fill('临时用工协议\n乙方：{{姓名}}（{{证件号码}}）\n开户行：{{开户行}}');
  await drawer.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('协议中含有无法识别的占位符：{{开户行}}', { exact: false })).toBeVisible();
  await drawer.locator('#kit-field-content').fill('临时用工协议\n乙方：{{姓名}}（{{证件号码}}）\n用工单位：{{企业名称}}');
  // 提交 ignores a second press within its 500 ms debounce (a double click), so this one comes after it.
  await page.waitForTimeout(600);
  await drawer.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();

  await page.locator('#kit-search-name').fill(name);
  const found = await listAnswer(page, 'agreement/query', () => screen.getByRole('button', { name: '查询', exact: true }).click());
  expect(found.records).toEqual([expect.objectContaining({ name, version: 1, supplierName: '海南云聚人力资源服务有限公司' })]);

  await clickRowAction(page, name, '预览', screen);
  const preview = page.getByTestId('agreement-preview');
  await expect(preview).toContainText('乙方：张三（110101199003071234）');
  await expect(preview).toContainText('用工单位：北京星辰物流有限公司');
  await page.locator('.bp6-dialog').getByRole('button', { name: '关闭' }).click();

  await clickRowAction(page, name, '编辑', screen);
  await drawer.locator('#kit-field-content').fill('临时用工协议（修订）\n乙方：{{姓名}}（{{证件号码}}）\n用工单位：{{企业名称}}');
  const updated = await listAnswer(page, 'agreement/query', async () => {
    await drawer.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('更新成功')).toBeVisible();
  });
  expect(updated.records[0]).toMatchObject({ name, version: 2 });

  await clickRowAction(page, name, '历史版本', screen);
  const versions = page.locator('.bp6-drawer', { hasText: '历史版本' });
  await expect(versions.getByText('共 2 条')).toBeVisible();
  await clickRowAction(page, '1', '预览', versions);
  await expect(page.getByTestId('agreement-preview')).toContainText('临时用工协议\n');
  await expect(page.getByTestId('agreement-preview')).not.toContainText('修订');
  await page.locator('.bp6-dialog').getByRole('button', { name: '关闭' }).click();
  await versions.getByRole('button', { name: 'Close' }).or(versions.locator('.bp6-drawer-header button')).first().click();

  await clickRowAction(page, name, '禁用', screen);
  await page.locator('.bp6-dialog, .bp6-alert').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('禁用成功')).toBeVisible();
  await screen.getByRole('tab', { name: '禁用' }).click();
  await expect(screen.getByText(name)).toBeVisible();
});
