import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { clickRowAction, entityJourney, fillKitForm, kitScreen, NO_GUIDE } from './support/kit-screen';

const RUN = Date.now().toString(36).slice(-5);

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));

test('SYS 供应商：完整流程与短信配置子表', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  const name = `测试供应商${RUN}`;
  await entityJourney(page, {
    route: '/supplier/index',
    entity: 'supplier',
    query: 'supplier/query',
    title: '供应商',
    create: { name, merchtType: '供应商', contactName: '张三', contactPhone: '13912345678' },
    searchField: 'name',
    exportHeader: '供应商名称',
    edit: { contactName: '李四' },
  });
  await clickRowAction(page, name, '短信配置');
  const drawer = page.locator('.bp6-drawer');
  await drawer.getByRole('button', { name: '新增' }).click();
  await fillKitForm(page, { smsType: '登录验证码', signName: 'FlexPay', templateCode: `SMS_${RUN}`, templateText: '您的验证码为${code}' });
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(drawer.getByText(`SMS_${RUN}`)).toBeVisible();
});

test('SPR 供应商：只见本机构，可编辑通道配置', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  await page.goto('/supplier/index');
  const screen = kitScreen(page, 'supplier');
  await expect(screen.getByText('共 1 条')).toBeVisible();
  await expect(screen.getByRole('button', { name: '新增' })).toHaveCount(0);
  const name = await page.locator('.bp6-table-cell').nth(1).innerText();
  await clickRowAction(page, name.trim(), '通道配置');
  await expect(page.locator('.bp6-drawer').getByTestId('screen-supplierConfig')).toBeVisible();
});
