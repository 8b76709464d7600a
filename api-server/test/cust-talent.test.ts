/** Issue 8 part A: the talent record, its files, real-name, OCR, export and the card BIN table, per account type on SQLite and PostgreSQL. */
import crypto from 'node:crypto';
import { isValidResidentId, maskMiddle, personalView, residentIdCheckDigit, TALENT_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { isLuhnValid, simulatedIdCardOcr } from '@flexpay/shared-utility/src/pure/rules/server';
import * as XLSX from 'xlsx';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { demoIdCardPng, luhnComplete } from '../src/demo/seed-talent';
import { lookupBin } from '../src/domain/cust/bin';
import { Code } from '../src/http/codes';
import type { AnyDb } from '../src/resource/entity-resource';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser } from './support/users';

const PAGE = { limit: 100, pageNum: 1 };
const valid = (first17: string) => first17 + residentIdCheckDigit(first17);
let serial = 0;
const newId = () => valid(`44030519900101${String(++serial).padStart(3, '0')}`);

describe('talent rules (pure)', () => {
  test('resident ID checksum, Luhn, masking and the deterministic OCR', () => {
    expect(isValidResidentId('11010519491231002X')).toBe(true);
    expect(isValidResidentId('110105194912310021')).toBe(false);
    expect(isLuhnValid(luhnComplete('622202020011223344'))).toBe(true);
    expect(maskMiddle('110105194912310021')).toBe('1101**********0021');
    expect(personalView('6222020200112233445', false)).toBe('6222***********3445');
    expect(personalView('6222020200112233445', true)).toBe('6222020200112233445');
    const read = simulatedIdCardOcr('0123456789abcdef0123456789abcdef');
    expect(read).toEqual(simulatedIdCardOcr('0123456789ABCDEF0123456789ABCDEF'));
    expect(isValidResidentId(read.idNumber)).toBe(true);
    expect(read.birthday.replace(/-/g, '')).toBe(read.idNumber.slice(6, 14));
  });
});

describe.each(DIALECTS)('talent record on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  let reader: SignedClient;
  const entIds: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    for (const e of await ctx.db.selectFrom('ent').select(['id', 'entCode']).execute()) entIds[e.entCode] = e.id;
    // An ENT0001 sub-account that may read talents and export them, without the talent-manage code.
    await createSubUser(ctx.db, 'entReader1', 'Sub@2026pass', DEMO_USERS.ENT, [20100, 20130]);
    [sys, spr, mer, ent, reader] = [ctx.client(), ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    expect((await reader.login('entReader1', 'Sub@2026pass')).code).toBe(0);
  }, 60_000);
  afterAll(() => ctx.close());

  const talent = (over: Record<string, unknown> = {}) => ({ name: '新增测试', idType: 111, idNumber: newId(), phone: '13712345678', bankCard: luhnComplete('622202020011223344'), ...over });
  const upload = async (client: SignedClient, name: string, bytes: Buffer) =>
    (await client.post('file/upload', { name, contentBase64: bytes.toString('base64'), fileMd5: crypto.createHash('md5').update(bytes).digest('hex') })).data as { url: string; fileMd5: string; name: string };

  test('scope follows cooperation: ENT its own, SPR its supplier’s, SYS all, MER refused', async () => {
    const count = async (client: SignedClient) => (await client.post('cust/query/list', { cond: {}, page: { limit: 1, pageNum: 1 } })).data.total as number;
    const coopEnt = async (entId: number) => Number((await ctx.db.selectFrom('cust_coop_ent').select((eb) => eb.fn.count('custId').distinct().as('n')).where('entId', '=', entId).executeTakeFirstOrThrow()).n);
    expect(await count(ent)).toBe(await coopEnt(entIds.ENT0001));
    expect(await count(ent)).toBeGreaterThanOrEqual(22);
    const spr1 = await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', 'SPR0001').executeTakeFirstOrThrow();
    const sprRows = Number((await ctx.db.selectFrom('cust_coop_sup').select((eb) => eb.fn.countAll().as('n')).where('supplierId', '=', spr1.id).executeTakeFirstOrThrow()).n);
    expect(await count(spr)).toBe(sprRows);
    expect(await count(sys)).toBe(Number((await ctx.db.selectFrom('cust').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    expect((await mer.post('cust/query/list', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
    // A talent of ENT0003 only: out of ENT0001's and SPR0001's scope.
    const foreign = await ctx.db.selectFrom('cust').select('id').where('entId', '=', entIds.ENT0003).executeTakeFirstOrThrow();
    expect((await ent.post('cust/query/get', { id: foreign.id })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await spr.post('cust/query/get', { id: foreign.id })).code).toBe(Code.OUT_OF_SCOPE);
    // The person shared by ENT0001 and ENT0002 is seen by both.
    const shared = await ctx.db.selectFrom('cust_coop_ent').select('custId').where('entId', '=', entIds.ENT0001).where('remark', '=', '两家企业共同用工').executeTakeFirstOrThrow();
    expect((await ent.post('cust/query/get', { id: shared.custId })).code).toBe(0);
  });

  test('ID and card numbers are masked for everyone, 20110 or not (issue 22 item 6); a holder exports them whole on request', async () => {
    const listed = await reader.post('cust/query/list', { cond: {}, page: PAGE });
    const row = listed.data.records[0];
    expect(row.idNumber).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
    expect(row.bankCard).toContain('****');
    expect(row._actions).not.toContain('realName');
    const stored = await ctx.db.selectFrom('cust').select(['idNumber', 'bankCard']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect((await reader.post('cust/query/get', { id: row.id })).data.idNumber).toBe(maskMiddle(stored.idNumber));
    // The holder's detail view is masked too (common/reveal hands out one value, issue22-masking.test.ts).
    const holder = await ent.post('cust/query/get', { id: row.id });
    expect(holder.data).toMatchObject({ idNumber: maskMiddle(stored.idNumber), bankCard: personalView(stored.bankCard, false) });
    expect(holder.data.files.map((f: { fileType: number }) => f.fileType)).toEqual(expect.arrayContaining([0, 1]));
    // The export follows the same rule: masked for the reader.
    const token = await reader.post('cust/query/genExportExcelToken', { cond: { name: row.name } });
    const file = await reader.get('cust/query/export', { token: token.data.token });
    const sheet = XLSX.read(file.rawPayload).Sheets[XLSX.read(file.rawPayload).SheetNames[0]];
    const lines = XLSX.utils.sheet_to_json<Record<string, string>>(sheet);
    expect(lines.length).toBe(token.data.total);
    for (const line of lines) {
      expect(line['姓名']).toContain(row.name);
      expect(line['证件号码']).toContain('*');
      expect(line['银行卡号'] ?? '').not.toMatch(/^\d{10,}$/);
    }
    // …and whole for a holder of the talent-manage code who asks for it, the same rows.
    const holderToken = await ent.post('cust/query/genExportExcelToken', { cond: { name: row.name }, whole: true });
    expect(holderToken.data.total).toBe(token.data.total);
    const holderFile = await ent.get('cust/query/export', { token: holderToken.data.token });
    const holderBook = XLSX.read(holderFile.rawPayload);
    const holderLines = XLSX.utils.sheet_to_json<Record<string, string>>(holderBook.Sheets[holderBook.SheetNames[0]]);
    expect(holderLines.map((l) => l['证件号码'])).toContain(stored.idNumber);
    expect(holderLines.every((l) => !String(l['证件号码']).includes('*'))).toBe(true);
    expect(holderLines.find((l) => l['证件号码'] === stored.idNumber)?.['银行卡号']).toBe(stored.bankCard ?? undefined);
  });

  test('create registers the person with its cooperation rows and card; a second create of the person answers 1009 naming it', async () => {
    const body = talent({ name: '平台新增' });
    expect((await sys.post('cust/mgr/create', body)).message).toBe('请选择企业');
    expect((await spr.post('cust/mgr/create', { ...body, entId: entIds.ENT0003 })).code).toBe(Code.OUT_OF_SCOPE);
    expect((await mer.post('cust/mgr/create', { ...body, entId: entIds.ENT0001 })).code).toBe(Code.NO_PERMISSION);
    expect((await reader.post('cust/mgr/create', body)).code).toBe(Code.NO_PERMISSION);
    expect(await ent.post('cust/mgr/create', { ...body, idNumber: body.idNumber.slice(0, -1) + (body.idNumber.endsWith('0') ? '1' : '0') })).toMatchObject({ code: Code.VALIDATION, message: TALENT_MESSAGES.residentId });
    const made = await spr.post('cust/mgr/create', { ...body, entId: entIds.ENT0002 });
    expect(made.code).toBe(0);
    const id = made.data.id as number;
    const ent2 = await ctx.db.selectFrom('ent').select('supplierId').where('id', '=', entIds.ENT0002).executeTakeFirstOrThrow();
    expect(await ctx.db.selectFrom('cust_coop_ent').select(['entId', 'status']).where('custId', '=', id).execute()).toEqual([{ entId: entIds.ENT0002, status: 0 }]);
    expect(await ctx.db.selectFrom('cust_coop_sup').select(['supplierId', 'signStatus']).where('custId', '=', id).execute()).toEqual([{ supplierId: ent2.supplierId, signStatus: 0 }]);
    expect(await ctx.db.selectFrom('cust_card').select(['cardNo', 'bankName', 'validated']).where('custId', '=', id).execute()).toEqual([{ cardNo: body.bankCard, bankName: '中国工商银行', validated: 0 }]);
    // ENT0001 does not cooperate with the person yet: the answer names the record for adding the cooperation.
    expect((await ent.post('cust/query/get', { id })).code).toBe(Code.OUT_OF_SCOPE);
    const again = await ent.post('cust/mgr/create', { ...body, idNumber: body.idNumber.toLowerCase() });
    expect(again).toMatchObject({ code: Code.CONFLICT, message: TALENT_MESSAGES.exists(made.data.custCode), data: { id } });
  });

  test('a concurrent double create of one ID number leaves one talent', async () => {
    const body = talent({ name: '并发新增' });
    const answers = await Promise.all([ent.post('cust/mgr/create', body), ent.post('cust/mgr/create', body), sys.post('cust/mgr/create', { ...body, entId: entIds.ENT0002 })]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a.code).toBe(Code.CONFLICT);
    expect(await ctx.db.selectFrom('cust').select('id').where('idNumber', '=', body.idNumber).execute()).toHaveLength(1);
  });

  test('real-name: 0 → 10 by the simulated provider, a changed name resets it; a bad checksum stored before the rule fails (20)', async () => {
    const made = await ent.post('cust/mgr/create', talent({ name: '实名测试' }));
    const id = made.data.id as number;
    const first = await ent.post('cust/query/get', { id });
    expect(first.data).toMatchObject({ realNameStatus: 0 });
    expect(first.data._actions).toEqual(expect.arrayContaining(['update', 'files', 'realName']));
    expect((await reader.post('cust/mgr/realName', { id })).code).toBe(Code.NO_PERMISSION);
    expect((await ent.post('cust/mgr/realName', { id })).data).toMatchObject({ realNameStatus: 10 });
    expect((await ent.post('cust/mgr/realName', { id })).code).toBe(Code.CONFLICT);
    expect((await ent.post('cust/mgr/update', { id, phone: '13800001111' })).data.realNameStatus).toBe(10);
    expect((await ent.post('cust/mgr/update', { id, name: '实名改名' })).data).toMatchObject({ name: '实名改名', realNameStatus: 0, realNameAt: null });
    const failing = await ctx.db.selectFrom('cust').select('id').where('realNameStatus', '=', 20).where('entId', '=', entIds.ENT0001).executeTakeFirstOrThrow();
    await ctx.db.updateTable('cust').set({ realNameStatus: 0 }).where('id', '=', failing.id).execute();
    expect((await ent.post('cust/mgr/realName', { id: failing.id })).data.realNameStatus).toBe(20);
    // Only the platform disables the person itself.
    expect((await ent.post('cust/mgr/disable', { id, reason: '测试' })).code).toBe(Code.NO_PERMISSION);
    expect((await sys.post('cust/mgr/updateStatus', { id, status: 1, reason: '核查中' })).data.status).toBe(1);
  });

  test('OCR reads an uploaded ID photo deterministically; ID photos are attached, listed with MD5 and previewed in scope', async () => {
    const photo = demoIdCardPng(4242, 0);
    const file = await upload(ent, '身份证人像面.png', photo);
    const read = await ent.post('cust/mgr/ocrIdCard', { file });
    expect(read.data).toMatchObject({ ...simulatedIdCardOcr(file.fileMd5), file });
    expect((await spr.post('cust/mgr/ocrIdCard', { file })).code).toBe(Code.OUT_OF_SCOPE);
    const made = await ent.post('cust/mgr/create', { name: read.data.name, idType: read.data.idType, idNumber: read.data.idNumber, phone: '13712345678', idFront: read.data.file });
    expect(made.code).toBe(0);
    const back = await upload(ent, '身份证国徽面.png', demoIdCardPng(4242, 1));
    expect((await ent.post('cust/mgr/file/save', { custId: made.data.id, fileType: 7, file: back })).message).toBe(TALENT_MESSAGES.fileType);
    const files = await ent.post('cust/mgr/file/save', { custId: made.data.id, fileType: 1, file: back });
    expect(files.data.map((f: { fileType: number; fileMd5: string }) => [f.fileType, f.fileMd5])).toEqual([[0, file.fileMd5], [1, back.fileMd5]]);
    const shown = await ent.get('cust/query/file/download', { id: String(files.data[1].id) });
    expect(shown.statusCode).toBe(200);
    expect(crypto.createHash('md5').update(shown.rawPayload).digest('hex')).toBe(back.fileMd5);
    // SPR0001 cooperates with the person (ENT0001's supplier) and may preview; an outside upload cannot be attached.
    expect((await spr.get('cust/query/file/download', { id: String(files.data[1].id) })).statusCode).toBe(200);
    expect((await spr.post('cust/mgr/file/save', { custId: made.data.id, fileType: 2, file: back })).code).toBe(Code.OUT_OF_SCOPE);
  });

  test('银行卡号: SYS keeps the BIN table, others are refused; lookupBin names a card’s bank and type', async () => {
    expect((await ent.post('bankCard/query/list', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post('bankCard/mgr/add', { bin: '888888', bankName: 'x', cardType: 'DC', cardLength: 19 })).code).toBe(Code.NO_PERMISSION);
    const listed = await sys.post('bankCard/query/list', { cond: { bankName: '工商' }, page: PAGE });
    expect(listed.data.records.map((r: { bin: string }) => r.bin)).toEqual(expect.arrayContaining(['622202', '621226']));
    expect((await sys.post('bankCard/mgr/add', { bin: '622202', bankName: '重复', cardType: 'DC', cardLength: 19 })).code).toBe(Code.CONFLICT);
    // 按卡号添加's refusals (BIN_BY_CARD's messages) and its defaults: 借记卡 when no type is sent, a long card name cut to 50.
    const byCard = (body: Record<string, unknown>) => sys.post('bankCard/mgr/addByDetail', body);
    expect(await byCard({ cardNo: '62148', bankName: '招商银行' })).toMatchObject({ code: Code.VALIDATION, message: '请输入10-30位数字的银行卡号' });
    expect(await byCard({ bankName: '招商银行' })).toMatchObject({ code: Code.VALIDATION, message: '请输入10-30位数字的银行卡号' });
    expect(await byCard({ cardNo: '6214830000000000', bankName: '招'.repeat(51) })).toMatchObject({ code: Code.VALIDATION, message: '请输入发卡银行' });
    expect(await byCard({ cardNo: '6214830000000000', bankName: '招商银行', cardType: 'XX' })).toMatchObject({ code: Code.VALIDATION, message: '请选择卡类型' });
    const typeless = await byCard({ cardNo: '6214840000000000000', bankName: ' 招商银行 ', cardName: '卡'.repeat(60) });
    expect(typeless.data).toMatchObject({ bin: '621484', bankName: '招商银行', cardType: 'DC' });
    expect(await ctx.db.selectFrom('bank_bin').select(['cardName', 'cardLength']).where('id', '=', typeless.data.id).executeTakeFirstOrThrow()).toEqual({ cardName: '卡'.repeat(50), cardLength: 19 });
    const added = await sys.post('bankCard/mgr/addByDetail', { cardNo: '6214830000000000', bankName: '招商银行', cardName: '银联IC卡', cardType: 'DC' });
    expect(added.data).toMatchObject({ bin: '621483', bankName: '招商银行', cardType: 'DC' });
    expect((await sys.post('bankCard/mgr/update', { id: added.data.id, cardName: '一卡通' })).data.cardName).toBe('一卡通');
    expect(await lookupBin(ctx.db as unknown as AnyDb, '6214831234567890')).toMatchObject({ bankName: '招商银行', cardName: '一卡通' });
    expect(await lookupBin(ctx.db as unknown as AnyDb, '9999990000000000')).toBeNull();
  });
});
