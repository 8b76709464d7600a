import { type Browser, expect, type Page, test } from '@playwright/test';
import type Database from 'better-sqlite3';
import { openServerDatabase } from './support/database';
import { clickRowAction, kitScreen, NO_GUIDE } from './support/kit-screen';
import { startServer, type RunningServer } from './support/server';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const XLSX = require('xlsx') as typeof import('xlsx');

/**
 * Issue 10 payout journey: ENT uploads a payout sheet with good rows and rows failing several gates,
 * fixes one row and deletes the others, submits for review; SPR approves; ENT turns it into an order
 * with the SMS pay code; SPR claims and passes the order review; the simulated bank pays every line
 * but one (an account ending 9999), while ENT's open list turns to 部分失败 without reloading; the
 * balance ledger and the fee log match; the failed line is re-ordered; a receipt previews; the work
 * certificate export downloads.
 */
test.describe.configure({ timeout: 240_000 });

const HEADERS = ['姓名*', '证件类型', '证件号码*', '手机号', '收款账号*', '开户行', '金额(元)*', '备注'];

let server: RunningServer;
let db: Database.Database;

interface Talent {
  name: string;
  idNumber: string;
  account: string;
}

/** enterprise01's talents, from the server's own database: passing every gate, and failing the ones named. */
function talents(entId: number) {
  const base = `SELECT c.name, c.idNumber, c.bankCard AS account FROM cust c
    JOIN cust_coop_ent ce ON ce.custId = c.id AND ce.entId = ?
    LEFT JOIN cust_coop_sup cs ON cs.custId = c.id`;
  const passing = db
    .prepare(`${base} WHERE c.realNameStatus = 10 AND ce.status = 0 AND cs.status = 0 AND cs.signStatus = 20
      AND EXISTS (SELECT 1 FROM cust_card k WHERE k.custId = c.id AND k.cardNo = c.bankCard AND k.validated = 1) ORDER BY c.id LIMIT 4`)
    .all(entId) as Talent[];
  const notRealName = db.prepare(`${base} WHERE c.realNameStatus = 0 LIMIT 1`).get(entId) as Talent;
  const notSigned = db.prepare(`${base} WHERE c.realNameStatus = 10 AND ce.status = 0 AND cs.status = 0 AND cs.signStatus = 0 LIMIT 1`).get(entId) as Talent;
  return { passing, notRealName, notSigned };
}

function sheet(rows: string[][]): { name: string; mimeType: string; buffer: Buffer } {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADERS, ...rows]), '代发订单');
  return { name: '11月劳务费.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer };
}

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, username, undefined, server.url);
  return page;
}

/** Confirms a row transition (a question, or a small form with a reason) and waits for its toast. */
async function transition(page: Page, text: string, action: string, reason?: string) {
  await clickRowAction(page, text, action);
  // A transition with a question or a reason opens a dialog; one without runs at once.
  if (reason) {
    await page.locator('#kit-dialog-reason').fill(reason);
    await page.locator('.bp6-dialog').filter({ has: page.getByRole('button', { name: '确定' }) }).last().getByRole('button', { name: '确定' }).click();
  }
  await expect(page.getByText(`${action}成功`).first()).toBeVisible();
}

/** The grid cell holding exactly this text. */
function gridRow(scope: Page | ReturnType<Page['locator']>, text: string) {
  return scope.locator('.fp-grid td').filter({ hasText: new RegExp(`^${text}$`) }).first();
}

test.beforeAll(async () => {
  server = await startServer({ FLEXPAY_SIM_DELAY_MS: '300' });
  db = openServerDatabase(server.dataDir);
});

test.afterAll(async () => {
  db?.close();
  await server?.stop();
});

test('代发：上传制单、改错删行、审核、短信验证码提交订单，模拟银行部分失败实时更新，账务与计费一致，失败明细重新制单，回单预览，完工证明导出', async ({ browser }) => {
  const entId = (db.prepare(`SELECT orgId FROM admin_user WHERE username = ?`).get(DEMO_ACCOUNTS.ENT) as { orgId: number }).orgId;
  // The journey shows both reviews: the temp order's (提交审核) and the order's (领取审核).
  db.prepare(`UPDATE ent_config SET tempOrderReview = 1, orderReview = 1 WHERE entId = ?`).run(entId);
  const { passing, notRealName, notSigned } = talents(entId);
  expect(passing.length).toBe(4);
  const [a, b, c, d] = passing;
  const failingAccount = `${d.account.slice(0, -4)}9999`;
  const file = sheet([
    [a.name, '居民身份证', a.idNumber, '', a.account, '', '120.00', '11月劳务费'],
    [b.name, '居民身份证', b.idNumber, '', b.account, '', '80.50', ''],
    [c.name, '居民身份证', c.idNumber, '', c.account, '', '12.3.4', ''],
    [d.name, '居民身份证', d.idNumber, '', failingAccount, '', '66.00', ''],
    [notRealName.name, '居民身份证', notRealName.idNumber, '', notRealName.account, '', '50.00', ''],
    [notSigned.name, '居民身份证', notSigned.idNumber, '', notSigned.account, '', '50.00', ''],
  ]);

  // ENT uploads the sheet: the rows come back with their error type and message.
  const ent = await signedIn(browser, DEMO_ACCOUNTS.ENT);
  await ent.goto('/order/prodOrder');
  await expect(kitScreen(ent, 'tempOrder').getByText(/共 \d+ 条/)).toBeVisible();
  await ent.getByRole('button', { name: '上传制单' }).click();
  await ent.locator('#kit-dialog-channel').selectOption({ label: '网银通道A' });
  await ent.locator('.bp6-dialog input[type=file]').setInputFiles(file);
  await expect(ent.locator('.bp6-dialog').getByText(file.name)).toBeVisible();
  const created = ent.waitForResponse((r) => r.url().includes('/api/admin/order/mgr/temp/create'));
  await ent.locator('.bp6-dialog').getByRole('button', { name: '确定' }).click();
  const answer = (await (await created).json()) as { code: number; data: { id: number; tempOrderNo: string; rows: Array<{ rowNo: number; errorType: number; errorMsg: string }> } };
  expect(answer.code).toBe(0);
  const { tempOrderNo } = answer.data;
  expect(answer.data.rows.map((r) => r.errorType)).toEqual([0, 0, 10, 0, 50, 100]);
  const rows = kitScreen(ent, 'tempOrderDetail');
  await expect(rows.getByText('金额必须大于0且最多两位小数')).toBeVisible();
  await expect(rows.getByText('未实名', { exact: true }).last()).toBeVisible();
  await expect(rows.getByText('未签约', { exact: true }).last()).toBeVisible();

  // Fix the amount in place; delete the two people who may not be paid.
  await clickRowAction(ent, c.name, '编辑', rows);
  await ent.locator('#kit-field-amount').fill('45.20');
  await ent.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(ent.getByText('更新成功')).toBeVisible();
  await expect(rows.getByText('金额必须大于0且最多两位小数')).toHaveCount(0);
  for (const gone of [notRealName, notSigned]) {
    await clickRowAction(ent, gone.name, '删除', rows);
    await ent.locator('.bp6-alert').getByRole('button', { name: '确定' }).click();
    await expect(rows.getByText(gone.name, { exact: true })).toHaveCount(0);
    // The confirm stays in the page while it fades out; the next 删除 opens a new one.
    await expect(ent.locator('.bp6-alert')).toHaveCount(0);
  }
  await ent.locator('.bp6-drawer').getByRole('button', { name: 'Close' }).click();

  // 提交审核, then the supplier approves the temp order.
  await expect(gridRow(ent, tempOrderNo)).toBeVisible();
  await transition(ent, tempOrderNo, '提交审核');
  const spr = await signedIn(browser, DEMO_ACCOUNTS.SPR);
  await spr.goto(`/order/prodOrder?tempOrderNo=${tempOrderNo}`);
  await expect(gridRow(spr, tempOrderNo)).toBeVisible();
  await transition(spr, tempOrderNo, '审核通过');

  // ENT 提交订单 with the SMS payment code the outbox holds.
  await ent.goto(`/order/prodOrder?tempOrderNo=${tempOrderNo}`);
  await expect(gridRow(ent, tempOrderNo)).toBeVisible();
  await clickRowAction(ent, tempOrderNo, '提交订单');
  const since = Date.now() - 1000;
  await ent.getByRole('button', { name: '获取验证码' }).click();
  await expect(ent.getByText('验证码已发送')).toBeVisible();
  const sms = db.prepare(`SELECT content FROM sms_outbox WHERE smsType = 20 AND createdAt >= ? ORDER BY id DESC LIMIT 1`).get(since) as { content: string };
  const code = /验证码为 (\d{6})/.exec(sms.content)![1];
  await ent.locator('#kit-dialog-smsCode').fill(code);
  const trans = ent.waitForResponse((r) => r.url().includes('/api/admin/order/mgr/temp/transOrder'));
  await ent.locator('.bp6-dialog').getByRole('button', { name: '确定' }).click();
  const { data: order } = (await (await trans).json()) as { data: { orderNo: string } };
  const { orderNo } = order;

  // ENT watches 代发订单 from here on: no list request may be needed for its row to change.
  await ent.goto(`/order/index?orderNo=${orderNo}`);
  await expect(gridRow(ent, orderNo)).toBeVisible();
  let listCalls = 0;
  ent.on('request', (r) => {
    if (r.url().includes('/api/admin/order/query/list')) listCalls += 1;
  });

  // SPR claims and passes the order's review once preprocessing locked the money (20 待人工审核).
  await spr.goto(`/order/index?orderNo=${orderNo}`);
  await expect(async () => {
    await spr.getByRole('button', { name: '查询', exact: true }).click();
    await expect(gridRow(spr, '待人工审核')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await transition(spr, orderNo, '领取审核');
  await transition(spr, orderNo, '审核通过');

  // The simulated bank pays three lines and refuses the 9999 account: ENT's row turns to 部分失败 live.
  await expect(gridRow(ent, '部分失败')).toBeVisible({ timeout: 30_000 });
  expect(listCalls).toBe(0);

  // Money: the enterprise's balance went down by exactly the three successful lines' locks; the fee log
  // holds one charge per line and a reversal for the failed one.
  const lines = db.prepare(`SELECT status, lockFen, feeFen FROM order_detail WHERE orderNo = ? ORDER BY rowNo`).all(orderNo) as Array<{ status: number; lockFen: number; feeFen: number }>;
  expect(lines.map((l) => l.status)).toEqual([20, 20, 20, 30]);
  const moves = db.prepare(`SELECT type, amountFen FROM balance_log WHERE bizNo = ?`).all(orderNo) as Array<{ type: number; amountFen: number }>;
  const sum = (type: number) => moves.filter((m) => m.type === type).reduce((s, m) => s + Math.abs(m.amountFen), 0);
  expect(sum(1)).toBe(sum(3) + sum(2));
  expect(sum(3)).toBe(lines.filter((l) => l.status === 20).reduce((s, l) => s + l.lockFen, 0));
  await spr.goto(`/order/feeLog?orderNo=${orderNo}`);
  const feeLog = kitScreen(spr, 'calcFeeLog');
  await expect(feeLog.getByText('共 5 条')).toBeVisible();
  await expect(feeLog.locator('.fp-grid td', { hasText: /^冲销$/ })).toBeVisible();

  // A successful line's bank receipt previews in the shell's dialog.
  await ent.goto(`/order/detail?orderNo=${orderNo}`);
  const details = kitScreen(ent, 'orderDetail');
  await details.getByRole('button', { name: /^回单_.*\.pdf$/ }).first().click();
  await expect(ent.getByTestId('file-preview')).toBeVisible();
  await ent.keyboard.press('Escape');

  // 失败明细重新制单: the failed line goes into a new temp order, never resent.
  await ent.goto(`/order/index?orderNo=${orderNo}`);
  await expect(gridRow(ent, orderNo)).toBeVisible();
  await clickRowAction(ent, orderNo, '重新制单');
  await ent.locator('.bp6-alert').getByRole('button', { name: '确定' }).click();
  await expect(ent.getByText(/重新制单成功/)).toBeVisible();
  await expect(ent).toHaveURL(/\/order\/prodOrder\?tempOrderNo=/);
  const reordered = /tempOrderNo=([^&]+)/.exec(ent.url())![1];
  const copied = db.prepare(`SELECT d.account FROM temp_order_detail d JOIN temp_order t ON t.id = d.tempOrderId WHERE t.tempNo = ?`).all(decodeURIComponent(reordered)) as Array<{ account: string }>;
  expect(copied.map((r) => r.account)).toEqual([failingAccount]);

  // The work certificate export of the success lines downloads.
  await ent.goto(`/order/index?orderNo=${orderNo}`);
  await expect(gridRow(ent, orderNo)).toBeVisible();
  const [download] = await Promise.all([ent.waitForEvent('download'), ent.getByRole('button', { name: '更多导出方式' }).click().then(() => ent.getByRole('menuitem', { name: '导出完工证明' }).click())]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = XLSX.readFile((await download.path())!);
  const certificate = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
  expect(certificate).toHaveLength(3);
});
