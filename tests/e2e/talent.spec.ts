import zlib from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { openServerDatabase } from './support/database';
import { clickRowAction, exportRows, kitScreen, listAnswer, NO_GUIDE } from './support/kit-screen';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 8 talent record journey: ENT adds a talent from an ID photo (the simulated OCR fills the form),
 * runs the real-name check and uploads the ID photos; an ENT sub-account without the talent-manage
 * code exports the filtered list and sees the ID numbers masked. The query type in the path picks each
 * view's tab; 签约管理 exports too. (talent-signing.spec.ts continues with signing and the bank card.)
 */
test.describe.configure({ timeout: 180_000 });

const RUN = Date.now().toString().slice(-6);

/** A small solid PNG, different per seed, so each upload has its own MD5 (and the OCR its own person). */
function png(seed: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const [w, h] = [86, 54];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, seed % 256)]);
  const pixels = Buffer.concat(Array.from({ length: h }, (_, y) => (y === seed % h ? Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 30)]) : row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, username);
  return page;
}

/** An ENT0001 sub-account that may read and export talents and read signing, but not manage talents (no 20110). */
function createReader(suffix: string): string {
  const db = openServerDatabase(process.env.FLEXPAY_E2E_DATA_DIR!);
  try {
    const top = db.prepare('SELECT * FROM admin_user WHERE username = ?').get(DEMO_ACCOUNTS.ENT) as Record<string, unknown>;
    const username = `e2eReader${RUN}${suffix}`;
    const { userId: parentUserId, ...copy } = top;
    const row = { ...copy, username, name: '只读子账号', isTopAdmin: 0, parentUserId, guideStep: -1 };
    const columns = Object.keys(row);
    const inserted = db.prepare(`INSERT INTO admin_user (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...Object.values(row));
    for (const code of [20100, 20130, 20200]) db.prepare('INSERT INTO admin_user_perm ("userId", code) VALUES (?, ?)').run(inserted.lastInsertRowid, code);
    return username;
  } finally {
    db.close();
  }
}

test('ENT adds a talent from an ID photo, runs real-name, uploads the ID photos; the export of a reader without 20110 is masked', async ({ browser }) => {
  const ent = await signedIn(browser, DEMO_ACCOUNTS.ENT);
  await ent.goto('/cust/ent');
  const screen = kitScreen(ent, 'cust');
  await expect(screen.getByText(/共 \d+ 条/)).toBeVisible();

  // 新增人才: the ID photo is read by the OCR and fills name and ID number.
  await screen.getByRole('button', { name: '新增人才' }).click();
  const dialog = ent.locator('.bp6-dialog').filter({ hasText: '新增人才' });
  await dialog.getByTestId('talent-ocr').locator('input[type="file"]').setInputFiles({ name: `身份证人像面${RUN}.png`, mimeType: 'image/png', buffer: png(Number(RUN)) });
  await expect(dialog.getByTestId('talent-ocr-result')).toBeVisible();
  const name = await ent.locator('#kit-field-name').inputValue();
  const idNumber = await ent.locator('#kit-field-idNumber').inputValue();
  expect(name.length).toBeGreaterThanOrEqual(2);
  expect(idNumber).toMatch(/^\d{17}[\dX]$/);
  await expect(dialog.getByTestId('talent-ocr-result')).toContainText(name);
  await ent.locator('#kit-field-phone').fill('13912345678');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog).toHaveCount(0);

  // The new talent is found by its whole number (the manage code may search by it), listed masked, not yet real-named.
  await ent.goto(`/cust/ent?idNumber=${idNumber}`);
  await expect(screen.getByText(`${idNumber.slice(0, 4)}**********${idNumber.slice(-4)}`, { exact: true })).toBeVisible();
  await expect(screen.getByText(idNumber, { exact: true })).toHaveCount(0);
  await expect(screen.getByText('未实名')).toBeVisible();

  // 实名认证: the simulated 2-factor check passes the valid number the OCR read.
  await clickRowAction(ent, name, '实名认证');
  await ent.locator('.bp6-dialog').filter({ hasText: '实名认证' }).getByRole('button', { name: '确定' }).click();
  await expect(ent.getByText('实名认证成功').first()).toBeVisible();
  await expect(screen.getByText('实名成功')).toBeVisible();

  // 附件: the front photo came with the OCR; the back is uploaded here, both with their MD5.
  await clickRowAction(ent, name, '附件');
  const files = ent.getByTestId('talent-files');
  await expect(files.locator('tr[data-file-type="0"]')).toContainText(`身份证人像面${RUN}`);
  await files.locator('tr[data-file-type="1"] input[type="file"]').setInputFiles({ name: `身份证国徽面${RUN}.png`, mimeType: 'image/png', buffer: png(Number(RUN) + 1) });
  await expect(ent.getByText('附件已保存').first()).toBeVisible();
  await expect(files.locator('tr[data-file-type="1"]')).toContainText(`身份证国徽面${RUN}`);
  await expect(files.locator('tr[data-file-type="1"] .fp-mono')).toHaveText(/^[0-9a-f]{32}$/);
  await ent.getByRole('button', { name: '关闭', exact: true }).click();

  // A reader without the talent-manage code: the filtered export holds the listed rows, masked.
  const reader = await signedIn(browser, createReader('a'));
  // A new account is shown the unread notices first.
  await reader.getByRole('button', { name: '我知道了' }).click({ timeout: 8_000 }).catch(() => undefined);
  await reader.goto('/cust/ent?realNameStatus=10');
  const readerScreen = kitScreen(reader, 'cust');
  const counted = readerScreen.getByText(/共 [1-9]\d* 条/);
  await expect(counted).toBeVisible();
  const total = Number((await counted.textContent())!.match(/\d+/)![0]);
  await expect(readerScreen.getByText(idNumber, { exact: true })).toHaveCount(0);
  const rows = await exportRows(reader);
  expect(rows).toHaveLength(total);
  for (const row of rows) {
    expect(row['实名状态']).toBe('实名成功');
    expect(String(row['证件号码'])).toMatch(/^.{4}\*+.{4}$/);
  }
  expect(rows.map((r) => r['姓名'])).toContain(name);
});

/** The answer of a list call whose path has no /list (签约管理's cust/query/custCoopSup). */
async function answerAt(page: Page, path: string, act: () => Promise<unknown>): Promise<{ records: Array<Record<string, unknown>>; total: number }> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/${path}`);
  await act();
  return ((await (await answer).json()) as { data: { records: Array<Record<string, unknown>>; total: number } }).data;
}

test('the query type in the path picks the tab of 人才数据, 企业人才 and 签约管理; 签约管理 exports masked for a reader without 20110', async ({ browser }) => {
  const sys = await signedIn(browser, DEMO_ACCOUNTS.SYS);
  const talents = kitScreen(sys, 'cust');
  const selected = (scope: ReturnType<typeof kitScreen>) => scope.locator('[role="tab"][aria-selected="true"]');
  // A status tab shows its count after its name (issue 22: 实名失败 3).
  const tab = (name: string) => new RegExp(`^${name}\\d*$`);

  // The menu's /cust/base is the whole list; /cust/20 the real-name failures only.
  const all = await listAnswer(sys, 'cust/query', () => sys.goto('/cust/base'));
  await expect(selected(talents)).toHaveText(tab('全部'));
  const failed = await listAnswer(sys, 'cust/query', () => sys.goto('/cust/20'));
  await expect(selected(talents)).toHaveText(tab('实名失败'));
  expect(failed.total).toBeGreaterThan(0);
  expect(failed.total).toBeLessThan(all.total);
  expect(failed.records.every((r) => r.realNameStatus === 20)).toBe(true);
  // Picking a tab moves the path.
  const ok = await listAnswer(sys, 'cust/query', () => talents.getByRole('tab', { name: '实名成功' }).click());
  await expect(sys).toHaveURL(/\/cust\/10$/);
  expect(ok.records.every((r) => r.realNameStatus === 10)).toBe(true);

  // 企业人才 by status: /cust/ent/0 正常.
  const normal = await listAnswer(sys, 'cust/query', () => sys.goto('/cust/ent/0'));
  await expect(selected(talents)).toHaveText(tab('正常'));
  expect(normal.records.every((r) => r.status === 0)).toBe(true);

  // 签约管理 by sign status: /cust/sup/20 签约成功; the reader's export holds those rows, ID numbers masked.
  const reader = await signedIn(browser, createReader('b'));
  await reader.getByRole('button', { name: '我知道了' }).click({ timeout: 8_000 }).catch(() => undefined);
  const signed = await answerAt(reader, 'cust/query/custCoopSup', () => reader.goto('/cust/sup/20'));
  await expect(selected(kitScreen(reader, 'custCoopSup'))).toHaveText(tab('签约成功'));
  expect(signed.total).toBeGreaterThan(0);
  const rows = await exportRows(reader);
  expect(rows).toHaveLength(signed.total);
  for (const row of rows) {
    expect(row['签约状态']).toBe('签约成功');
    expect(String(row['证件号码'])).toMatch(/^.{4}\*+.{4}$/);
  }
  expect(rows.map((r) => r['人才'])).toEqual(expect.arrayContaining(signed.records.map((r) => r.custName)));
});

test('sysadmin sees a masked ID number in 人才, reveals it with 显示完整号码, and 操作日志 shows the reveal', async ({ browser }) => {
  const db = openServerDatabase(process.env.FLEXPAY_E2E_DATA_DIR!);
  const person = (() => {
    try {
      return db.prepare("SELECT id, name, idNumber FROM cust WHERE status = 0 AND idType = 111 ORDER BY id LIMIT 1").get() as { id: number; name: string; idNumber: string };
    } finally {
      db.close();
    }
  })();
  const masked = `${person.idNumber.slice(0, 4)}**********${person.idNumber.slice(-4)}`;
  const sys = await signedIn(browser, DEMO_ACCOUNTS.SYS);
  const talents = kitScreen(sys, 'cust');
  await sys.goto(`/cust/base?name=${encodeURIComponent(person.name)}`);
  const row = talents.locator('.fp-grid tbody tr').filter({ hasText: person.name }).first();
  await expect(row.getByText(masked, { exact: true })).toBeVisible();
  await expect(talents.getByText(person.idNumber, { exact: true })).toHaveCount(0);

  // One click in the cell: the whole number in place, from common/reveal, the list not fetched again.
  let lists = 0;
  sys.on('request', (r) => void (new URL(r.url()).pathname === '/api/admin/cust/query/list' && lists++));
  const revealed = sys.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/common/reveal');
  await row.locator('.fp-masked').filter({ hasText: masked }).getByRole('button', { name: '显示完整号码' }).click();
  await revealed;
  await expect(row.getByText(person.idNumber, { exact: true })).toBeVisible();
  expect(lists).toBe(0);

  // 操作日志: who, whose record, which field, when.
  await sys.goto(`/admin/auditLog?entityId=${person.id}`);
  const entry = kitScreen(sys, 'auditLog').locator('.fp-grid tbody tr').filter({ hasText: '查看完整号码' }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(DEMO_ACCOUNTS.SYS);
  await expect(entry).toContainText('人才');
  await expect(entry).toContainText('查看字段：证件号码');
  await expect(entry).toContainText(person.name);
  await expect(entry).not.toContainText(person.idNumber);
});
