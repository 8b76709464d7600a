import { expect, type Locator, type Page } from '@playwright/test';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const XLSX = require('xlsx') as typeof import('xlsx');

/** The first-time guide (a modal) would cover the screens under test: 稍后提醒 for this session. */
export const NO_GUIDE = () => window.sessionStorage.setItem('delayShowGuide', '1');

/** A kit v2 screen of an entity (data-testid screen-<entity>). */
export function kitScreen(page: Page, entity: string): Locator {
  return page.getByTestId(`screen-${entity}`);
}

/** Waits for the list answer of a path and returns its JSON data. */
export async function listAnswer(page: Page, path: string, act: () => Promise<unknown>): Promise<{ records: Array<Record<string, unknown>>; total: number }> {
  const answer = page.waitForResponse((r) => r.url().includes(`/api/admin/${path}/list`));
  await act();
  return ((await (await answer).json()) as { data: { records: Array<Record<string, unknown>>; total: number } }).data;
}

/** Fills a kit form (dialog or drawer) by field names and submits it. */
export async function fillKitForm(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const input = page.locator(`#kit-field-${name}`);
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption({ label: value });
    else await input.fill(value);
  }
}

/**
 * The row of the grid in `scope` with a cell showing exactly `text`, and its action (inline, or under
 * 更多): the 操作 column is fixed to the grid's right edge, so it is in view without scrolling.
 */
export async function clickRowAction(page: Page, text: string, action: string, scope: Locator | Page = page): Promise<void> {
  const row = scope.locator('.fp-grid tbody tr').filter({ has: page.getByText(text, { exact: true }) }).first();
  const actions = row.locator('td.fp-grid-actions');
  const button = actions.getByRole('button', { name: action, exact: true });
  const item = page.getByRole('menuitem', { name: action, exact: true });
  // The row's actions may still be rendering, or still be those before the previous action's list refresh
  // (领取审核 → 审核通过): wait until the action is offered, inline or under 更多, closing a stale menu.
  await expect(async () => {
    await expect(actions.getByRole('button').first()).toBeVisible({ timeout: 1000 });
    if ((await button.count()) > 0) return;
    await actions.getByRole('button', { name: '更多' }).click({ timeout: 1000 });
    try {
      await item.waitFor({ state: 'visible', timeout: 1000 });
    } catch (error) {
      await page.keyboard.press('Escape');
      throw error;
    }
  }).toPass({ timeout: 15_000 });
  if ((await button.count()) > 0) return button.click();
  await item.click();
}

/** Runs 导出 and returns the downloaded sheet's rows keyed by header. */
export async function exportRows(page: Page): Promise<Array<Record<string, unknown>>> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = XLSX.readFile((await download.path())!);
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[workbook.SheetNames[0]]);
}

/** Saves the current search under a name and applies it again from the 常用查询 menu. */
export async function saveAndApplySearch(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '常用查询' }).click();
  await page.getByRole('menuitem', { name: '保存当前查询…' }).click();
  await page.locator('#kit-dialog-name').fill(name);
  await page.locator('.bp6-dialog', { hasText: '保存当前查询' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.getByRole('button', { name: '重置' }).click();
  await page.getByRole('button', { name: '常用查询' }).click();
  await page.getByTestId('saved-searches').getByText(name, { exact: true }).click();
}

export interface ListJourney {
  route: string;
  entity: string;
  /** Path prefix of the entity's query calls, e.g. taxSource/query. */
  query: string;
  /** The search input and the value searched for (a unique text of the rows expected). */
  searchField: string;
  value: string;
  /** The column header of that field in the export. */
  exportHeader: string;
  /** A status tab to pick after searching, with its value in the URL. */
  tab: { name: string; value: string | number };
  /** Rows the search finds on that tab. */
  tabTotal: number;
}

/**
 * The list half of a journey: a search kept in the URL, a status tab, reload and back/forward
 * restore both, the server export holds exactly the listed rows, and a saved search applies again.
 */
export async function listJourney(page: Page, o: ListJourney): Promise<void> {
  const screen = kitScreen(page, o.entity);
  await page.locator(`#kit-search-${o.searchField}`).fill(o.value);
  await listAnswer(page, o.query, () => screen.getByRole('button', { name: '查询', exact: true }).click());
  await expect(page).toHaveURL(new RegExp(`${o.searchField}=`));

  const tabUrl = new RegExp(`tab=${o.tab.value}`);
  await screen.getByRole('tab', { name: o.tab.name }).click();
  await expect(page).toHaveURL(tabUrl);
  await expect(screen.getByText(`共 ${o.tabTotal} 条`)).toBeVisible();

  await page.reload();
  await expect(page.locator(`#kit-search-${o.searchField}`)).toHaveValue(o.value);
  await expect(screen.getByText(`共 ${o.tabTotal} 条`)).toBeVisible();
  await screen.getByRole('tab', { name: '全部' }).click();
  await expect(page).not.toHaveURL(tabUrl);
  await page.goBack();
  await expect(page).toHaveURL(tabUrl);
  await expect(page.locator(`#kit-search-${o.searchField}`)).toHaveValue(o.value);
  await page.goForward();
  await expect(page).not.toHaveURL(tabUrl);

  const listed = await listAnswer(page, o.query, () => screen.getByRole('button', { name: '查询', exact: true }).click());
  expect(listed.records.length).toBeGreaterThan(0);
  const rows = await exportRows(page);
  expect(rows.map((r) => String(r[o.exportHeader]))).toEqual(listed.records.map((r) => String(r[o.searchField])));

  await saveAndApplySearch(page, `查询${o.value.slice(-6)}`);
  await expect(page.locator(`#kit-search-${o.searchField}`)).toHaveValue(o.value);
  await expect(page).toHaveURL(new RegExp(`${o.searchField}=`));
}

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A one-page PDF of a few hundred bytes. */
export function tinyPdf(name: string): FilePayload {
  const text = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(text) };
}

export interface JourneyOptions {
  route: string;
  entity: string;
  /** Path prefix of the entity's query calls, e.g. taxSource/query. */
  query: string;
  title: string;
  /** Create-form values; `searchField` holds the unique text searched for afterwards. */
  create: Record<string, string>;
  searchField: string;
  /** The column header of that field in the export. */
  exportHeader: string;
  edit: Record<string, string>;
}

/**
 * Create, edit and view → 编辑 in the kit form of the screen (or sub-table) holding `scope`; `locate`
 * brings the new row into view (a search) when the list is long.
 */
export async function formJourney(
  page: Page,
  scope: Locator,
  o: { unique: string; create: Record<string, string>; edit: Record<string, string>; title: string; file?: FilePayload },
  locate?: () => Promise<void>,
): Promise<void> {
  await scope.getByRole('button', { name: '新增' }).click();
  await fillKitForm(page, o.create);
  if (o.file) {
    await page.locator('.bp6-dialog input[type=file]').setInputFiles(o.file);
    // The chooser shows the file once its MD5 is computed.
    await expect(page.locator('.bp6-dialog').getByText(o.file.name)).toBeVisible();
  }
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await locate?.();
  await expect(scope.getByText(o.unique).first()).toBeVisible();

  await clickRowAction(page, o.unique, '编辑', scope);
  await fillKitForm(page, o.edit);
  await page.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();

  await clickRowAction(page, o.unique, '查看', scope);
  const [field, value] = Object.entries(o.edit)[0];
  await expect(page.locator(`#kit-field-${field}`)).toHaveValue(value);
  const viewing = page.locator('.bp6-dialog', { hasText: `查看${o.title}` });
  await viewing.getByRole('button', { name: '编辑' }).click();
  const editing = page.locator('.bp6-dialog', { hasText: `编辑${o.title}` });
  await expect(editing.getByRole('button', { name: '提交' })).toBeVisible();
  await editing.getByRole('button', { name: '取消' }).click();
  await expect(editing).toHaveCount(0);
}

/**
 * One journey over a kit v2 screen: create, search (kept in the URL), edit, view → 编辑, disable with
 * a reason, the 禁用 tab, 详情 with the trail, reload and back/forward, server export and a saved search.
 */
export async function entityJourney(page: Page, o: JourneyOptions): Promise<void> {
  await page.goto(o.route);
  const screen = kitScreen(page, o.entity);
  await expect(screen.getByText(/共 \d+ 条/)).toBeVisible();
  const unique = o.create[o.searchField];

  await formJourney(page, screen, { unique, create: o.create, edit: o.edit, title: o.title }, async () => {
    await page.locator(`#kit-search-${o.searchField}`).fill(unique);
    await listAnswer(page, o.query, () => screen.getByRole('button', { name: '查询', exact: true }).click());
    await expect(page).toHaveURL(new RegExp(`${o.searchField}=`));
    await expect(screen.getByText('共 1 条')).toBeVisible();
  });

  await clickRowAction(page, unique, '禁用');
  const reason = page.locator('.bp6-dialog', { hasText: '禁用原因' });
  await reason.getByRole('button', { name: '确定' }).click();
  await expect(reason.getByText('请输入禁用原因')).toBeVisible();
  await page.locator('#kit-dialog-reason').fill('e2e 停用');
  await reason.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('禁用成功')).toBeVisible();
  await clickRowAction(page, unique, '详情');
  await expect(page.getByTestId('kit-detail').getByText('e2e 停用')).toBeVisible();
  await page.locator('.bp6-dialog').getByRole('button', { name: '关闭' }).click();

  await listJourney(page, { ...o, value: unique, tab: { name: '禁用', value: 1 }, tabTotal: 1 });
}
