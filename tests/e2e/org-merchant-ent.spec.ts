import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn, signInAndWait } from './support/session';
import { clickRowAction, fillKitForm, kitScreen, listAnswer, NO_GUIDE } from './support/kit-screen';

const RUN = Date.now().toString(36).slice(-5);
const SUPPLIER = '海南云聚人力资源服务有限公司';
const NEW_PASSWORD = 'Changed#2026';

test.describe.configure({ timeout: 150_000 });
test.beforeEach(async ({ context }) => context.addInitScript(NO_GUIDE));

/** Submits the open create form and returns the initial password shown once after saving. */
async function createAndReadPassword(page: Page): Promise<string> {
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  const shown = page.locator('.bp6-dialog', { hasText: '管理员已创建' });
  await expect(shown.getByText('管理员首次登录时必须修改密码')).toBeVisible();
  const password = (await shown.getByTestId('initial-password').innerText()).trim();
  expect(password).toMatch(/^\S{12}$/);
  await shown.getByRole('button', { name: '我已记下' }).click();
  await expect(shown).toHaveCount(0);
  return password;
}

/** Signs in with an initial password: the page waits for the forced change, then goes on. */
async function firstSignIn(page: Page, username: string, initial: string): Promise<void> {
  await page.context().clearCookies();
  await signIn(page, username, initial);
  const dialog = page.getByTestId('first-password-dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入新密码')).toBeVisible();
  await page.locator('#fp-first-newPassword').fill(NEW_PASSWORD);
  await page.locator('#fp-first-confirmPassword').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

async function entNamesOn(page: Page, route: string, query: string): Promise<string[]> {
  const answer = await listAnswer(page, query, () => page.goto(route));
  return answer.records.map((r) => String(r.entName));
}

test('SYS 新建商户与其下企业，新管理员首次登录改密后只见本机构数据', async ({ page }) => {
  const merchantName = `测试商户${RUN}`;
  const entName = `测试企业${RUN}`;
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);

  await page.goto('/merchant/index');
  await kitScreen(page, 'merchant').getByRole('button', { name: '新增' }).click();
  await fillKitForm(page, { name: merchantName, supplierId: SUPPLIER, contactName: '张三', contactPhone: '13912345678', adminUsername: `mer${RUN}` });
  const merchantPassword = await createAndReadPassword(page);

  await page.goto('/ent/index');
  await kitScreen(page, 'ent').getByRole('button', { name: '新增' }).click();
  await fillKitForm(page, { entName, merchtId: merchantName });
  // The supplier follows from the merchant and is shown, not chosen.
  await expect(page.locator('#kit-field-supplierShown')).toHaveValue(SUPPLIER);
  await fillKitForm(page, { industry: '信息技术', contactName: '李四', contactPhone: '13812345678', adminUsername: `ent${RUN}` });
  const entPassword = await createAndReadPassword(page);
  expect(entPassword).not.toBe(merchantPassword);

  await page.locator('#kit-search-entName').fill(entName);
  await listAnswer(page, 'ent/query', () => kitScreen(page, 'ent').getByRole('button', { name: '查询', exact: true }).click());
  await clickRowAction(page, entName, '企业配置');
  const config = page.locator('.bp6-dialog', { hasText: '企业配置' });
  await fillKitForm(page, { requireTaxReg: '是' });
  await config.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();

  await firstSignIn(page, `ent${RUN}`, entPassword);
  expect(await entNamesOn(page, '/ent/coopEnt', 'ent/query/coopEnt')).toEqual([entName]);
  expect(await entNamesOn(page, '/ent/entContract', 'contract/ent/query')).toEqual([]);
  await page.goto('/merchant/merchtSup');
  await expect(page.getByTestId('screen-merchtSup').getByText(merchantName)).toBeVisible();

  await firstSignIn(page, `mer${RUN}`, merchantPassword);
  expect(await entNamesOn(page, '/ent/coopEnt', 'ent/query/coopEnt')).toEqual([entName]);
  await page.goto('/merchant/merchtSup');
  await expect(page.getByText('暂无上级商户')).toBeVisible();

  await page.context().clearCookies();
  await signInAndWait(page, DEMO_ACCOUNTS.MER);
  const demoMerchantEnts = await entNamesOn(page, '/ent/coopEnt', 'ent/query/coopEnt');
  expect(demoMerchantEnts.length).toBeGreaterThan(0);
  expect(demoMerchantEnts).not.toContain(entName);
});

test('编辑路由：带记录进入、原地刷新与直接打开都显示同一企业', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  // The list answer of the navigation itself: a reload after it could catch the first load's answer, whose body the reload discards.
  const first = (await listAnswer(page, 'ent/query', () => page.goto('/ent/index'))).records[0];
  const name = String(first.entName);
  await clickRowAction(page, name, '编辑地区');
  await expect(page).toHaveURL(new RegExp(`/editEpArea\\?id=${String(first.id)}$`));
  const target = page.getByTestId('edit-target');
  await expect(target).toContainText(name);
  await expect(target).toContainText(String(first.entCode));
  const area = `测试地区${RUN}`;
  await page.locator('#kit-field-area').fill(area);
  const update = page.waitForRequest((r) => r.url().includes('/api/admin/ent/mgr/update'));
  await page.getByTestId('edit-ent').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  expect(Object.keys((await update).postDataJSON() as object).sort()).toEqual(['address', 'area', 'id']);

  await page.reload();
  await expect(page.getByTestId('edit-target')).toContainText(name);
  await expect(page.locator('#kit-field-area')).toHaveValue(area);

  // A link opened afresh (no navigation state) loads the record by the URL's id.
  const fresh = await page.context().newPage();
  const get = fresh.waitForResponse((r) => r.url().includes('/api/admin/ent/query/get'));
  await fresh.goto(`/editEpQuote?id=${String(first.id)}`);
  await get;
  await expect(fresh.getByTestId('edit-target')).toContainText(name);
  await expect(fresh.locator('#kit-field-quoteRatio')).toBeVisible();
  await fresh.close();
});

test('企业合同：与现有原合同有效期重叠时提示且表单保留；企业名称打开企业详情', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await page.goto('/ent/entContract');
  const screen = kitScreen(page, 'entContract');
  await expect(screen.getByText(/共 \d+ 条/)).toBeVisible();
  const ent = '深圳蓝海电子商务有限公司';
  // A year of its own per run, so reruns against one database never overlap an earlier run's contract.
  const year = 2100 + (parseInt(RUN, 36) % 800);
  const contract = (no: string, start: string, end: string) => ({ contractNo: no, entId: ent, category: '原合同', contractType: '外扣合同', startDate: start, endDate: end });

  await screen.getByRole('button', { name: '新增' }).click();
  await fillKitForm(page, contract(`HT${RUN}A`, `${year}-01-01`, `${year}-12-31`));
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();

  await screen.getByRole('button', { name: '新增' }).click();
  await fillKitForm(page, contract(`HT${RUN}B`, `${year}-06-01`, `${year + 1}-05-31`));
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('合同有效期与现有原合同重叠')).toBeVisible();
  await expect(page.locator('#kit-field-contractNo')).toHaveValue(`HT${RUN}B`);
  await page.locator('.bp6-dialog').getByRole('button', { name: '取消' }).click();
  await page.getByRole('button', { name: '确定' }).click();

  await page.locator('#kit-search-contractNo').fill(`HT${RUN}A`);
  await listAnswer(page, 'contract/ent/query', () => screen.getByRole('button', { name: '查询', exact: true }).click());
  await screen.getByTestId('ent-link').first().click();
  const detail = page.getByTestId('ent-detail');
  await expect(detail.getByText('企业编码')).toBeVisible();
  await expect(detail.getByText(ent)).toBeVisible();
});

test('SYS 在下级商户页新增：只选上级商户，所属供应商由服务端取上级的', async ({ page }) => {
  const name = `下级商户${RUN}`;
  await signInAndWait(page, DEMO_ACCOUNTS.SYS);
  await page.goto('/merchant/merchtSub');
  await kitScreen(page, 'subMerchant').getByRole('button', { name: '新增' }).click();
  // The form asks no supplier: the sub takes its parent's (杭州链客's is 江西赣通, not the default supplier).
  await expect(page.locator('#kit-field-supplierId')).toHaveCount(0);
  await fillKitForm(page, { name, parentId: '杭州链客科技有限公司', contactName: '王五', contactPhone: '13912345679', adminUsername: `sub${RUN}` });
  await createAndReadPassword(page);
  const answer = await listAnswer(page, 'mercht/query/subMercht', () => page.reload());
  expect(answer.records.find((r) => r.name === name)).toMatchObject({ parentName: '杭州链客科技有限公司', supplierName: '江西赣通企业服务有限公司' });
});
