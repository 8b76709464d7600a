import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { entityJourney, NO_GUIDE } from './support/kit-screen';

const RUN = Date.now().toString(36).slice(-5);

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));

test('SYS 税源地：新增、编辑、查看→编辑、带原因禁用、状态页签、服务端导出、筛选保留与常用查询', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await entityJourney(page, {
    route: '/supplier/taxsource',
    entity: 'taxSource',
    query: 'taxSource/query',
    title: '税源地',
    create: { name: `测试税源地${RUN}`, province: '海南', city: '儋州' },
    searchField: 'name',
    exportHeader: '税源地名称',
    edit: { city: '洋浦' },
  });
});

test('SPR 看不到税源地菜单', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  await expect(page.getByTestId('sidebar').getByText('税源地', { exact: true })).toHaveCount(0);
});
