import { type Browser, expect, type Page, test } from '@playwright/test';
import { clickRowAction, kitScreen, listAnswer, NO_GUIDE, tinyPdf } from './support/kit-screen';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 9 money journey: ENT applies for a recharge with a voucher, the supplier reviews, processes
 * and credits it, ENT sees the new balance and the ledger rows; a rejected refund gives the locked
 * amount back to the available balance.
 */
test.describe.configure({ timeout: 180_000 });

/** A unique amount in yuan (2 places) so the run's rows are told apart from other runs'. */
const CENTS = 100 + (Date.now() % 9_000);
const RECHARGE = `${8_000 + Math.floor(CENTS / 100)}.${String(CENTS % 100).padStart(2, '0')}`;
const REFUND = `${300 + Math.floor(CENTS / 100)}.${String(CENTS % 100).padStart(2, '0')}`;
const fen = (yuan: string) => Math.round(Number(yuan) * 100);
/** An amount as the grid shows it (issue 22): thousands separators. */
const shown = (yuan: string) => yuan.replace(/^(\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, username);
  return page;
}

/**
 * The list answer of a screen opened at `url`, read after the page settled (查询 again): a body read
 * while the first load is still under way can be gone by the time it is asked for.
 */
async function settledList(page: Page, url: string, entity: string, query: string) {
  await page.goto(url);
  const screen = kitScreen(page, entity);
  await expect(screen.getByText(/共 \d+ 条/)).toBeVisible();
  return listAnswer(page, query, () => screen.getByRole('button', { name: '查询', exact: true }).click());
}

/** ENT0001's channel-0 account as 通道余额 lists it. */
async function manualChannel(page: Page): Promise<{ available: number; locked: number }> {
  const data = await settledList(page, '/ent/channelStats', 'entAccount', 'ent/query/channelStats');
  const row = data.records.find((r) => r.channel === 0)!;
  return { available: fen(String(row.available)), locked: fen(String(row.locked)) };
}

/** Confirms a row transition's dialog and waits for its success toast and the list's reload. */
async function transition(page: Page, query: string, text: string, action: string, reason?: string) {
  await clickRowAction(page, text, action);
  // A confirm-only transition asks its question in an alert; one with a reason opens a small form.
  const dialog = page.locator('.bp6-dialog').filter({ has: page.getByRole('button', { name: '确定' }) }).last();
  if (reason) await page.locator('#kit-dialog-reason').fill(reason);
  await listAnswer(page, query, () => dialog.getByRole('button', { name: '确定' }).click());
  await expect(page.getByText(`${action}成功`).first()).toBeVisible();
}

/** 收支记录(简) shows one line per business number; 明细 opens its moves. */
async function ledgerOf(page: Page, bizNo: string) {
  await page.goto(`/ent/balanceLog?bizNo=${bizNo}`);
  const grouped = kitScreen(page, 'balanceLogGroup');
  await expect(grouped.getByText(bizNo).first()).toBeVisible();
  await clickRowAction(page, bizNo, '明细', grouped);
  return kitScreen(page, 'balanceLog');
}

test('充值：企业上传凭证申请，供应商审核、处理并确认到账，企业看到余额与收支记录；退款驳回后可用余额恢复', async ({ browser }) => {
  const ent = await signedIn(browser, DEMO_ACCOUNTS.ENT);
  const start = await manualChannel(ent);
  await expect(kitScreen(ent, 'entAccount').locator('.fp-grid td', { hasText: '人工审核' }).first()).toBeVisible();

  // ENT applies for a recharge on the manual channel with a PDF voucher.
  await ent.goto('/ent/addBal');
  const recharges = kitScreen(ent, 'balanceApply');
  await expect(recharges.getByText(/共 \d+ 条/)).toBeVisible();
  await recharges.getByRole('button', { name: '新增' }).click();
  await expect(ent.locator('#kit-field-entId')).toHaveCount(0);
  await ent.locator('#kit-field-channel').selectOption({ label: '人工审核' });
  await ent.locator('#kit-field-amount').fill(RECHARGE);
  await ent.locator('.bp6-dialog input[type=file]').setInputFiles(tinyPdf('转账回单.pdf'));
  await expect(ent.locator('.bp6-dialog').getByText('转账回单.pdf')).toBeVisible();
  const created = ent.waitForResponse((r) => r.url().includes('/api/admin/ent/mgr/balance/apply/addBalApply'));
  await ent.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  expect(((await (await created).json()) as { code: number }).code).toBe(0);
  await expect(ent.getByText('操作成功')).toBeVisible();
  const listed = await settledList(ent, `/ent/addBal?amount=${RECHARGE}~${RECHARGE}`, 'balanceApply', 'ent/query/balance/apply');
  const applyNo = String(listed.records.find((r) => r.amount === RECHARGE && r.status === 0)!.applyNo);
  await expect(recharges.getByText(applyNo)).toBeVisible();
  await expect(recharges.getByText('转账回单.pdf')).toBeVisible();

  // The supplier reviews, processes and credits it.
  const spr = await signedIn(browser, DEMO_ACCOUNTS.SPR);
  await spr.goto(`/ent/addBal?applyNo=${applyNo}`);
  await expect(kitScreen(spr, 'balanceApply').getByText(applyNo)).toBeVisible();
  await transition(spr, 'ent/query/balance/apply', applyNo, '审核通过');
  await transition(spr, 'ent/query/balance/apply', applyNo, '开始处理');
  await transition(spr, 'ent/query/balance/apply', applyNo, '确认到账');
  await expect(kitScreen(spr, 'balanceApply').getByText('成功', { exact: true }).first()).toBeVisible();

  // ENT sees the new balance and the ledger row of the recharge.
  const credited = await manualChannel(ent);
  expect(credited).toEqual({ available: start.available + fen(RECHARGE), locked: start.locked });
  const ledger = await ledgerOf(ent, applyNo);
  await expect(ledger.getByText('增加', { exact: true })).toBeVisible();
  await expect(ledger.getByText(shown(RECHARGE), { exact: true }).first()).toBeVisible();

  // A refund locks the amount at once; the supplier rejects it and the available balance is restored.
  await ent.goto('/ent/refund');
  const refunds = kitScreen(ent, 'refundApply');
  await refunds.getByRole('button', { name: '新增' }).click();
  await ent.locator('#kit-field-channel').selectOption({ label: '人工审核' });
  await ent.locator('#kit-field-amount').fill(REFUND);
  await ent.locator('#kit-field-payeeAcctName').fill('北京星辰物流有限公司');
  await ent.locator('#kit-field-payeeAcct').fill('110060123456789012');
  await ent.locator('#kit-field-payeeBank').fill('中国银行北京朝阳支行');
  await ent.locator('.bp6-dialog').getByRole('button', { name: '提交' }).click();
  await expect(ent.getByText('操作成功')).toBeVisible();
  expect(await manualChannel(ent)).toEqual({ available: credited.available - fen(REFUND), locked: credited.locked + fen(REFUND) });
  const refundList = await settledList(ent, `/ent/refund?amount=${REFUND}~${REFUND}`, 'refundApply', 'ent/query/refund');
  const refundNo = String(refundList.records.find((r) => r.amount === REFUND && r.status === 0)!.refundNo);

  await spr.goto(`/ent/refund?refundNo=${refundNo}`);
  await expect(kitScreen(spr, 'refundApply').getByText(refundNo)).toBeVisible();
  await transition(spr, 'ent/query/refund', refundNo, '驳回', '请先结清在途代发订单');
  await expect(kitScreen(spr, 'refundApply').getByText('已驳回').first()).toBeVisible();

  expect(await manualChannel(ent)).toEqual(credited);
  const refundLedger = await ledgerOf(ent, refundNo);
  await expect(refundLedger.getByText('锁定', { exact: true })).toBeVisible();
  await expect(refundLedger.getByText('解锁', { exact: true })).toBeVisible();
});
