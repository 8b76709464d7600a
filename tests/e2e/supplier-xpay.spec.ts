import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { entityJourney, NO_GUIDE } from './support/kit-screen';

const RUN = Date.now().toString(36).slice(-5);

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));

test('SYS 平台管理：完整流程', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await entityJourney(page, {
    route: '/supplier/xpay',
    entity: 'xkjPlatform',
    query: 'xkj/platform/query',
    title: '平台',
    create: { name: `测试平台${RUN}`, virtualType: '平台一', apiUrl: 'https://xkj.example.com/api' },
    searchField: 'name',
    exportHeader: '平台名称',
    edit: { apiUrl: 'https://xkj2.example.com/api' },
  });
});

test('SPR 看不到平台管理菜单', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  await expect(page.getByTestId('sidebar').getByText('平台管理', { exact: true })).toHaveCount(0);
});
