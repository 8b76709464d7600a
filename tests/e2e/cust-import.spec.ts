import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const XLSX = require('xlsx') as typeof import('xlsx');

/** The custImport template's header row (api-server/src/documents/templates.ts). */
const HEADERS = ['姓名', '证件类型', '证件号码', '手机号', '银行卡号', '开户银行', '备注'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const RUN = Date.now().toString().slice(-8);

/** 18 characters, unique per run and row, so repeated runs against one database never collide. */
const idNumber = (n: number) => `4401061985${RUN.slice(-5)}${n}${Math.floor(Math.random() * 100).toString().padStart(2, '0')}`.slice(0, 18);

function workbook(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADERS, ...rows]), '人才导入');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The first-time guide (a modal) would cover the screen under test: 稍后提醒 for this session. */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.sessionStorage.setItem('delayShowGuide', '1'));
});

async function openImport(page: Page) {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT);
  await page.goto('/cust/import');
  await expect(page.getByTestId('cust-import-page')).toBeVisible();
  await expect(page.getByText(/共 \d+ 条/).last()).toBeVisible();
}

const fileInput = (page: Page) => page.getByTestId('cust-import-page').locator('input[type="file"]');
/** The kit's messages appear as toasts (the upload hint below the input repeats the type rule). */
const toast = (page: Page, text: string) => page.locator('.bp6-toast-message').getByText(text, { exact: true });
const importButton = (page: Page) => page.getByRole('button', { name: '确认导入' });

test('人才导入：拒绝超过 2MB 的文件和非 Excel 文件', async ({ page }) => {
  await openImport(page);
  await expect(page.getByRole('button', { name: '下载模板' })).toBeVisible();
  await fileInput(page).setInputFiles({ name: 'big.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
  await expect(toast(page, '文件大小不能超过 2MB')).toBeVisible();
  await fileInput(page).setInputFiles({ name: 'talents.txt', mimeType: 'text/plain', buffer: Buffer.from('姓名,手机号\n张三,13800138000\n') });
  await expect(toast(page, '只能上传 xls 或 xlsx 文件')).toBeVisible();
  await expect(page.getByTestId('cust-import-preview')).toHaveCount(0);
  await expect(importButton(page)).toBeDisabled();
});

test('人才导入：预览两行、确认导入后出现在人才列表', async ({ page }) => {
  await openImport(page);
  const names = [`导入甲${RUN}`, `导入乙${RUN}`];
  const buffer = workbook([
    [names[0], '居民身份证', idNumber(1), '13800138001', '6222020200112233445', '中国工商银行', ''],
    [names[1], '', idNumber(2), '13900139002', '6222020200112233446', '', '端到端测试'],
  ]);
  await fileInput(page).setInputFiles({ name: 'talents.xlsx', mimeType: XLSX_TYPE, buffer });
  const preview = page.getByTestId('cust-import-preview');
  await expect(preview.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('cust-import-summary')).toHaveText('共 2 条，全部通过校验');
  await expect(importButton(page)).toBeEnabled();
  await importButton(page).click();
  await expect(toast(page, '成功导入 2 条人才')).toBeVisible();
  await expect(preview).toHaveCount(0);
  for (const name of names) await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('北京星辰物流有限公司').first()).toBeVisible();
});

test('人才导入：手机号错误的行标红并且不能导入', async ({ page }) => {
  await openImport(page);
  const buffer = workbook([
    [`正确行${RUN}`, '居民身份证', idNumber(3), '13800138003', '6222020200112233447', '', ''],
    [`错误行${RUN}`, '居民身份证', idNumber(4), '12345678901', '6222020200112233448', '', ''],
  ]);
  await fileInput(page).setInputFiles({ name: 'bad-phone.xlsx', mimeType: XLSX_TYPE, buffer });
  const rows = page.getByTestId('cust-import-preview').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveAttribute('data-error', 'true');
  await expect(rows.nth(1)).toContainText('请输入有效的手机号码');
  await expect(rows.nth(0)).not.toHaveAttribute('data-error', 'true');
  await expect(page.getByTestId('cust-import-summary')).toContainText('其中 1 条有误');
  await expect(importButton(page)).toBeDisabled();
});
