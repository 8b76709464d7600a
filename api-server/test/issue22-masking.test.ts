/**
 * Issue 22 item 6: ID, bank-card and phone numbers leave the server masked for every account — lists,
 * gets, search answers, exports, 操作日志 — and one value is revealed by common/reveal (the field's code,
 * the caller's scope, a declared masked field) with an audit entry; an unmasked export needs the code and
 * is audited the same way. 企业人才: an enterprise lists a talent another enterprise registered (they
 * cooperate) but may not change it.
 */
import { AdminType, custCard, maskPersonal, REVEAL_MESSAGES } from '@flexpay/shared-utility/src/pure';
import * as XLSX from 'xlsx';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { defineResource, maskedFilterMessage } from '../src/resource/entity-resource';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser } from './support/users';

jest.setTimeout(180_000);

const PAGE = { limit: 100, pageNum: 1 };
const ID_MASK = /^.{4}\*{10}.{4}$/;
const PHONE_MASK = /^\d{3}\*{4}\d{4}$/;
const CARD_MASK = /^\d{4}\*+\d{4}$/;

test('masks: 1101**********1015, 6216********3555, 138****8888; masking a mask changes nothing', () => {
  expect(maskPersonal('idNumber', '110105194912311015')).toBe('1101**********1015');
  expect(maskPersonal('bankCard', '6216000011113555')).toBe('6216********3555');
  expect(maskPersonal('phone', '13812348888')).toBe('138****8888');
  expect(maskPersonal('phone', '138****8888')).toBe('138****8888');
  expect(maskPersonal('idNumber', '1101**********1015')).toBe('1101**********1015');
});

describe.each(DIALECTS)('personal data masked by default on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let ent: SignedClient;
  let viewer: SignedClient;
  let entIds: Record<string, number>;
  /** An ENT0001 talent it registered, with a card; one ENT0002 registered that cooperates with ENT0001; one of ENT0003 only. */
  let own: { id: number; name: string; idNumber: string; phone: string; bankCard: string | null; cardId: number; cardNo: string };
  let shared: { id: number; name: string };
  let foreign: { id: number };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    entIds = Object.fromEntries((await ctx.db.selectFrom('ent').select(['id', 'entCode']).execute()).map((e) => [e.entCode, e.id]));
    // An ENT0001 sub-account that reads and exports talents and reads its administrators, without 20110 or 1012.
    await createSubUser(ctx.db, 'maskview22', 'Mask@2026pass', DEMO_USERS.ENT, [20100, 20130, 20200, 1011, 38110]);
    [sys, spr, ent, viewer] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [ent, DEMO_USERS.ENT]] as const) expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    expect((await viewer.login('maskview22', 'Mask@2026pass')).code).toBe(0);
    const row = await ctx.db
      .selectFrom('cust')
      .innerJoin('cust_card', 'cust_card.custId', 'cust.id')
      .select(['cust.id', 'cust.name', 'cust.idNumber', 'cust.phone', 'cust.bankCard', 'cust_card.id as cardId', 'cust_card.cardNo'])
      .where('cust.entId', '=', entIds.ENT0001)
      .where('cust_card.accountCategory', '=', 0)
      .orderBy('cust.id')
      .executeTakeFirstOrThrow();
    own = row as typeof own;
    const other = await ctx.db
      .selectFrom('cust')
      .innerJoin('cust_coop_ent', 'cust_coop_ent.custId', 'cust.id')
      .select(['cust.id', 'cust.name'])
      .where('cust.entId', '=', entIds.ENT0002)
      .where('cust_coop_ent.entId', '=', entIds.ENT0001)
      .executeTakeFirstOrThrow();
    shared = other;
    foreign = await ctx.db
      .selectFrom('cust')
      .select('cust.id')
      .where('cust.entId', '=', entIds.ENT0003)
      .where('cust.id', 'not in', ctx.db.selectFrom('cust_coop_ent').select('custId').where('entId', '=', entIds.ENT0001))
      .executeTakeFirstOrThrow();
  });
  afterAll(() => ctx.close());

  const records = async (client: SignedClient, path: string, cond: Record<string, unknown> = {}) => {
    const answer = await client.post(path, { cond, page: PAGE });
    expect(answer.code).toBe(0);
    return answer.data.records as Array<Record<string, unknown>>;
  };

  test('lists and gets of talents, cards, signing rows, the package picker and 管理员 are masked for SYS, SPR, ENT and a sub-account', async () => {
    for (const client of [sys, spr, ent, viewer]) {
      const talents = await records(client, 'cust/query/list');
      expect(talents.length).toBeGreaterThan(0);
      for (const r of talents) {
        expect(r.idNumber).toMatch(ID_MASK);
        expect(r.phone).toMatch(PHONE_MASK);
        if (r.bankCard) expect(r.bankCard).toMatch(CARD_MASK);
      }
      const json = JSON.stringify(talents);
      expect(json).not.toContain(own.idNumber);
      expect(json).not.toContain(own.phone);
      const signing = await records(client, 'cust/query/custCoopSup');
      expect(signing.length).toBeGreaterThan(0);
      for (const r of signing) expect(r.idNumber).toMatch(ID_MASK);
    }
    for (const client of [sys, ent]) {
      const detail = await client.post('cust/query/get', { id: own.id });
      expect(detail.data).toMatchObject({ idNumber: maskPersonal('idNumber', own.idNumber), phone: maskPersonal('phone', own.phone) });
      const cards = await records(client, 'cust/query/listCustCard', { custId: own.id });
      expect(cards.map((c) => c.cardNo)).toContain(maskPersonal('bankCard', own.cardNo));
      const picker = await records(client, 'package/talent/query/list', { name: own.name });
      expect(picker.length).toBeGreaterThan(0);
      for (const r of picker) {
        expect(r.idNumber).toMatch(ID_MASK);
        expect(r.phone).toMatch(PHONE_MASK);
      }
      // The platform lists its own sub-accounts unless it names a type: ENT0001's are there.
      const admins = await records(client, 'user/subuser/list', client === sys ? { adminType: AdminType.ENT } : {});
      expect(admins.length).toBeGreaterThan(0);
      for (const r of admins) expect(r.phone).toMatch(PHONE_MASK);
    }
    const stored = await ctx.db.selectFrom('admin_user').select('phone').where('username', '=', 'maskview22').executeTakeFirstOrThrow();
    expect(JSON.stringify(await records(viewer, 'user/subuser/list'))).not.toContain(stored.phone);
  });

  test('search: the palette answers masked; a holder of 20110 finds by the whole number only, exactly; others get 1001', async () => {
    const palette = await ent.post('search/query', { q: own.idNumber });
    expect(palette.data).toContainEqual({ kind: '人才', title: own.name, subtitle: maskPersonal('idNumber', own.idNumber), link: `/cust/ent?idNumber=${own.idNumber}` });
    expect(JSON.stringify(palette.data)).not.toContain(`"subtitle":"${own.idNumber}"`);
    const partial = await ent.post('search/query', { q: own.idNumber.slice(0, 10) });
    expect(partial.data.filter((h: { kind: string }) => h.kind === '人才')).toEqual([]);
    // The list: exact for a holder, a part finds nothing; refused to a caller without 20110.
    expect((await records(ent, 'cust/query/list', { idNumber: own.idNumber })).map((r) => r.id)).toEqual([own.id]);
    expect(await records(ent, 'cust/query/list', { idNumber: own.idNumber.slice(0, 8) })).toEqual([]);
    expect((await records(ent, 'cust/query/list', { phone: own.phone })).map((r) => r.id)).toContain(own.id);
    expect(await records(ent, 'cust/query/list', { phone: own.phone.slice(0, 7) })).toEqual([]);
    expect(await viewer.post('cust/query/list', { cond: { phone: own.phone }, page: PAGE })).toMatchObject({ code: Code.VALIDATION, message: maskedFilterMessage('手机号') });
    expect(await viewer.post('cust/query/list', { cond: { idNumber: own.idNumber }, page: PAGE })).toMatchObject({ code: Code.VALIDATION, message: maskedFilterMessage('证件号码') });
    expect(await viewer.post('user/subuser/list', { cond: { phone: '13912345678' }, page: PAGE })).toMatchObject({ code: Code.VALIDATION, message: maskedFilterMessage('手机号') });
  });

  test('reveal: 20110 needed (3001), scope (3002), declared masked fields only (1001); audited and shown in 操作日志', async () => {
    const before = Date.now();
    const revealed = await sys.post('common/reveal', { entity: 'cust', key: own.id, field: 'idNumber' });
    expect(revealed).toMatchObject({ code: 0, data: { value: own.idNumber } });
    expect((await ent.post('common/reveal', { entity: 'cust', key: own.id, field: 'phone' })).data).toEqual({ value: own.phone });
    expect((await ent.post('common/reveal', { entity: 'custCard', key: own.cardId, field: 'cardNo' })).data).toEqual({ value: own.cardNo });
    const coop = await ctx.db.selectFrom('cust_coop_sup').select('id').where('custId', '=', own.id).executeTakeFirstOrThrow();
    expect((await ent.post('common/reveal', { entity: 'custCoopSup', key: coop.id, field: 'idNumber' })).data).toEqual({ value: own.idNumber });
    // A talent another enterprise registered but ENT0001 works with is in its scope: revealed.
    expect((await ent.post('common/reveal', { entity: 'cust', key: shared.id, field: 'idNumber' })).code).toBe(0);

    expect(await viewer.post('common/reveal', { entity: 'cust', key: own.id, field: 'idNumber' })).toMatchObject({ code: Code.NO_PERMISSION });
    expect(await ent.post('common/reveal', { entity: 'cust', key: foreign.id, field: 'idNumber' })).toMatchObject({ code: Code.OUT_OF_SCOPE, data: null });
    expect(await ent.post('common/reveal', { entity: 'cust', key: 99_999_999, field: 'idNumber' })).toMatchObject({ code: Code.NOT_FOUND });
    expect(await sys.post('common/reveal', { entity: 'cust', key: own.id, field: 'name' })).toMatchObject({ code: Code.VALIDATION, message: REVEAL_MESSAGES.field });
    expect(await sys.post('common/reveal', { entity: 'cust', key: own.id, field: 'passwordHash' })).toMatchObject({ code: Code.VALIDATION, message: REVEAL_MESSAGES.field });
    expect(await sys.post('common/reveal', { entity: 'nope', key: own.id, field: 'idNumber' })).toMatchObject({ code: Code.VALIDATION, message: REVEAL_MESSAGES.entity });
    expect(await sys.post('common/reveal', { entity: 'cust', key: 'x', field: 'idNumber' })).toMatchObject({ code: Code.VALIDATION, message: REVEAL_MESSAGES.key });

    // 从业者结算's lines (read from two tables at once) are revealed through their own resource too.
    const lines = await records(sys, 'package/settlement/query/list');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0].idNumber).toMatch(ID_MASK);
    const line = await sys.post('common/reveal', { entity: 'packagePayLine', key: lines[0].lineId, field: 'idNumber' });
    expect(line.data.value).toMatch(/^\d{17}[\dX]$/);
    expect(maskPersonal('idNumber', line.data.value)).toBe(lines[0].idNumber);

    // 管理员: an administrator's phone needs 1012 (管理子账号), inside the caller's organisation.
    const sub = await ctx.db.selectFrom('admin_user').select(['userId', 'phone']).where('username', '=', 'maskview22').executeTakeFirstOrThrow();
    expect((await ent.post('common/reveal', { entity: 'admin_user', key: sub.userId, field: 'phone' })).data).toEqual({ value: sub.phone });
    expect(await viewer.post('common/reveal', { entity: 'admin_user', key: sub.userId, field: 'phone' })).toMatchObject({ code: Code.NO_PERMISSION });
    expect(await spr.post('common/reveal', { entity: 'admin_user', key: sub.userId, field: 'phone' })).toMatchObject({ code: Code.OUT_OF_SCOPE });

    // The trail: who, whose record, which field, when — never the value.
    const entry = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'reveal').where('entity', '=', 'cust').where('entityId', '=', String(own.id)).where('operatorAccount', '=', DEMO_USERS.SYS).executeTakeFirstOrThrow();
    expect(Number(entry.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.parse(entry.changes)).toEqual({ owner: { from: null, to: expect.stringContaining(own.name) }, revealedField: { from: null, to: '证件号码' } });
    expect(entry.changes).not.toContain(own.idNumber);
    const refused = await ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'reveal').where('operatorAccount', '=', 'maskview22').execute();
    expect(refused).toEqual([]);
    const log = await records(sys, 'auditLog/query/list', { operatorAccount: DEMO_USERS.SYS, entityId: String(own.id) });
    const shown = log.find((r) => r.actionLabel === '查看完整号码');
    expect(shown).toMatchObject({ entityTitle: '人才', operatorAccount: DEMO_USERS.SYS, changeText: expect.stringContaining('查看字段：证件号码') });
    expect(String(shown!.changeText)).toContain(own.name);
  });

  test('exports: masked by default; whole only for a holder who asks (audited), refused (3001) to others', async () => {
    const exported = async (client: SignedClient, whole?: boolean) => {
      const token = await client.post('cust/query/genExportExcelToken', { cond: { name: own.name }, ...(whole ? { whole } : {}) });
      if (token.code !== 0) return token;
      const file = await client.get('cust/query/export', { token: token.data.token });
      const book = XLSX.read(file.rawPayload);
      return XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]]);
    };
    for (const client of [sys, ent, viewer]) {
      const lines = (await exported(client)) as Array<Record<string, string>>;
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) {
        expect(l['证件号码']).toMatch(ID_MASK);
        expect(l['手机号']).toMatch(PHONE_MASK);
      }
    }
    expect(await exported(viewer, true)).toMatchObject({ code: Code.NO_PERMISSION });
    const audits = async () => (await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'exportWhole').where('operatorAccount', '=', DEMO_USERS.ENT).execute()).length;
    const n = await audits();
    const whole = (await exported(ent, true)) as Array<Record<string, string>>;
    expect(whole.find((l) => l['姓名'] === own.name)).toMatchObject({ 证件号码: own.idNumber, 手机号: own.phone });
    expect(await audits()).toBe(n + 1);
    const entry = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'exportWhole').where('operatorAccount', '=', DEMO_USERS.ENT).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes)).toMatchObject({ revealedField: { to: '证件号码、手机号、银行卡号' }, exported: { to: whole.length } });
    // 管理员's export: the phone needs 1012 to go whole.
    expect((await viewer.post('user/subuser/genExportExcelToken', { cond: {}, whole: true })).code).toBe(Code.NO_PERMISSION);
  });

  test('企业人才: a talent another enterprise registered is listed to ENT0001 without 编辑; update, 实名认证 and cards refused', async () => {
    const talents = await records(ent, 'cust/query/list');
    const theirs = talents.find((r) => r.id === shared.id);
    const mine = talents.find((r) => r.id === own.id);
    expect(theirs).toBeDefined();
    expect(theirs!._actions).not.toContain('update');
    expect(theirs!._actions).not.toContain('realName');
    expect(mine!._actions).toContain('update');
    expect((await ent.post('cust/query/get', { id: shared.id })).data._actions).not.toContain('update');
    const before = await ctx.db.selectFrom('cust').select(['name', 'phone']).where('id', '=', shared.id).executeTakeFirstOrThrow();
    expect((await ent.post('cust/mgr/update', { id: shared.id, name: '改名测试' })).code).toBe(Code.NO_PERMISSION);
    expect((await ent.post('cust/mgr/realName', { id: shared.id })).code).toBe(Code.NO_PERMISSION);
    expect((await ent.post('cust/mgr/addCustCard', { custId: shared.id, accountCategory: 0, cardNo: '6222020200112233445' })).code).toBe(Code.NO_PERMISSION);
    expect(await ctx.db.selectFrom('cust').select(['name', 'phone']).where('id', '=', shared.id).executeTakeFirstOrThrow()).toEqual(before);
    // The registering enterprise and the platform still may.
    expect((await sys.post('cust/query/get', { id: shared.id })).data._actions).toContain('update');
    // A card of the shared talent offers no 删除 to ENT0001.
    const sharedCards = await records(ent, 'cust/query/listCustCard', { custId: shared.id });
    expect(sharedCards.length).toBeGreaterThan(0);
    for (const card of sharedCards) expect(card._actions).not.toContain('delete');
  });

  test('a simple list of an entity whose label is masked answers the label masked', async () => {
    const { resource } = defineResource({ db: ctx.db, dialect } as never, custCard, { scope: (_caller, qb) => qb.where('t.custId', '=', own.id) });
    const user = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', DEMO_USERS.SYS).executeTakeFirstOrThrow();
    const options = (await resource.simple({ user, perms: new Set([20100, 20110]) } as never, {})) as Array<{ value: number; label: string; cardNo: string }>;
    const mine = options.find((o) => o.value === own.cardId);
    expect(mine).toMatchObject({ label: maskPersonal('bankCard', own.cardNo), cardNo: maskPersonal('bankCard', own.cardNo) });
    expect(JSON.stringify(options)).not.toContain(own.cardNo);
  });

  test('an edit form sending the mask back leaves the number unchanged; a whole new number is written', async () => {
    const detail = (await ent.post('cust/query/get', { id: own.id })).data;
    const same = await ent.post('cust/mgr/update', { id: own.id, name: own.name, idType: detail.idType, idNumber: detail.idNumber, phone: detail.phone, bankCard: detail.bankCard, remark: '脱敏回传' });
    expect(same.code).toBe(0);
    const stored = await ctx.db.selectFrom('cust').select(['idNumber', 'phone', 'bankCard', 'remark']).where('id', '=', own.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ idNumber: own.idNumber, phone: own.phone, bankCard: own.bankCard, remark: '脱敏回传' });
    // A blank is checked as before: the phone is required.
    expect(await ent.post('cust/mgr/update', { id: own.id, phone: '' })).toMatchObject({ code: Code.VALIDATION, message: '请输入手机号码' });
    expect((await ctx.db.selectFrom('cust').select('phone').where('id', '=', own.id).executeTakeFirstOrThrow()).phone).toBe(own.phone);
    expect((await ent.post('cust/mgr/update', { id: own.id, phone: '13700001111' })).code).toBe(0);
    expect((await ctx.db.selectFrom('cust').select('phone').where('id', '=', own.id).executeTakeFirstOrThrow()).phone).toBe('13700001111');
    // A changed mask is not a number: refused, nothing written.
    expect((await ent.post('cust/mgr/update', { id: own.id, phone: '137****2222' })).code).toBe(Code.VALIDATION);
    // 操作日志 shows the change masked too.
    const log = await records(ent, 'auditLog/query/list', { entityId: String(own.id) });
    expect(JSON.stringify(log)).not.toContain('13700001111');
    expect(JSON.stringify(log)).toContain('137****1111');
  });
});
