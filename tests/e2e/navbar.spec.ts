import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { startServer } from './support/server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, signInAndWait, type AccountKind } from './support/session';
import {
  EXPECTED_MENU,
  OFFICIAL_SITE,
  followMenu,
  groupButton,
  groupButtons,
  groupLinks,
  openGroup,
  openSubmenuCount,
  openedMenu,
  openUserMenu,
  renderingApps,
  sidebar,
  sorted,
  tab,
  tabMenu,
  tabPaths,
  texts,
} from './support/navbar-helpers';
import { clickRowAction } from './support/kit-screen';

// The tests of this file are independent of each other; both workers may share them.
test.describe.configure({ mode: 'parallel' });

/** A page on a private server with its own demo data, for tests that change an account for good. */
async function withPrivateServer(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const server = await startServer();
  const context = await browser.newContext({ baseURL: server.url });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
    await server.stop();
  }
}

async function sidebarWidth(page: Page): Promise<number> {
  return Math.round((await sidebar(page).boundingBox())?.width ?? -1);
}

async function sidebarCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value;
}

async function crumbs(page: Page): Promise<string[]> {
  return texts(page.getByTestId('breadcrumbs').locator('li'));
}

for (const kind of Object.keys(DEMO_ACCOUNTS) as AccountKind[]) {
  test(`${kind} 账号的侧边菜单与 spec §2 的权限一致`, async ({ page }) => {
    await signInAndWait(page, DEMO_ACCOUNTS[kind]);
    const expected = EXPECTED_MENU[kind];

    await expect.poll(async () => sorted(await texts(groupButtons(page)))).toEqual(sorted(Object.keys(expected)));
    for (const [group, children] of Object.entries(expected)) {
      await openGroup(page, group);
      const links = groupLinks(page, group);
      await expect(links.first()).toBeVisible();
      expect(sorted(await texts(links)), group).toEqual(sorted(children));
    }

    const site = sidebar(page).getByRole('link', { name: OFFICIAL_SITE });
    await expect(site).toBeVisible();
    await expect(site).toHaveAttribute('href', /^https?:\/\/\S+/);
    await expect(site).toHaveAttribute('target', '_blank');
  });
}

test('侧边栏一次只展开一个子菜单，打开的页面所在分组自动展开', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await openGroup(page, '供应商管理');
  await expect(groupLinks(page, '供应商管理').first()).toBeVisible();
  await expect.poll(() => openSubmenuCount(page)).toBe(1);

  await openGroup(page, '订单管理');
  await expect(groupButton(page, '供应商管理')).toHaveAttribute('aria-expanded', 'false');
  await expect(groupButtons(page).and(page.locator('[aria-expanded="true"]'))).toHaveCount(1);
  await expect.poll(() => openSubmenuCount(page)).toBe(1);
  await expect(groupLinks(page, '订单管理').first()).toBeInViewport();
  await expect(groupLinks(page, '供应商管理').first()).not.toBeInViewport();

  // Clicking the open group closes it.
  await groupButton(page, '订单管理').click();
  await expect(groupButton(page, '订单管理')).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => openSubmenuCount(page)).toBe(0);

  // Arriving on a route opens its group and marks the entry.
  await page.goto('/admin/index');
  await expect(groupButton(page, '系统管理')).toHaveAttribute('aria-expanded', 'true');
  await expect(groupLinks(page, '系统管理').filter({ hasText: '管理员' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => openSubmenuCount(page)).toBe(1);
});

test('侧边栏折叠状态写入 cookie，刷新后保持', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT);
  await expect.poll(() => sidebarWidth(page)).toBe(210);
  await expect(groupButton(page, '企业管理')).toBeVisible();

  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(() => sidebarWidth(page)).toBe(50);
  await expect(groupButtons(page)).toHaveCount(0);
  expect(await sidebarCookie(page)).toBe('0');

  await page.reload();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect.poll(() => sidebarWidth(page)).toBe(50);
  await expect(groupButtons(page)).toHaveCount(0);
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-label', '展开菜单');

  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(() => sidebarWidth(page)).toBe(210);
  expect(await sidebarCookie(page)).toBe('1');
  await page.reload();
  await expect(groupButton(page, '企业管理')).toBeVisible();
  await expect.poll(() => sidebarWidth(page)).toBe(210);
});

test('900px 宽度下侧边栏自动关闭，展开后点菜单跳转并收起', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await signInAndWait(page, DEMO_ACCOUNTS.MER);
  await expect(sidebar(page)).not.toBeInViewport();
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-label', '展开菜单');

  await page.getByTestId('sidebar-toggle').click();
  await expect(sidebar(page)).toBeInViewport();
  await followMenu(page, '订单管理', '代发订单');
  await expect(page).toHaveURL(/\/order\/index$/);
  await expect(sidebar(page)).not.toBeInViewport();
  // The automatic closing is not a preference: no cookie is written.
  expect(await sidebarCookie(page)).toBeUndefined();
});

test('已访问标签：跨应用打开、关闭、关闭其他、关闭全部，首页不可关闭，刷新页面后保留', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await (await openUserMenu(page)).getByRole('menuitem', { name: '帮助中心' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByTestId('help')).toBeVisible();
  await followMenu(page, '系统管理', '管理员');
  await expect(page).toHaveURL(/\/admin\/index$/);
  await followMenu(page, '订单管理', '代发订单');
  await expect(page).toHaveURL(/\/order\/index$/);
  await expect(page.getByTestId('screen-payOrder')).toBeVisible();

  const all = ['/dashboard', '/help', '/admin/index', '/order/index'];
  await expect.poll(() => tabPaths(page)).toEqual(all);
  await expect(tab(page, '/order/index')).toHaveAttribute('data-active', 'true');
  await expect(tab(page, '/help')).toHaveText('帮助中心');

  await page.reload();
  await expect(page.getByTestId('screen-payOrder')).toBeVisible();
  await expect.poll(() => tabPaths(page)).toEqual(all);
  await expect(tab(page, '/order/index')).toHaveAttribute('data-active', 'true');

  // Clicking a tab goes there.
  await tab(page, '/help').click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByTestId('help')).toBeVisible();
  await tab(page, '/order/index').click();
  await expect(page).toHaveURL(/\/order\/index$/);

  // × on an inactive tab closes only that one.
  await tab(page, '/help').getByRole('button').click();
  await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/admin/index', '/order/index']);
  await expect(page).toHaveURL(/\/order\/index$/);

  await tabMenu(page, '/order/index', '关闭其他');
  await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/order/index']);
  await expect(page).toHaveURL(/\/order\/index$/);
  await expect(page.getByTestId('screen-payOrder')).toBeVisible();

  // 首页 has no × and its 关闭 is disabled.
  await expect(tab(page, '/dashboard').getByRole('button')).toHaveCount(0);
  await expect(tab(page, '/order/index').getByRole('button')).toHaveCount(1);
  await tab(page, '/dashboard').click({ button: 'right' });
  await expect(page.getByTestId('tab-context-menu').getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tab-context-menu')).toBeHidden();

  await tabMenu(page, '/order/index', '关闭全部');
  await expect.poll(() => tabPaths(page)).toEqual(['/dashboard']);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(tab(page, '/dashboard')).toHaveAttribute('data-active', 'true');
});

test('关闭当前标签后切到右侧（否则左侧）的标签', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  await followMenu(page, '系统管理', '管理员');
  await followMenu(page, '订单管理', '代发订单');
  await tab(page, '/admin/index').click();
  await expect(page).toHaveURL(/\/admin\/index$/);
  await tab(page, '/admin/index').getByRole('button').click();
  await expect(page).toHaveURL(/\/order\/index$/);
  await expect(tab(page, '/order/index')).toHaveAttribute('data-active', 'true');
  await tab(page, '/order/index').getByRole('button').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => tabPaths(page)).toEqual(['/dashboard']);
});

test('标签「刷新」重新挂载当前页面并重新请求数据', async ({ page }) => {
  let summaries = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/dashboard/summary') summaries += 1;
  });
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await expect.poll(() => summaries).toBe(1);

  const again = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/dashboard/summary',
  );
  await tabMenu(page, '/dashboard', '刷新');
  await again;
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect.poll(() => summaries).toBe(2);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('浏览器后退/前进在 system-app 与 finance-app 之间切换，不整页刷新，不同时渲染两个应用', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await followMenu(page, '系统管理', '管理员');
  await expect(page).toHaveURL(/\/admin\/index$/);
  await expect.poll(() => renderingApps(page)).toEqual(['app-system-app']);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

  await followMenu(page, '订单管理', '代发订单');
  await expect(page.getByTestId('screen-payOrder')).toBeVisible();
  await expect.poll(() => renderingApps(page)).toEqual(['app-finance-app']);

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/index$/);
  await expect.poll(() => renderingApps(page)).toEqual(['app-system-app']);
  await expect(tab(page, '/admin/index')).toHaveAttribute('data-active', 'true');
  await expect.poll(() => crumbs(page)).toEqual(['首页', '系统管理', '管理员']);
  await expect(page).toHaveTitle('管理员 - FlexPay 管理后台');

  await page.goForward();
  await expect(page).toHaveURL(/\/order\/index$/);
  await expect(page.getByTestId('screen-payOrder')).toBeVisible();
  await expect.poll(() => renderingApps(page)).toEqual(['app-finance-app']);
  await expect(tab(page, '/order/index')).toHaveAttribute('data-active', 'true');
  await expect(page).toHaveTitle('代发订单 - FlexPay 管理后台');

  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect.poll(() => renderingApps(page)).toEqual(['app-system-app']);

  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test('面包屑显示上级分组与页面标题，返回按钮回到上一页', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.MER);
  await expect.poll(() => crumbs(page)).toEqual(['首页']);
  await followMenu(page, '商户管理', '我的费率');
  await expect(page).toHaveURL(/\/merchant\/myFeeConfig$/);
  await expect.poll(() => crumbs(page)).toEqual(['首页', '商户管理', '我的费率']);
  await followMenu(page, '系统管理', '商户信息');
  await expect(page).toHaveURL(/\/merchantInfo$/);
  await expect.poll(() => crumbs(page)).toEqual(['首页', '系统管理', '商户信息']);

  await page.getByTestId('back-button').click();
  await expect(page).toHaveURL(/\/merchant\/myFeeConfig$/);
  await expect.poll(() => crumbs(page)).toEqual(['首页', '商户管理', '我的费率']);

  await page.getByTestId('breadcrumbs').getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect.poll(() => crumbs(page)).toEqual(['首页']);
});

test('修改密码：确认不一致给出提示；成功后退出登录，旧密码失效，新密码可登录', async ({ browser }) => {
  await withPrivateServer(browser, async (page) => {
    const NEW_PASSWORD = 'Changed#2026x';
    let changeCalls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/admin/user/changePassword') changeCalls += 1;
    });
    await signInAndWait(page, DEMO_ACCOUNTS.ENT);
    await (await openUserMenu(page)).getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByTestId('password-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('旧密码').fill(DEMO_PASSWORD);
    await dialog.getByLabel('新密码').fill(NEW_PASSWORD);
    await dialog.getByLabel('确认密码').fill('Another#2026y');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByText('两次输入密码不一致')).toBeVisible();
    expect(changeCalls).toBe(0);

    await dialog.getByLabel('确认密码').fill(NEW_PASSWORD);
    await expect(dialog.getByText('两次输入密码不一致')).toHaveCount(0);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('密码更新成功').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('用户名')).toBeVisible();
    expect(changeCalls).toBe(1);

    await signIn(page, DEMO_ACCOUNTS.ENT, DEMO_PASSWORD);
    await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await signInAndWait(page, DEMO_ACCOUNTS.ENT, NEW_PASSWORD);
  });
});

test('查看权限弹窗显示当前用户的权限树，不可编辑', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await (await openUserMenu(page)).getByRole('menuitem', { name: '查看权限' }).click();
  const dialog = page.getByTestId('permission-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('管理员', { exact: true })).toBeVisible();
  await expect(dialog.getByText('查询子账号', { exact: true })).toBeVisible();
  await expect(dialog.getByText('税源地', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await page.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
});

test('企业账号的权限树不含平台专属分组', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT);
  await (await openUserMenu(page)).getByRole('menuitem', { name: '查看权限' }).click();
  const dialog = page.getByTestId('permission-dialog');
  await expect(dialog.getByText('企业', { exact: true })).toBeVisible();
  await expect(dialog.getByText('查询上级商户', { exact: true })).toBeVisible();
  await expect(dialog.getByText('税源地', { exact: true })).toHaveCount(0);
  await expect(dialog.getByText('客户端', { exact: true })).toHaveCount(0);
});

test('新手引导是首页与步骤页面上的卡片：稍后提醒到下次登录前不再出现，第 3 步打开管理员的权限分配，跳过引导在另一浏览器也不再出现', async ({ browser }) => {
  // A private server (about 14 s to start at load 30) and three sign-ins: the 60 s default ran out at load 30.
  test.setTimeout(120_000);
  // A private server: the guide's step is saved on the account.
  const server = await startServer();
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await signInAndWait(page, DEMO_ACCOUNTS.MER);
    const guide = page.getByTestId('guide');
    // A card inside the dashboard, not a bar over the shell.
    await expect(page.getByTestId('dashboard').getByTestId('guide')).toBeVisible();
    await expect(guide).toContainText('第 1 / 3 步');
    await expect(page.getByTestId('guide-step')).toHaveText('完善个人信息');
    await expect(guide.getByRole('listitem')).toHaveText(['1完善个人信息', '2添加子账号', '3创建角色']);

    // The step's link leads to its page, where the card says what to do; other pages show no card.
    await guide.getByRole('button', { name: '去完善个人信息' }).click();
    await expect(page).toHaveURL(/\/editAdmin$/);
    await expect(guide).toContainText('姓名');
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: '帮助中心' }).first()).toBeVisible();
    await expect(guide).toHaveCount(0);
    await page.goto('/admin/index');
    await expect(page.getByTestId('screen-admin_user')).toBeVisible();
    await expect(guide).toHaveCount(0);

    // 下一步 saves the step on the server: a reload keeps it.
    await page.goto('/dashboard');
    await guide.getByRole('button', { name: '下一步' }).click();
    await expect(guide).toContainText('第 2 / 3 步');
    await page.reload();
    await expect(guide).toContainText('第 2 / 3 步');
    await guide.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByTestId('guide-step')).toHaveText('创建角色');

    // Step 3 leads to permission assignment on 管理员: the card there points at a sub-account's 权限.
    await guide.getByRole('button', { name: '为子账号分配权限' }).click();
    await expect(page).toHaveURL(/\/admin\/index$/);
    await expect(guide).toContainText('点击子账号所在行的「权限」');
    await clickRowAction(page, 'merFinance01', '权限');
    const dialog = page.locator('.bp6-dialog', { hasText: '管理员权限' });
    await expect(dialog.getByTestId('perm-tree')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '编辑' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // 稍后提醒: hidden on its page, the dashboard and after a reload — until the next sign-in.
    await guide.getByRole('button', { name: '稍后提醒' }).click();
    await expect(guide).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(guide).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('dashboard').getByText('今日订单数')).toBeVisible();
    await expect(guide).toHaveCount(0);
    await (await openUserMenu(page)).getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signInAndWait(page, DEMO_ACCOUNTS.MER);
    await expect(guide).toContainText('第 3 / 3 步');

    // 跳过引导: for good — saved on the account, so another browser does not show it either.
    await guide.getByRole('button', { name: '跳过引导' }).click();
    await expect(guide).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('dashboard').getByText('今日订单数')).toBeVisible();
    await expect(guide).toHaveCount(0);
    const other = await browser.newContext({ baseURL: server.url });
    try {
      const elsewhere = await other.newPage();
      await signInAndWait(elsewhere, DEMO_ACCOUNTS.MER);
      await expect(elsewhere.getByTestId('dashboard').getByText('今日订单数')).toBeVisible();
      await expect(elsewhere.getByTestId('guide')).toHaveCount(0);
    } finally {
      await other.close();
    }
  } finally {
    await context.close();
    await server.stop();
  }
});

test('模板下载菜单下载三个 xlsx 模板，文件名取自 content-disposition 的中文名', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SPR);
  for (const name of ['代发订单模板', '完工证明模板', '人才导入模板']) {
    await page.getByTestId('download-menu-button').click();
    const item = (await openedMenu(page, 'download-menu')).getByRole('menuitem', { name });
    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/captcha/document/download'),
      item.click(),
    ]);
    expect(response.status()).toBe(200);
    const disposition = response.headers()['content-disposition'] ?? '';
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`);
    expect(download.suggestedFilename()).toBe(`${name}.xlsx`);

    const file = await download.path();
    const book = XLSX.read(fs.readFileSync(file), { type: 'buffer' });
    expect(book.SheetNames.length).toBeGreaterThan(0);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    const header = (rows[0] ?? []).map(String).filter((cell) => cell.trim() !== '');
    expect(header.length, name).toBeGreaterThan(1);
    expect(header.map((cell) => cell.replace(/\*$/, ''))).toContain('姓名');
  }
});
