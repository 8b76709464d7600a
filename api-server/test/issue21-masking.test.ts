/**
 * Issue 21 item 4: search/query and list filters follow the talent list's masking rule — an account that
 * sees ID and card numbers masked never gets them whole from the palette and cannot probe a full number
 * through a like/eq filter. Issue 22 item 6 masks them for everyone: a holder of 20110 (who may reveal
 * them one at a time) finds a record by the whole number, exactly, and still sees it masked.
 * Item 18: a non-empty `cond2` is refused with 1001.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { BodyMessages, bodyShapeError } from '../src/http/body-rules';
import { maskedFilterMessage } from '../src/resource/entity-resource';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser } from './support/users';

jest.setTimeout(120_000);

const PAGE = { limit: 50, pageNum: 1 };
const MASKED = /^.{4}\*+.{4}$/;

test('item 18: cond2 with a condition is a 1001 shape error; absent, null or empty passes', () => {
  expect(bodyShapeError({ cond: {}, cond2: { name: '张' }, page: PAGE })).toBe(BodyMessages.cond2);
  expect(bodyShapeError({ cond: {}, cond2: [], page: PAGE })).toBe(BodyMessages.cond2);
  expect(bodyShapeError({ cond: {}, cond2: 'x', page: PAGE })).toBe(BodyMessages.cond2);
  for (const cond2 of [undefined, null, {}]) expect(bodyShapeError({ cond: {}, cond2, page: PAGE })).toBeNull();
  expect(BodyMessages.cond2).toMatch(/[\u4e00-\u9fff]/);
});

describe.each(DIALECTS)('masked personal numbers in search and filters on %s', (dialect) => {
  let ctx: TestContext;
  let masked: SignedClient;
  let whole: SignedClient;
  let talent: { id: number; name: string; idNumber: string };
  let cardNo: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    // An ENT0001 sub-account that may read talents, cards and packages but not manage talents (no 20110).
    await createSubUser(ctx.db, 'maskedsub1', 'Masked@2026', DEMO_USERS.ENT, [20100, 32210, 25110]);
    masked = ctx.client();
    expect((await masked.login('maskedsub1', 'Masked@2026')).code).toBe(0);
    whole = ctx.client();
    expect((await whole.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
    const ent = await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const row = await ctx.db
      .selectFrom('cust')
      .innerJoin('cust_coop_ent', 'cust_coop_ent.custId', 'cust.id')
      .innerJoin('cust_card', 'cust_card.custId', 'cust.id')
      .select(['cust.id', 'cust.name', 'cust.idNumber', 'cust_card.cardNo'])
      .where('cust_coop_ent.entId', '=', ent.id)
      .orderBy('cust.id')
      .executeTakeFirstOrThrow();
    talent = { id: row.id, name: row.name, idNumber: row.idNumber };
    cardNo = row.cardNo;
  });
  afterAll(() => ctx.close());

  test('the palette never shows a masked caller a whole ID number, and a number prefix finds nothing', async () => {
    for (const q of [talent.idNumber, talent.idNumber.slice(0, 10)]) {
      const answer = await masked.post('search/query', { q });
      expect(answer.code).toBe(0);
      expect(answer.data.filter((h: { kind: string }) => h.kind === '人才')).toEqual([]);
    }
    const byName = await masked.post('search/query', { q: talent.name });
    const hit = byName.data.find((h: { kind: string; title: string }) => h.kind === '人才' && h.title === talent.name);
    expect(hit).toEqual({ kind: '人才', title: talent.name, subtitle: expect.stringMatching(MASKED), link: `/cust/ent?name=${encodeURIComponent(talent.name)}` });
    expect(JSON.stringify(byName.data)).not.toContain(talent.idNumber);
    // An account holding 20110 finds the person by the whole number (a prefix finds nothing), masked.
    expect((await whole.post('search/query', { q: talent.idNumber.slice(0, 10) })).data.filter((h: { kind: string }) => h.kind === '人才')).toEqual([]);
    const own = await whole.post('search/query', { q: talent.idNumber });
    expect(own.data).toContainEqual({ kind: '人才', title: talent.name, subtitle: expect.stringMatching(MASKED), link: `/cust/ent?idNumber=${encodeURIComponent(talent.idNumber)}` });
  });

  test('the talent list refuses a like filter on the ID number to a masked caller (no yes/no answer)', async () => {
    for (const value of [talent.idNumber, talent.idNumber.slice(0, 6), talent.idNumber.slice(-4)]) {
      const answer = await masked.post('cust/query/list', { cond: { idNumber: value }, page: PAGE });
      expect(answer).toEqual({ code: 1001, message: maskedFilterMessage('证件号码'), data: null });
    }
    // The same list without that filter answers, masked; the export with it is refused too.
    const list = await masked.post('cust/query/list', { cond: { name: talent.name }, page: PAGE });
    expect(list.code).toBe(0);
    expect(list.data.records.length).toBeGreaterThan(0);
    for (const r of list.data.records) expect(r.idNumber).toMatch(MASKED);
    // A holder of 20110 may filter by the whole number (exactly: a part finds nothing) and still sees it masked.
    const held = await whole.post('cust/query/list', { cond: { idNumber: talent.idNumber }, page: PAGE });
    expect(held.code).toBe(0);
    expect(held.data.records.map((r: { id: number }) => r.id)).toContain(talent.id);
    for (const r of held.data.records) expect(r.idNumber).toMatch(MASKED);
    expect((await whole.post('cust/query/list', { cond: { idNumber: talent.idNumber.slice(0, 6) }, page: PAGE })).data.records).toEqual([]);
  });

  test('card numbers, the package talent picker and settlement lines follow the same rule', async () => {
    expect(await masked.post('cust/query/listCustCard', { cond: { cardNo }, page: PAGE })).toMatchObject({ code: 1001, message: maskedFilterMessage('卡号/账号') });
    const cards = await whole.post('cust/query/listCustCard', { cond: { cardNo }, page: PAGE });
    expect(cards.code).toBe(0);
    expect(cards.data.records.map((r: { cardNo: string }) => r.cardNo)).toContain(`${cardNo.slice(0, 4)}${'*'.repeat(cardNo.length - 8)}${cardNo.slice(-4)}`);

    const picker = await masked.post('package/talent/query/list', { cond: { name: talent.name }, page: PAGE });
    expect(picker.code).toBe(0);
    expect(picker.data.records.length).toBeGreaterThan(0);
    for (const r of picker.data.records) expect(r.idNumber).toMatch(MASKED);
    expect(await masked.post('package/talent/query/list', { cond: { idNumber: talent.idNumber }, page: PAGE })).toMatchObject({ code: 1001, message: maskedFilterMessage('证件号码') });
    const wholePicker = await whole.post('package/talent/query/list', { cond: { idNumber: talent.idNumber }, page: PAGE });
    expect(wholePicker.data.records.map((r: { id: number }) => r.id)).toContain(talent.id);
    for (const r of wholePicker.data.records) expect(r.idNumber).toMatch(MASKED);

    // Settlement lines show ID numbers masked to everyone, so nobody filters by them.
    const sys = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    const lines = await sys.post('package/settlement/query/list', { cond: {}, page: PAGE });
    expect(lines.code).toBe(0);
    for (const r of lines.data.records) expect(r.idNumber).toMatch(MASKED);
    expect(await sys.post('package/settlement/query/list', { cond: { idNumber: talent.idNumber }, page: PAGE })).toMatchObject({ code: 1001, message: maskedFilterMessage('证件号码') });
  });

  test('item 18: a list call with cond2 is refused with 1001 and filters nothing silently', async () => {
    expect(await whole.post('cust/query/list', { cond: {}, cond2: { name: talent.name }, page: PAGE })).toEqual({ code: 1001, message: BodyMessages.cond2, data: null });
    expect((await whole.post('cust/query/list', { cond: {}, cond2: {}, page: PAGE })).code).toBe(0);
  });
});
