import { type Browser, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../shared-utility/src/kit/format';
import { clickRowAction, kitScreen, listAnswer, NO_GUIDE } from './support/kit-screen';
import { privateServer } from './support/server';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 11 invoice journey on a server of its own (it consumes ENT0001's free finished orders): ENT
 * applies over two finished orders with the server's amounts previewed and uploads a work-completion
 * voucher; SPR reviews, uploads the invoice PDF (the simulated OCR fills it), adds the express and
 * issues; ENT sees it issued and previews the file; SPR discards it and ENT applies again for the
 * released orders.
 */
test.describe.configure({ timeout: 240_000 });
const server = privateServer();

const MY = 'invoice/act/query/my';
const TO_ME = 'invoice/act/query/toMe';

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, username, undefined, server.url);
  return page;
}

/** A one-page PDF whose text layer carries the marks the simulated VAT recognition reads. */
function invoicePdf(total: string, tax: string): Buffer {
  const text = `BT /F1 12 Tf 40 700 Td (InvoiceNo: 26112000000000004321 Date: 2026-11-20 Total: ${total} Tax: ${tax}) Tj ET`;
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length ${text.length}>>stream\n${text}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Confirms a row transition (a question, or a reason form) and waits for its success toast. */
async function transition(page: Page, query: string, applyNo: string, action: string, reason?: string) {
  await clickRowAction(page, applyNo, action);
  const dialog = page.locator('.bp6-dialog').filter({ has: page.getByRole('button', { name: '确定' }) }).last();
  if (reason) await page.locator('#kit-dialog-reason').fill(reason);
  await listAnswer(page, query, () => dialog.getByRole('button', { name: '确定' }).click());
  await expect(page.getByText(`${action}成功`).first()).toBeVisible();
}

/** 申请开票 over every offered order: the server's amounts show before submitting; answers the new application. */
async function applyForAll(page: Page, count: number) {
  await page.getByRole('button', { name: '申请开票' }).click();
  const dialog = page.locator('.bp6-dialog').filter({ hasText: '申请开票' });
  await expect(dialog.locator('tbody tr')).toHaveCount(count);
  // The dialog may re-render once its rows and preview arrive; tick 全选 until it stays ticked.
  const all = dialog.getByRole('checkbox', { name: '全选' });
  await expect(async () => {
    if (!(await all.isChecked())) await all.click({ force: true });
    await expect(all).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog.getByTestId('preview-amount')).toHaveText(/^\d+\.\d{2}$/);
  const preview = { amount: await dialog.getByTestId('preview-amount').innerText(), tax: await dialog.getByTestId('preview-tax').innerText() };
  const data = await listAnswer(page, MY, () => dialog.getByRole('button', { name: '提交申请' }).click());
  await expect(page.getByText('申请已提交').first()).toBeVisible();
  const created = data.records[0];
  expect(created).toMatchObject({ status: 10, orderCount: count, amount: preview.amount, tax: preview.tax });
  return created as { applyNo: string; amount: string; tax: string };
}

test('开票申请：企业申请并上传完工证明，供应商审核、识别发票、填写快递并开票，企业预览发票，作废后企业重新申请', async ({ browser }) => {
  const ent = await signedIn(browser, DEMO_ACCOUNTS.ENT);
  await ent.goto('/invoice/myApply/0');
  await expect(kitScreen(ent, 'invoiceApply').getByText(/共 \d+ 条/)).toBeVisible();
  const applied = await applyForAll(ent, 2);

  // The work-completion voucher (type 20 is preselected).
  await clickRowAction(ent, applied.applyNo, '凭证');
  const vouchers = ent.locator('.bp6-dialog').filter({ hasText: '凭证（' });
  await vouchers.locator('input[type=file]').setInputFiles({ name: '工作完成证明.pdf', mimeType: 'application/pdf', buffer: invoicePdf('0.00', '0.00') });
  await vouchers.getByRole('button', { name: '上传凭证' }).click();
  await expect(ent.getByText('凭证已上传').first()).toBeVisible();
  await expect(vouchers.getByText('工作完成证明.pdf')).toBeVisible();
  await vouchers.getByRole('button', { name: '关闭' }).click();

  // The supplier reviews, reads the invoice with the OCR, adds the express and issues.
  const spr = await signedIn(browser, DEMO_ACCOUNTS.SPR);
  await spr.goto(`/invoice/toMeApply/1?applyNo=${applied.applyNo}`);
  await expect(kitScreen(spr, 'invoiceApplyToMe').getByText(applied.applyNo)).toBeVisible();
  await transition(spr, TO_ME, applied.applyNo, '审核通过');

  await clickRowAction(spr, applied.applyNo, '发票');
  const files = spr.locator('.bp6-dialog').filter({ hasText: '发票（' });
  await files.getByRole('button', { name: '添加发票' }).click();
  await files.locator('input[type=file]').setInputFiles({ name: '电子发票.pdf', mimeType: 'application/pdf', buffer: invoicePdf(applied.amount, applied.tax) });
  await expect(files.locator('#fp-invoice-invoiceNo')).toHaveValue('26112000000000004321');
  await expect(files.locator('#fp-invoice-total')).toHaveValue(applied.amount);
  await expect(files.locator('#fp-invoice-invoiceDate')).toHaveValue('2026-11-20');
  await files.getByRole('button', { name: '保存发票' }).click();
  await expect(spr.getByText('发票已保存').first()).toBeVisible();
  // The valid invoices' total as money is written on screen: with separators.
  await expect(files.getByTestId('files-total')).toHaveText(formatMoney(applied.amount));
  await files.getByRole('button', { name: '关闭' }).click();

  await clickRowAction(spr, applied.applyNo, '快递信息');
  await spr.locator('#kit-dialog-expressCompany').selectOption('SF');
  await spr.locator('#kit-dialog-expressNo').fill('SF1400012345678');
  await spr.locator('.bp6-dialog').filter({ hasText: '快递信息' }).getByRole('button', { name: '确定' }).click();
  await expect(spr.getByText('快递信息已保存').first()).toBeVisible();
  await transition(spr, TO_ME, applied.applyNo, '开票');

  // The enterprise sees it issued and previews the invoice.
  await ent.goto(`/invoice/myApply/0?applyNo=${applied.applyNo}`);
  const mine = kitScreen(ent, 'invoiceApply');
  await expect(mine.locator('.fp-grid td').getByText('已开票')).toBeVisible();
  await clickRowAction(ent, applied.applyNo, '发票');
  const issued = ent.locator('.bp6-dialog').filter({ hasText: '发票（' });
  await expect(issued.getByText('26112000000000004321')).toBeVisible();
  await expect(issued.getByText('SF1400012345678')).toBeVisible();
  await issued.getByRole('button', { name: '电子发票.pdf' }).click();
  await expect(ent.locator('.bp6-dialog').filter({ hasText: '文件预览' }).locator('iframe[title="PDF 预览"]')).toBeVisible();
  await ent.keyboard.press('Escape');
  await ent.keyboard.press('Escape');

  // Discard with a reason releases the orders; the enterprise applies for them again.
  await spr.goto(`/invoice/toMeApply/1?applyNo=${applied.applyNo}`);
  await expect(kitScreen(spr, 'invoiceApplyToMe').locator('.fp-grid td').getByText('已开票')).toBeVisible();
  await transition(spr, TO_ME, applied.applyNo, '作废', '发票抬头有误');

  await ent.goto('/invoice/myApply/0');
  await expect(kitScreen(ent, 'invoiceApply').getByText(/共 \d+ 条/)).toBeVisible();
  const again = await applyForAll(ent, 2);
  expect(again.amount).toBe(applied.amount);
  expect(again.applyNo).not.toBe(applied.applyNo);
});

test(':toMe 选择开票申请的方向：平台在申请记录与开出记录间切换，企业只有申请记录', async ({ browser }) => {
  const sys = await signedIn(browser, DEMO_ACCOUNTS.SYS);
  const directions = sys.locator('.fp-invoice-direction');
  // 1 names the applications addressed to the supplier: 开出记录's route, its tab selected, the query kept.
  await sys.goto('/invoice/myApply/1?applyType=90');
  await expect(sys).toHaveURL(/\/invoice\/toMeApply\/1\?applyType=90$/);
  await expect(kitScreen(sys, 'invoiceApplyToMe')).toBeVisible();
  await expect(directions.getByRole('tab', { name: '开出记录' })).toHaveAttribute('aria-selected', 'true');
  // The redirect replaced the URL: its visited tab is 开出记录's, with no tab left for the URL typed.
  const visited = sys.getByTestId('visited-tabs');
  await expect(visited.locator('[data-path="/invoice/toMeApply/1"]')).toBeVisible();
  await expect(visited.locator('[data-path="/invoice/myApply/1"]')).toHaveCount(0);
  await directions.getByRole('tab', { name: '申请记录' }).click();
  await expect(sys).toHaveURL(/\/invoice\/myApply\/0$/);
  await expect(kitScreen(sys, 'invoiceApply')).toBeVisible();
  await expect(directions.getByRole('tab', { name: '申请记录' })).toHaveAttribute('aria-selected', 'true');
  await sys.goto('/invoice/toMeApply/0');
  await expect(sys).toHaveURL(/\/invoice\/myApply\/0$/);
  await expect(visited.locator('[data-path="/invoice/myApply/0"]')).toBeVisible();
  await expect(visited.locator('[data-path="/invoice/toMeApply/0"]')).toHaveCount(0);

  // The enterprise has one direction: no direction tabs, and 1 falls back to its own.
  const ent = await signedIn(browser, DEMO_ACCOUNTS.ENT);
  await ent.goto('/invoice/myApply/1');
  await expect(ent).toHaveURL(/\/invoice\/myApply\/0$/);
  await expect(kitScreen(ent, 'invoiceApply')).toBeVisible();
  await expect(ent.locator('.fp-invoice-direction')).toHaveCount(0);
});
