import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait, type AccountKind } from './support/session';
import { clickRowAction } from './support/kit-screen';
import { openUserMenu } from './support/navbar-helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const XLSX = require('xlsx') as typeof import('xlsx');

const SUB_PASSWORD = 'Sub@2026pass';
const RUN = Date.now().toString(36).slice(-5);
const uniqueName = (prefix: string) => `${prefix}${RUN}${Math.floor(Math.random() * 1000)}`;

/** The first-time guide (a modal) would cover the screens under test: 稍后提醒 for this session. */
const NO_GUIDE = () => window.sessionStorage.setItem('delayShowGuide', '1');
test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => {
  await context.addInitScript(NO_GUIDE);
});

async function openAdmins(page: Page) {
  await page.goto('/admin/index');
  await expect(page.getByTestId('screen-admin_user')).toBeVisible();
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
}

async function searchUsername(page: Page, username: string) {
  await page.locator('#kit-search-username').fill(username);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page.getByText('共 1 条')).toBeVisible();
}

/** Creates a sub-account through the administrator drawer and leaves the table filtered to it. */
async function createSubAccount(page: Page, username: string) {
  await page.getByRole('button', { name: '新增' }).click();
  const drawer = page.locator('.bp6-drawer');
  await expect(drawer.getByText('新增管理员信息')).toBeVisible();
  await page.locator('#kit-field-username').fill(username);
  await page.locator('#kit-field-password').fill(SUB_PASSWORD);
  await page.locator('#kit-field-name').fill('测试子账号');
  await page.locator('#kit-field-phone').fill('13912345678');
  await page.locator('#kit-field-email').fill(`${username}@example.com`);
  await drawer.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(drawer).toHaveCount(0);
  await searchUsername(page, username);
}

async function grantAdminQueryOnly(page: Page) {
  await page.getByRole('button', { name: '权限' }).click();
  const dialog = page.locator('.bp6-dialog', { hasText: '管理员权限' });
  await expect(dialog.getByText('该账号没有被授予任何权限')).toBeVisible();
  await dialog.getByRole('button', { name: '编辑' }).click();
  await dialog.getByText('查询子账号').click();
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('编辑管理员权限成功')).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

async function signInAsSub(browser: Browser, username: string) {
  const context = await browser.newContext();
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, username, SUB_PASSWORD);
  return { context, page };
}

for (const kind of Object.keys(DEMO_ACCOUNTS) as AccountKind[]) {
  test(`${kind} 新增子账号、授权后子账号只见授权菜单，禁用后其会话结束`, async ({ page, browser }) => {
    await signInAndWait(page, DEMO_ACCOUNTS[kind]);
    await openAdmins(page);
    const username = uniqueName(`e2e${kind.toLowerCase()}`);
    await createSubAccount(page, username);
    await grantAdminQueryOnly(page);

    const sub = await signInAsSub(browser, username);
    const sidebar = sub.page.getByTestId('sidebar');
    await expect(sidebar.getByText('系统管理')).toBeVisible();
    for (const hidden of ['订单管理', '人才管理', '任务管理', '开票管理']) await expect(sidebar.getByText(hidden)).toHaveCount(0);
    await sub.page.goto('/admin/index');
    await expect(sub.page.getByTestId('screen-admin_user')).toBeVisible();
    // Query only: no 新增 and no management actions.
    await expect(sub.page.getByRole('button', { name: '新增' })).toHaveCount(0);

    await page.getByRole('button', { name: '禁用' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('禁用成功')).toBeVisible();
    await expect(page.getByRole('button', { name: '启用' })).toBeVisible();

    await sub.page.getByRole('button', { name: '查询', exact: true }).click();
    await expect(sub.page.getByText('确定重新登录')).toBeVisible();
    await sub.context.close();
  });
}

test('编辑未修改时提示没有更改且不发送请求；有改动关闭时询问', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.MER);
  await openAdmins(page);
  const username = uniqueName('e2enochg');
  await createSubAccount(page, username);

  const updates: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/user/subuser/update')) updates.push(r.url());
  });
  await page.getByRole('button', { name: '编辑' }).click();
  const drawer = page.locator('.bp6-drawer');
  await expect(drawer.getByText('编辑管理员信息')).toBeVisible();
  await expect(page.locator('#kit-field-username')).toHaveValue(username);
  await expect(page.locator('#kit-field-username')).toHaveAttribute('readonly', '');
  await expect(page.locator('#kit-field-password')).toHaveCount(0);
  await drawer.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('没有更改')).toBeVisible();
  await page.waitForTimeout(700);
  expect(updates).toEqual([]);

  await page.locator('#kit-field-name').fill('改过的名字');
  await drawer.getByRole('button', { name: '取消' }).click();
  const alert = page.locator('.bp6-alert');
  await expect(alert.getByText('数据已更改，您确定要关闭此界面吗？')).toBeVisible();
  await alert.getByRole('button', { name: '取消' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  expect(updates).toHaveLength(1);
});

test('导出的 xlsx 行与表格一致', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT);
  await page.goto('/admin/index');
  const listed = page.waitForResponse((r) => r.url().includes('/api/admin/user/subuser/list'));
  await createSubAccount(page, uniqueName('e2eexpa'));
  await page.locator('#kit-search-username').fill('');
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/user/subuser/list'));
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const body = (await (await answer).json()) as { data: { records: Array<Record<string, unknown>>; total: number } };
  await listed;
  const records = body.data.records;
  expect(records.length).toBeGreaterThan(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = XLSX.readFile((await download.path())!);
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[workbook.SheetNames[0]]);
  // The file holds the whole filtered result (the demo sub-accounts and the own row may fill more than a page); the page its first rows.
  expect(rows).toHaveLength(body.data.total);
  rows.slice(0, records.length).forEach((row, i) => {
    expect(String(row['用户名'])).toBe(records[i].username);
    expect(String(row['姓名'])).toBe(records[i].name);
    expect(String(row['状态'])).toBe(records[i].status === 0 ? '正常' : '禁用');
    expect(String(row['创建时间'])).toBe(records[i].createdAt);
  });
  for (const record of records) await expect(page.getByText(String(record.username), { exact: true })).toBeVisible();
});

/** Issue 22 item 10: the demo sub-accounts of each organisation (api-server/src/demo/seed-admins.ts). */
const SEEDED: Record<AccountKind, Array<{ username: string; disabled?: boolean }>> = {
  SYS: [{ username: 'sysFinance01' }, { username: 'sysReview01' }, { username: 'sysService01', disabled: true }],
  SPR: [{ username: 'sprFinance01' }, { username: 'sprReview01' }, { username: 'sprService01', disabled: true }],
  MER: [{ username: 'merFinance01' }, { username: 'merService01', disabled: true }],
  ENT: [{ username: 'entFinance01' }, { username: 'entMaker01' }, { username: 'entService01', disabled: true }],
};

for (const kind of Object.keys(DEMO_ACCOUNTS) as AccountKind[]) {
  test(`${kind} 管理员首次打开即列出演示子账号（各自不同的权限、一个禁用）与只读的本账号`, async ({ page }) => {
    await signInAndWait(page, DEMO_ACCOUNTS[kind]);
    // Oldest first on one page: the own row (created with the organisation) and the seeded colleagues lead.
    await page.goto('/admin/index?size=50&sort=createdAt.asc');
    await expect(page.getByTestId('screen-admin_user')).toBeVisible();
    const row = (text: string) => page.locator('.fp-grid tbody tr').filter({ has: page.getByText(text, { exact: true }) }).first();

    const own = row(DEMO_ACCOUNTS[kind]);
    await expect(own.getByTestId('own-account')).toContainText('当前账号');

    const trees: string[] = [];
    for (const sub of SEEDED[kind]) {
      const actions = row(sub.username).locator('td.fp-grid-actions');
      await expect(actions.getByRole('button').first()).toBeVisible();
      await expect(row(sub.username)).toContainText(sub.disabled ? '禁用' : '正常');
      if (sub.disabled) continue;
      await clickRowAction(page, sub.username, '权限');
      const dialog = page.locator('.bp6-dialog', { hasText: '管理员权限' });
      await expect(dialog.getByTestId('perm-tree')).toBeVisible();
      trees.push((await dialog.getByTestId('perm-tree').innerText()).trim());
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    // Each enabled colleague holds a different set of codes.
    expect(new Set(trees).size).toBe(trees.length);
    // Checked once the colleagues' buttons are drawn (before, it held while the 操作 column was still rendering).
    await expect(own.locator('td.fp-grid-actions').getByRole('button')).toHaveCount(0);
  });
}

test('个人设置进入 /editAdmin 编辑自己的账号', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  // Picked once the menu has opened, as navbar.spec does (openedMenu: a click mid-transition once opened nothing here too).
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: '个人设置' }).click();
  await expect(page).toHaveURL(/\/editAdmin$/);
  await expect(page.locator('#kit-field-username')).toHaveValue(DEMO_ACCOUNTS.SPR);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('没有更改')).toBeVisible();
});

test('商户信息与企业信息显示本机构资料', async ({ browser }) => {
  for (const [kind, path, code] of [['MER', '/merchantInfo', 'MER0001'], ['ENT', '/entInfo', 'ENT0001']] as const) {
    const context = await browser.newContext();
    await context.addInitScript(NO_GUIDE);
    const page = await context.newPage();
    await signInAndWait(page, DEMO_ACCOUNTS[kind]);
    await page.goto(path);
    await expect(page.getByTestId('org-info')).toContainText(code);
    await expect(page.getByText('功能即将上线')).toHaveCount(0);
    await context.close();
  }
});
