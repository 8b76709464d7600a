import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { clickRowAction, kitScreen, NO_GUIDE, tinyPdf } from './support/kit-screen';
import { DEMO_ACCOUNTS, signInAndWait } from './support/session';

/**
 * Issue 8 signing journey: ENT signs a demo talent on paper in 签约管理 (the signed file uploaded, the
 * row moves to 签约成功), adds a bank card in the talent's 银行卡 drawer (bank named from the BIN
 * table, validated by the 3-factor check), and the supplier sees the signed cooperation.
 */
test.describe.configure({ timeout: 180_000 });

type Row = Record<string, unknown>;

/** A table cell of a kit screen showing exactly `text` (the search form's options hold names too). */
const cell = (scope: Locator, text: string) => scope.locator('.fp-grid td').getByText(text, { exact: true }).first();

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(NO_GUIDE);
  const page = await context.newPage();
  await signInAndWait(page, username);
  return page;
}

/** The answer of a list call (paths without /list: cust/query/custCoopSup, cust/query/listCustCard) while `act` runs. */
async function answerOf(page: Page, path: string, act: () => Promise<unknown>): Promise<{ records: Row[]; total: number }> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/${path}`);
  await act();
  return ((await (await answer).json()) as { data: { records: Row[]; total: number } }).data;
}

/** A 19-digit card number of the 621700 BIN that passes Luhn, unique to this run. */
function luhnCard(): string {
  const body = `621700${String(Date.now()).slice(-12)}`;
  const sum = [...body].reverse().reduce((acc, ch, i) => {
    const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

test('ENT signs a talent on paper and adds a checked bank card; the supplier sees the signed cooperation', async ({ browser }) => {
  const ent = await signedIn(browser, DEMO_ACCOUNTS.ENT);
  const screen = kitScreen(ent, 'custCoopSup');

  // A cooperation the enterprise may sign on paper: not started, failed or expired.
  let target: Row | undefined;
  for (const tab of [0, 30, 40]) {
    const data = await answerOf(ent, 'cust/query/custCoopSup', () => ent.goto(`/cust/sup/${tab}`));
    target = data.records.find((r) => (r._actions as string[]).includes('paperSign') && !data.records.some((o) => o !== r && o.custName === r.custName));
    if (target) break;
  }
  expect(target, 'a demo cooperation ENT0001 can sign on paper').toBeDefined();
  const name = String(target!.custName);
  await expect(cell(screen, name)).toBeVisible();

  await clickRowAction(ent, name, '纸质签约', screen);
  const dialog = ent.locator('.bp6-dialog').filter({ hasText: '纸质签约' });
  await dialog.locator('input[type=file]').setInputFiles(tinyPdf('灵活用工协议.pdf'));
  // The chooser shows the file once its MD5 is computed; before that the field is still empty.
  await expect(dialog.getByText('灵活用工协议.pdf')).toBeVisible();
  const signed = ent.waitForResponse((r) => r.url().includes('/api/admin/cust/mgr/updateSupCoopData'));
  // The list reloads after signing; its answer must arrive before the next navigation, or that navigation could catch it.
  const relisted = answerOf(ent, 'cust/query/custCoopSup', () => dialog.getByRole('button', { name: '确定' }).click());
  expect(((await (await signed).json()) as { code: number; data: Row }).data).toMatchObject({ signStatus: 20, signChannel: 1 });
  await relisted;
  await expect(ent.getByText('签约成功').first()).toBeVisible();

  // 签约成功 now lists it, signed on paper.
  const success = await answerOf(ent, 'cust/query/custCoopSup', () => ent.goto(`/cust/sup/20?custId=${String(target!.custId)}`));
  expect(success.records.map((r) => r.id)).toContain(target!.id);
  await expect(cell(screen, name)).toBeVisible();
  await expect(cell(screen, '纸质')).toBeVisible();

  // 银行卡 on the talent's row of 企业人才: the BIN names the bank, the 3-factor check marks it 正确.
  await ent.goto(`/cust/ent?name=${encodeURIComponent(name)}`);
  const talents = kitScreen(ent, 'cust');
  await expect(cell(talents, name)).toBeVisible();
  await clickRowAction(ent, name, '银行卡', talents);
  const cards = kitScreen(ent, 'custCard');
  await expect(cards.getByText(/共 \d+ 条/)).toBeVisible();
  await cards.getByRole('button', { name: '新增' }).click();
  const cardNo = luhnCard();
  await ent.locator('#kit-field-cardNo').fill(cardNo);
  const listed = answerOf(ent, 'cust/query/listCustCard', () => ent.locator('.bp6-dialog').filter({ hasText: '新增银行卡' }).getByRole('button', { name: '提交' }).click());
  // The number is listed masked, like every card number (issue 22 item 6).
  const masked = `${cardNo.slice(0, 4)}${'*'.repeat(cardNo.length - 8)}${cardNo.slice(-4)}`;
  const card = (await listed).records.find((r) => r.cardNo === masked);
  expect(card).toMatchObject({ validated: 1, cardType: 'DC', accountCategory: 0 });
  await expect(cell(cards, masked)).toBeVisible();
  await expect(cell(cards, '正确')).toBeVisible();

  // The supplier sees the signed cooperation in its 签约管理.
  const spr = await signedIn(browser, DEMO_ACCOUNTS.SPR);
  const seen = await answerOf(spr, 'cust/query/custCoopSup', () => spr.goto(`/cust/sup/20?custId=${String(target!.custId)}`));
  expect(seen.records.find((r) => r.id === target!.id)).toMatchObject({ custName: name, signStatus: 20, signChannel: 1 });
  await expect(cell(kitScreen(spr, 'custCoopSup'), name)).toBeVisible();
});
