import { type Browser, expect, type Page, test } from '@playwright/test';
import { openServerDatabase } from './support/database';
import { clickRowAction, fillKitForm, kitScreen, listAnswer, NO_GUIDE } from './support/kit-screen';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 15 package journey: ENT publishes a private package and assigns a talent, the supplier reviews
 * it on 待审核包 and lists it (平台接包 → 平台分包), a taker is added on 从业者接包 and marked completed,
 * the package is finished and shows on 从业者完成任务; its code opens 任务包详情 with the taker. On
 * 从业者结算 the supplier settles the completed taker (发起结算 → a temp order with the package code);
 * the platform submits it in 制单管理, the supplier approves, the platform turns it into an order, the
 * simulated bank pays it and the package's settled total shows.
 */
test.describe.configure({ timeout: 180_000 });

const QUERY = 'package/query';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** A talent of enterprise01 the bank pays: passing every payout gate, with a checked card of its own. */
function payableTalent(): string {
  const db = openServerDatabase(process.env.FLEXPAY_E2E_DATA_DIR!);
  try {
    const { orgId } = db.prepare(`SELECT orgId FROM admin_user WHERE username = ?`).get(DEMO_ACCOUNTS.ENT) as { orgId: number };
    const found = db
      .prepare(
        `SELECT c.name FROM cust c
        JOIN cust_coop_ent ce ON ce.custId = c.id AND ce.entId = ? AND ce.status = 0
        JOIN cust_coop_sup cs ON cs.custId = c.id AND cs.status = 0 AND cs.signStatus = 20
        WHERE c.realNameStatus = 10 AND c.name NOT LIKE '%测试失败%' AND c.bankCard NOT LIKE '%9999'
          AND EXISTS (SELECT 1 FROM cust_card k WHERE k.custId = c.id AND k.cardNo = c.bankCard AND k.validated = 1)
          AND EXISTS (SELECT 1 FROM cust_file f WHERE f.custId = c.id AND f.fileType = 0)
          AND EXISTS (SELECT 1 FROM cust_file f WHERE f.custId = c.id AND f.fileType = 1)
        ORDER BY c.id LIMIT 1`,
      )
      .get(orgId) as { name: string };
    return found.name;
  } finally {
    db.close();
  }
}

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, username);
  return page;
}

/** Confirms a row action's question (上架, 完成, 标记完成) and waits for its toast. */
async function confirmRowAction(page: Page, text: string, action: string, scope: Page | ReturnType<typeof kitScreen> = page) {
  await clickRowAction(page, text, action, scope);
  await page.locator('.bp6-dialog, .bp6-alert').filter({ has: page.getByRole('button', { name: '确定' }) }).last().getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`${action}成功`).first()).toBeVisible();
}

test('ENT publishes a private package; SPR reviews and lists it; a taker is added, completed and the package finished', async ({ browser }) => {
  // Unique per attempt: a retry or a repeat must not find the rows of the one before.
  const NAME = `冷链搬运${Date.now() % 1_000_000}`;
  const ent = await signedIn(browser, DEMO_ACCOUNTS.ENT);
  await ent.goto('/task/userPackage');
  const list = kitScreen(ent, 'workPackage');
  await expect(list.getByText(/共 \d+ 条/)).toBeVisible();
  await list.getByRole('button', { name: '新增' }).click();
  await fillKitForm(ent, { name: NAME, packageType: '私有', packagePriceType: '价格区间', startDate: day(1), endDate: day(30), description: '冷库装卸，按件计酬' });
  await fillKitForm(ent, { packagePriceLower: '150.00', packagePriceUpper: '300.00' });
  await expect(ent.locator('#kit-field-entId')).toHaveCount(0);
  const created = await listAnswer(ent, QUERY, () => ent.getByRole('button', { name: '提交' }).click());
  const row = created.records.find((r) => r.name === NAME)!;
  expect(row).toMatchObject({ reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 0, priceText: '150.00 ~ 300.00', packageType: 20 });
  const code = String(row.packageCode);
  await expect(list.locator('.fp-grid tbody tr').filter({ hasText: NAME })).toContainText('150.00 ~ 300.00');

  // 指定人才: the enterprise's first talent may take it.
  await clickRowAction(ent, NAME, '指定人才', list);
  const assignees = kitScreen(ent, 'packageAssignee');
  // The talent the settlement will pay at the end passes every payout gate.
  const talentName = payableTalent();
  await assignees.getByRole('button', { name: '新增' }).click();
  const talent = ent.locator('.bp6-dialog').filter({ hasText: '指定人才' }).locator('#kit-field-custId');
  await expect(talent.locator('option').filter({ hasText: talentName })).toHaveCount(1);
  await talent.selectOption({ label: talentName });
  await ent.getByRole('button', { name: '提交' }).click();
  await expect(assignees.getByText(talentName, { exact: true })).toBeVisible();
  await ent.locator('.bp6-drawer-header').getByRole('button').click();

  // The supplier passes the review and lists the package.
  const spr = await signedIn(browser, DEMO_ACCOUNTS.SPR);
  await spr.goto('/task/userPackage1/INIT');
  const pending = kitScreen(spr, 'workPackage');
  await expect(pending.getByText(code)).toBeVisible();
  await clickRowAction(spr, code, '审核', pending);
  await spr.getByText('通过', { exact: true }).click();
  await listAnswer(spr, QUERY, () => spr.locator('.bp6-dialog').last().getByRole('button', { name: '确定' }).click());
  await expect(spr.getByText('审核完成').first()).toBeVisible();

  await spr.goto('/task/userPackage2/REVIEWED/HIDDEN');
  await expect(spr).toHaveURL(/pkgStatus=HIDDEN/);
  const intakeByPlatform = kitScreen(spr, 'workPackage');
  await expect(intakeByPlatform.getByText(code)).toBeVisible();
  await confirmRowAction(spr, code, '上架', intakeByPlatform);
  await spr.goto('/task/userPackage3');
  const listed = await listAnswer(spr, QUERY, () => kitScreen(spr, 'workPackage').getByRole('button', { name: '查询', exact: true }).click());
  expect(listed.records.find((r) => r.packageCode === code)).toMatchObject({ reviewStatus: 'REVIEWED', pkgStatus: 'SHOWED', status: 10 });

  // 从业者接包: the assigned talent takes it and completes; the package is finished.
  await spr.goto('/task/userPackage4/REVIEWED');
  // The route parameter becomes the review-status filter (kept in the query string).
  await expect(spr).toHaveURL(/reviewStatus=REVIEWED/);
  const intake = kitScreen(spr, 'workPackage');
  await expect(intake.getByText(code)).toBeVisible();
  await clickRowAction(spr, code, '接包人', intake);
  const takers = kitScreen(spr, 'packageTaker');
  await takers.getByRole('button', { name: '新增' }).click();
  const picker = spr.locator('#kit-field-custId');
  await expect(picker.locator('option')).toHaveCount(2);
  await picker.selectOption({ label: talentName });
  await spr.getByRole('button', { name: '提交' }).click();
  await expect(takers.locator('.fp-grid td').getByText('已承接', { exact: true })).toBeVisible();
  await confirmRowAction(spr, talentName, '标记完成', takers);
  await expect(takers.locator('.fp-grid td').getByText('已完成', { exact: true })).toBeVisible();
  await spr.locator('.bp6-drawer-header').getByRole('button').click();
  await expect(spr.locator('.bp6-drawer')).toHaveCount(0);
  await confirmRowAction(spr, code, '完成', intake);

  await spr.goto('/task/userPackage5');
  const finished = kitScreen(spr, 'workPackage');
  await expect(finished.getByText(code)).toBeVisible();
  // The code opens 任务包详情 (navbar-app, spec §9 showPackageDetail) with the completed taker.
  await finished.getByTestId('package-link').filter({ hasText: code }).click();
  const detail = spr.getByTestId('package-detail');
  await expect(detail.getByText(NAME)).toBeVisible();
  await expect(detail.getByTestId('package-takers').getByText(talentName)).toBeVisible();
  await expect(detail.getByTestId('package-takers').getByText('已完成')).toBeVisible();


  // 从业者结算: the supplier settles the completed taker; the temp order carries the package code.
  await spr.goto(`/task/orderDetail2/${code}`);
  const head = spr.getByTestId('settlement-head');
  await expect(head.getByTestId('settle-已结算金额(元)')).toHaveText('0.00');
  await expect(head.getByTestId('settle-接包人')).toHaveText('1人（已完成1人）');
  await head.getByRole('button', { name: '发起结算' }).click();
  const settleDialog = spr.locator('.bp6-dialog').filter({ hasText: '发起结算' });
  await settleDialog.locator('#kit-dialog-channel').selectOption({ label: '网银通道A' });
  await settleDialog.getByLabel(new RegExp(`^${talentName}（尾号\\d{4}）`)).fill('88.00');
  const settled = spr.waitForResponse((r) => r.url().includes('/api/admin/package/settlement/mgr/settle'));
  await settleDialog.getByRole('button', { name: '确定' }).click();
  const made = (await (await settled).json()) as { code: number; data: { tempOrderNo: string; rows: Array<{ errorType: number }> } };
  expect(made.code).toBe(0);
  expect(made.data.rows).toEqual([expect.objectContaining({ errorType: 0 })]);
  const { tempOrderNo } = made.data;
  await expect(spr).toHaveURL(new RegExp(`/order/prodOrder\\?tempOrderNo=${tempOrderNo}`));

  // 制单管理: the platform submits it for review, the supplier approves, the platform places the order.
  const sys = await signedIn(browser, DEMO_ACCOUNTS.SYS);
  await sys.goto(`/order/prodOrder?tempOrderNo=${tempOrderNo}`);
  const temps = kitScreen(sys, 'tempOrder');
  await expect(temps.getByText(tempOrderNo)).toBeVisible();
  await clickRowAction(sys, tempOrderNo, '提交审核', temps);
  await expect(sys.getByText('提交审核成功').first()).toBeVisible();
  await spr.reload();
  await expect(kitScreen(spr, 'tempOrder').getByText(tempOrderNo)).toBeVisible();
  await clickRowAction(spr, tempOrderNo, '审核通过', kitScreen(spr, 'tempOrder'));
  await expect(spr.getByText('审核通过成功').first()).toBeVisible();
  await sys.reload();
  await expect(temps.getByText(tempOrderNo)).toBeVisible();
  await clickRowAction(sys, tempOrderNo, '提交订单', temps);
  const placed = sys.waitForResponse((r) => r.url().includes('/api/admin/order/mgr/temp/transOrder'));
  await sys.locator('.bp6-dialog').filter({ hasText: '提交订单' }).getByRole('button', { name: '确定' }).click();
  expect(((await (await placed).json()) as { code: number }).code).toBe(0);

  // The simulated bank pays the line: 从业者结算 shows the settled total and the paid line.
  await spr.goto(`/task/orderDetail2/${code}`);
  await expect(async () => {
    await spr.reload();
    await expect(head.getByTestId('settle-已结算金额(元)')).toHaveText('88.00', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(head.getByTestId('settle-订单明细')).toHaveText('1笔（成功1笔）');
  const lines = kitScreen(spr, 'packagePayLine');
  await expect(lines.locator('.fp-grid td').getByText('代发成功', { exact: true })).toBeVisible();
  await expect(lines.locator('.fp-grid td').getByText(talentName, { exact: true })).toBeVisible();
});
