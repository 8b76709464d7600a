import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';
import { clickRowAction, kitScreen, NO_GUIDE } from './support/kit-screen';
import { maskPersonal } from '../../shared-utility/src/pure/masking';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const XLSX = require('xlsx') as typeof import('xlsx');

/** The custImport template's header row (CUST_IMPORT_HEADERS; the screen's 下载模板 writes the same). */
const HEADERS = ['姓名', '证件类型', '证件号码', '手机号', '银行卡号', '开户银行', '备注'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const RUN = Date.now().toString().slice(-8);
/** A card number passing Luhn, so the simulated 3-factor check finds it 正确. */
const LUHN_CARD = '6222020200112233446';

/** GB 11643 check character of the first 17 digits. */
const checkChar = (first17: string) => '10X98765432'[[7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2].reduce((acc, w, i) => acc + w * Number(first17[i]), 0) % 11];
const pad = (n: number, size = 2) => String(n).padStart(size, '0');
/** A valid resident ID, unique per run and row (birth date from the run, sequence from the row), so repeated runs never collide. */
const idNumber = (n: number) => {
  const r = Number(RUN);
  const first17 = `440106${1960 + (r % 40)}${pad(1 + (Math.floor(r / 40) % 12))}${pad(1 + (Math.floor(r / 480) % 28))}${pad((n * 97 + Math.floor(r / 13440)) % 1000, 3)}`;
  return first17 + checkChar(first17);
};

function workbook(rows: string[][], header = HEADERS): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), '人才导入');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(NO_GUIDE);
});

/** /cust/import: the talent list with 下载模板 and 导入人才; opens the import dialog. */
async function openImport(page: Page, account: string = DEMO_ACCOUNTS.ENT) {
  await signInAndWait(page, account);
  await page.goto('/cust/import');
  await expect(kitScreen(page, 'cust')).toBeVisible();
  await expect(page.getByText(/共 \d+ 条/).last()).toBeVisible();
  await page.getByRole('button', { name: '导入人才' }).click();
  await expect(dialog(page)).toBeVisible();
}

const dialog = (page: Page) => page.getByTestId('kit-import');
const fileInput = (page: Page) => dialog(page).locator('input[type="file"]');
const choose = (page: Page, name: string, buffer: Buffer) => fileInput(page).setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
/** The kit's messages appear as toasts (the upload hint below the input repeats the type rule). */
const toast = (page: Page, text: string) => page.locator('.bp6-toast-message').getByText(text, { exact: true });
const importButton = (page: Page) => page.getByRole('button', { name: '确认导入' });
const previewRows = (page: Page) => page.getByTestId('kit-import-preview').locator('tbody tr');
const summary = (page: Page) => page.getByTestId('kit-import-summary');
/** The verdict column follows the row number (校验结果, then 导入结果 after sending). */
const verdict = (page: Page, i: number) => previewRows(page).nth(i).locator('td').nth(1);

test('人才导入：下载模板得到模板表头，拒绝超过 2MB 的文件和非 Excel 文件', async ({ page }) => {
  await signInAndWait(page, DEMO_ACCOUNTS.ENT);
  await page.goto('/cust/import');
  const download = page.waitForEvent('download');
  await kitScreen(page, 'cust').getByRole('button', { name: '下载模板' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('人才导入模板.xlsx');
  const template = XLSX.read(fs.readFileSync((await file.path())!));
  expect(XLSX.utils.sheet_to_json(template.Sheets[template.SheetNames[0]], { header: 1 })[0]).toEqual(HEADERS);

  await page.getByRole('button', { name: '导入人才' }).click();
  // An enterprise imports into itself: no enterprise picker.
  await expect(dialog(page).getByText('登记企业')).toHaveCount(0);
  await fileInput(page).setInputFiles({ name: 'big.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
  await expect(toast(page, '文件大小不能超过 2MB')).toBeVisible();
  await fileInput(page).setInputFiles({ name: 'talents.txt', mimeType: 'text/plain', buffer: Buffer.from('姓名,手机号\n张三,13800138000\n') });
  await expect(toast(page, '只能上传 xls 或 xlsx 文件')).toBeVisible();
  await expect(page.getByTestId('kit-import-preview')).toHaveCount(0);
  await expect(importButton(page)).toBeDisabled();
});

test('人才导入：预览两行、确认导入后逐行显示已导入并出现在人才列表', async ({ page }) => {
  await openImport(page);
  const names = [`导入甲${RUN}`, `导入乙${RUN}`];
  await choose(
    page,
    'talents.xlsx',
    workbook([
      [names[0], '居民身份证', idNumber(1), '13800138001', '6222020200112233445', '中国工商银行', ''],
      [names[1], '', idNumber(2), '13900139002', '6222020200112233446', '', '端到端测试'],
    ]),
  );
  await expect(previewRows(page)).toHaveCount(2);
  await expect(summary(page)).toHaveText('共 2 条，全部通过校验');
  await importButton(page).click();
  await expect(toast(page, '成功导入 2 条人才')).toBeVisible();
  await expect(summary(page)).toHaveText('共 2 条，已全部导入');
  for (const i of [0, 1]) await expect(verdict(page, i)).toHaveText('新增人才');
  await expect(importButton(page)).toBeDisabled();
  await page.getByRole('button', { name: '关闭', exact: true }).click();
  const list = kitScreen(page, 'cust');
  for (const name of names) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(list.getByText('北京星辰物流有限公司').first()).toBeVisible();
});

test('人才导入：手机号错误的行标红并且不能导入；表头不符和超过行数的文件被拒绝', async ({ page }) => {
  await openImport(page);
  await choose(
    page,
    'bad-phone.xlsx',
    workbook([
      [`正确行${RUN}`, '居民身份证', idNumber(3), '13800138003', '6222020200112233447', '', ''],
      [`错误行${RUN}`, '居民身份证', idNumber(4), '12345678901', '6222020200112233448', '', ''],
    ]),
  );
  await expect(previewRows(page)).toHaveCount(2);
  await expect(previewRows(page).nth(1)).toHaveAttribute('data-error', 'true');
  await expect(previewRows(page).nth(1)).toContainText('请输入有效的手机号码');
  await expect(previewRows(page).nth(0)).not.toHaveAttribute('data-error', 'true');
  await expect(summary(page)).toContainText('其中 1 条有误');
  await expect(importButton(page)).toBeDisabled();

  await dialog(page).getByRole('button', { name: '移除' }).click();
  await choose(page, 'old-header.xlsx', workbook([[`表头${RUN}`, '', idNumber(5), '13800138005', '6222020200112233449', '', '']], HEADERS.slice(0, 5)));
  await expect(dialog(page).getByText(`文件表头与模板不一致，请下载模板后填写（${HEADERS.join('、')}）`)).toBeVisible();
  await dialog(page).getByRole('button', { name: '移除' }).click();
  const many = Array.from({ length: 2001 }, (_, i) => [`超限${i}`, '', `1101011990${String(i).padStart(8, '0')}`, '13800138000', '6222020200112233445', '', '']);
  await choose(page, 'too-many.xlsx', workbook(many));
  await expect(dialog(page).getByText('单次最多导入2000条人才，请拆分文件后再导入')).toBeVisible();
  await expect(importButton(page)).toBeDisabled();
});

test('人才导入：已登记的人员不再拒绝，逐行说明新增或已有合作关系', async ({ page }) => {
  await openImport(page);
  const existing = idNumber(6);
  await choose(page, 'first.xlsx', workbook([[`先导入${RUN}`, '', existing, '13800138006', '6222020200112233445', '', '']]));
  await importButton(page).click();
  await expect(toast(page, '成功导入 1 条人才')).toBeVisible();

  await dialog(page).getByRole('button', { name: '移除' }).click();
  await choose(
    page,
    'again.xlsx',
    workbook([
      [`新人${RUN}`, '', idNumber(7), '13800138007', '6222020200112233445', '', ''],
      [`重复${RUN}`, '', existing.toLowerCase(), '13800138008', '6222020200112233445', '', ''],
    ]),
  );
  await expect(summary(page)).toHaveText('共 2 条，全部通过校验');
  await importButton(page).click();
  await expect(toast(page, '成功导入 2 条人才')).toBeVisible();
  await expect(verdict(page, 0)).toHaveText('新增人才');
  await expect(verdict(page, 1)).toHaveText('人员已登记，合作关系已存在');
  await page.getByRole('button', { name: '关闭', exact: true }).click();
  // 导入记录 keeps the batch with its counts.
  await kitScreen(page, 'cust').getByRole('button', { name: '导入记录' }).click();
  await expect(kitScreen(page, 'custImport').getByText('again.xlsx').or(kitScreen(page, 'custImport').locator('.fp-grid td').filter({ hasText: /^IM\d+/ })).first()).toBeVisible();
});

test('人才导入：平台须先选择企业，导入到所选企业', async ({ page }) => {
  await openImport(page, DEMO_ACCOUNTS.SYS);
  const name = `平台导入${RUN}`;
  await choose(page, 'sys.xlsx', workbook([[name, '', idNumber(8), '13800138009', '6222020200112233445', '', '']]));
  await expect(summary(page)).toHaveText('共 1 条，全部通过校验');
  await importButton(page).click();
  await expect(dialog(page).locator('.bp6-form-helper-text')).toHaveText('请选择登记企业');
  await dialog(page).locator('#kit-import-entId').selectOption({ label: '成都巴蜀餐饮管理有限公司' });
  await importButton(page).click();
  await expect(toast(page, '成功导入 1 条人才')).toBeVisible();
  await page.getByRole('button', { name: '关闭', exact: true }).click();
  const row = kitScreen(page, 'cust').locator('.fp-grid td').filter({ hasText: name });
  await expect(row).toBeVisible();
});

test('人才导入：导入记录可下载原始文件和结果文件；导入的银行卡未校验，可重新校验', async ({ page }) => {
  await openImport(page);
  const name = `原始文件${RUN}`;
  const fileName = `kept-${RUN}.xlsx`;
  const original = workbook([[name, '', idNumber(9), '13800138010', LUHN_CARD, '', '']]);
  await choose(page, fileName, original);
  await importButton(page).click();
  await expect(toast(page, '成功导入 1 条人才')).toBeVisible();
  await page.getByRole('button', { name: '关闭', exact: true }).click();

  await kitScreen(page, 'cust').getByRole('button', { name: '导入记录' }).click();
  const history = kitScreen(page, 'custImport');
  await expect(history.getByRole('button', { name: `原始文件 ${fileName}` })).toBeVisible();
  // The file name downloads the original workbook; 结果文件 one line per row with its outcome.
  const [kept] = await Promise.all([page.waitForEvent('download'), history.getByRole('button', { name: `原始文件 ${fileName}` }).click()]);
  expect(kept.suggestedFilename()).toBe(fileName);
  expect(fs.readFileSync((await kept.path())!)).toEqual(original);
  const [result] = await Promise.all([page.waitForEvent('download'), clickRowAction(page, fileName, '结果文件', history)]);
  expect(result.suggestedFilename()).toMatch(/^导入结果_IM\d+/);
  const book = XLSX.read(fs.readFileSync((await result.path())!));
  expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]])).toEqual([expect.objectContaining({ 行号: 1, 姓名: name, 结果: '成功', 说明: '新增人才' })]);
  await page.keyboard.press('Escape');

  // The imported card is 未校验: 重新校验 runs the 3-factor check (the number passes Luhn: 正确).
  await page.goto(`/cust/ent?name=${encodeURIComponent(name)}`);
  const talents = kitScreen(page, 'cust');
  await expect(talents.locator('.fp-grid td').getByText(name, { exact: true })).toBeVisible();
  await clickRowAction(page, name, '银行卡', talents);
  const cards = kitScreen(page, 'custCard');
  await expect(cards.locator('.fp-grid td').getByText('未校验', { exact: true })).toBeVisible();
  // The card list shows the number masked, for every account (issue 22 item 6).
  await clickRowAction(page, maskPersonal('bankCard', LUHN_CARD), '重新校验', cards);
  await page.locator('.bp6-dialog').filter({ hasText: '三要素' }).getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '校验通过')).toBeVisible();
  await expect(cards.locator('.fp-grid td').getByText('正确', { exact: true })).toBeVisible();
  await expect(cards.getByRole('button', { name: '重新校验' })).toHaveCount(0);
});
