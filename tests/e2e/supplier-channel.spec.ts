import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { clickRowAction, entityJourney, kitScreen, listJourney, NO_GUIDE } from './support/kit-screen';

const RUN = Date.now().toString(36).slice(-5);

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));

test('SYS 支付通道：完整流程与银行配置子表', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  const name = `测试通道${RUN}`;
  await entityJourney(page, {
    route: '/supplier/channel',
    entity: 'payChannel',
    query: 'payChannel/query',
    title: '支付通道',
    create: { channel: String(500 + Math.floor(Math.random() * 400)), name, adapter: '人工处理', manualCredit: '是' },
    searchField: 'name',
    exportHeader: '通道名称',
    edit: { dayLimit: '80000.00' },
  });
  await clickRowAction(page, name, '银行配置');
  await expect(page.locator('.bp6-drawer').getByTestId('screen-bankConfig')).toBeVisible();
});

test('SPR 支付通道：只读列表，筛选、页签、导出与常用查询', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  await page.goto('/supplier/channel');
  const screen = kitScreen(page, 'payChannel');
  await expect(screen.getByText(/共 \d+ 条/)).toBeVisible();
  await expect(screen.getByRole('button', { name: '新增' })).toHaveCount(0);
  await expect(screen.getByRole('button', { name: '禁用' })).toHaveCount(0);
  await listJourney(page, { route: '/supplier/channel', entity: 'payChannel', query: 'payChannel/query', searchField: 'name', value: '合作银行', exportHeader: '通道名称', tab: { name: '正常', value: 0 }, tabTotal: 1 });
});
