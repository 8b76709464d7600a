import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { clickRowAction, entityJourney, fillKitForm, formJourney, kitScreen, listAnswer, listJourney, NO_GUIDE, tinyPdf } from './support/kit-screen';

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
    create: { name, merchtType: '供应商', taxSourceId: '海南洋浦经济开发区', contactName: '张三', contactPhone: '13912345678' },
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

test('SPR 供应商：本机构及其虚拟供应商，上传完税凭证并预览，编辑通道配置', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  const own = '海南云聚人力资源服务有限公司';
  const first = await listAnswer(page, 'supplier/query', () => page.goto('/supplier/index'));
  expect(first.records.map((r) => r.name).sort()).toEqual([own, '海南云聚灵活用工服务（虚拟）'].sort());
  const screen = kitScreen(page, 'supplier');
  await expect(screen.getByRole('button', { name: '新增' })).toHaveCount(0);
  await listJourney(page, { route: '/supplier/index', entity: 'supplier', query: 'supplier/query', searchField: 'name', value: '海南云聚', exportHeader: '供应商名称', tab: { name: '正常', value: 0 }, tabTotal: 2 });

  // By code: the virtual supplier's row shows the same name as its 上级供应商.
  await clickRowAction(page, 'SPR0001', '完税凭证');
  const drawer = page.locator('.bp6-drawer');
  const invoiceNo = `WS${RUN}`;
  const pdf = tinyPdf(`凭证${RUN}.pdf`);
  await formJourney(page, drawer, { unique: invoiceNo, title: '完税凭证', create: { month: '2026-05', invoiceNo, amount: '1234.56' }, edit: { amount: '2345.67' }, file: pdf });
  const served = page.waitForResponse((r) => r.url().includes('/api/admin/supplier/query/taxProof/invoice/file') && r.ok());
  await drawer.getByRole('button', { name: pdf.name }).click();
  expect((await (await served).body()).toString()).toContain('%PDF-1.4');
  await expect(page.getByTestId('file-preview').locator('iframe')).toBeVisible();
  await page.locator('.bp6-dialog', { hasText: '文件预览' }).getByRole('button', { name: '关闭' }).click();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  await clickRowAction(page, 'SPR0001', '通道配置');
  await expect(drawer.getByTestId('screen-supplierConfig')).toBeVisible();
  await clickRowAction(page, '招商银行海口分行', '编辑', drawer);
  await fillKitForm(page, { payeeBank: '招商银行海口龙华支行' });
  // The 完税凭证 edit's own 更新成功 may still be fading: wait it out so the toast below is this edit's.
  await expect(page.getByText('更新成功')).toHaveCount(0);
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(drawer.getByText('招商银行海口龙华支行')).toBeVisible();
});
