import crypto from 'node:crypto';
import { MESSAGES } from '@flexpay/shared-utility/src/pure';
import * as XLSX from 'xlsx';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code, Messages } from '../src/http/codes';
import { checkCustImportRow as checkImportRow, checkCustImportRows, CUST_IMPORT_MAX_ROWS as IMPORT_MAX_ROWS, importRefusal, parseIdType, residentIdCheckDigit, TALENT_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { CustMessages } from '../src/domain/cust/import';
import { PICK_MESSAGES } from '../src/resource/ent-channel';
import { ADMIN_MESSAGES as SubuserMessages } from '@flexpay/shared-utility/src/pure/rules/server';
import { duplicateUsernameAnswer } from '../src/domain/admin/index';
import { isUniqueViolation } from '../src/http/db-errors';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser } from './support/users';

const PASSWORD = 'Sub@2026pass';
const LIST = { cond: {}, page: { limit: 100, pageNum: 1 } };

let serial = 0;
/** A valid resident ID (birth date and check character) from its first 17 digits. */
const valid = (first17: string) => first17 + residentIdCheckDigit(first17);
/** A unique valid resident ID number per call. */
const newId = () => valid(`5101011988${String(1 + (Math.floor(serial / 1000) % 12)).padStart(2, '0')}01${String(++serial % 1000).padStart(3, '0')}`);
/** A valid resident ID ending in the check character X. */
const withX = (() => {
  for (let seq = 0; ; seq++) {
    const first17 = `51010119880101${String(seq).padStart(3, '0')}`;
    if (residentIdCheckDigit(first17) === 'X') return first17 + 'X';
  }
})();
const row = (over: Record<string, unknown> = {}) => ({
  name: '导入测试',
  idType: 111,
  idNumber: newId(),
  phone: '13712345678',
  bankCard: '6222020200112233445',
  remark: '',
  ...over,
});

describe('import row rules (shared §5 rules, pure)', () => {
  test('field order, ID types and defaults', () => {
    expect(parseIdType('')).toBe(111);
    expect(parseIdType('居民身份证')).toBe(111);
    expect(parseIdType('142')).toBe(142);
    expect(parseIdType(173)).toBe(173);
    expect(parseIdType('身份证')).toBeNull();
    expect(checkImportRow({ ...row(), idType: '' })).toMatchObject({ row: { idType: 111 } });
    expect(checkImportRow({ ...row(), name: '', phone: 'x' })).toEqual({ error: MESSAGES.nameRequired });
    expect(checkImportRow({ ...row(), idType: 999 })).toEqual({ error: CustMessages.idType });
    expect(checkImportRow({ ...row(), idNumber: 'X' })).toEqual({ error: MESSAGES.idNumberLength });
    // A resident ID must pass its checksum; other ID types only the length rule.
    expect(checkImportRow({ ...row(), idNumber: withX.slice(0, -1) + '1' })).toEqual({ error: TALENT_MESSAGES.residentId });
    expect(checkImportRow({ ...row(), idType: 142, idNumber: 'E12345678' })).toMatchObject({ row: { idType: 142 } });
    expect(checkImportRow({ ...row(), bankName: '中国工商银行' })).toMatchObject({ row: { bankName: '中国工商银行', remark: null } });
    expect(checkImportRow({ ...row(), phone: 13712345678 })).toMatchObject({ row: { phone: '13712345678' } });
    expect(checkImportRow({ ...row(), bankCard: '62220' })).toEqual({ error: MESSAGES.bankCard });
    expect(checkImportRow({ ...row(), remark: 'r'.repeat(1001) })).toEqual({ error: MESSAGES.remarkLength });
  });

  test('the first failing row is named, every refused row listed; repeats compare without case', () => {
    const a = row({ idNumber: withX.toLowerCase() });
    const refusal = (rows: unknown[], existing?: Set<string>) => importRefusal(checkCustImportRows(rows, existing));
    expect(refusal([row(), row()])).toBeNull();
    expect(refusal([row(), row({ phone: '12345678901' }), row({ name: '' })])).toEqual({
      message: '第2行：请输入有效的手机号码',
      rows: [
        { rowNo: 2, ok: false, message: MESSAGES.phone },
        { rowNo: 3, ok: false, message: MESSAGES.nameRequired },
      ],
    });
    expect(refusal([a, row(), row({ idNumber: withX })])?.message).toBe('第3行：证件号码与第1行重复');
    expect(refusal([row(), a], new Set([withX]))).toEqual({ message: '第2行：证件号码已存在', rows: [{ rowNo: 2, ok: false, message: CustMessages.idNumberExists }] });
  });
});

describe('unique violation of a racing sub-account create', () => {
  test('both drivers map to 1009 用户名已存在, anything else is rethrown', () => {
    const sqlite = Object.assign(new Error('UNIQUE constraint failed: admin_user.username'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    const postgres = Object.assign(new Error('duplicate key value violates unique constraint "admin_user_username_key"'), { code: '23505' });
    for (const error of [sqlite, postgres]) {
      expect(isUniqueViolation(error)).toBe(true);
      expect(() => duplicateUsernameAnswer(error)).toThrow(expect.objectContaining({ code: 1009, message: SubuserMessages.duplicate }));
    }
    const other = Object.assign(new Error('FOREIGN KEY constraint failed'), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(isUniqueViolation(other)).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(() => duplicateUsernameAnswer(other)).toThrow(other);
  });
});

describe.each(DIALECTS)('talent import (cust/mgr/import) on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  let ent2: SignedClient;
  const entIds: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    for (const e of await ctx.db.selectFrom('ent').select(['id', 'entCode']).execute()) entIds[e.entCode] = e.id;
    // An administrator of the second enterprise (ENT0002) with the talent codes.
    await createSubUser(ctx.db, 'ent2Admin1', PASSWORD, DEMO_USERS.ENT, [20100, 20120]);
    await ctx.db.updateTable('admin_user').set({ orgId: entIds.ENT0002, terCode: 'ENT0002' }).where('username', '=', 'ent2Admin1').execute();
    [sys, spr, mer, ent, ent2] = [ctx.client(), ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    expect((await ent2.login('ent2Admin1', PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  const custCount = async () => Number((await ctx.db.selectFrom('cust').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const auditCount = async () =>
    Number((await ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('entity', '=', 'cust').executeTakeFirstOrThrow()).n);

  /** A refused import inserts no talent and writes no audit row. */
  async function refused(call: () => Promise<{ code: number; message: string }>, code: number, message?: string) {
    const [before, audits] = [await custCount(), await auditCount()];
    const answer = await call();
    expect(answer.code).toBe(code);
    if (message) expect(answer.message).toBe(message);
    expect(await custCount()).toBe(before);
    expect(await auditCount()).toBe(audits);
  }

  test('ENT imports into its own enterprise; another enterprise does not see the rows', async () => {
    const rows = [row({ name: '导入甲' }), row({ name: '导入乙', idType: '港澳居民来往内地通行证', remark: '第二行' }), row({ name: '导入丙', idType: '' })];
    const before = await custCount();
    // entId of another enterprise is ignored for ENT callers.
    const answer = await ent.post('cust/mgr/import', { entId: entIds.ENT0003, rows });
    expect(answer).toMatchObject({ code: 0, data: { imported: 3, rows: [1, 2, 3].map((rowNo) => ({ rowNo, ok: true })) } });
    expect(await custCount()).toBe(before + 3);
    const stored = await ctx.db.selectFrom('cust').selectAll().where('idNumber', 'in', rows.map((r) => r.idNumber)).orderBy('id').execute();
    expect(stored.map((c) => [c.name, c.idType, c.entId, c.status])).toEqual([
      ['导入甲', 111, entIds.ENT0001, 0],
      ['导入乙', 131, entIds.ENT0001, 0],
      ['导入丙', 111, entIds.ENT0001, 0],
    ]);
    const ent1 = await ctx.db.selectFrom('ent').select('supplierId').where('id', '=', entIds.ENT0001).executeTakeFirstOrThrow();
    expect(new Set(stored.map((c) => c.supplierId))).toEqual(new Set([ent1.supplierId]));
    expect(new Set(stored.map((c) => c.custCode)).size).toBe(3);

    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'cust').where('action', '=', 'import').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ operatorAccount: DEMO_USERS.ENT, entityId: `ent:${entIds.ENT0001}` });
    expect(JSON.parse(audit.changes).imported).toEqual({ from: 0, to: 3 });

    const own = await ent.post('cust/query/list', { ...LIST, cond: { name: '导入' } });
    expect(own.code).toBe(0);
    expect(own.data.records.map((r: { name: string }) => r.name).sort()).toEqual(['导入丙', '导入乙', '导入甲']);
    expect(own.data.records[0]).toMatchObject({ entId: entIds.ENT0001, entName: '北京星辰物流有限公司' });
    expect(own.data.records[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const other = await ent2.post('cust/query/list', { ...LIST, cond: { name: '导入' } });
    expect(other).toMatchObject({ code: 0, data: { total: 0, records: [] } });
    // Asking for the first enterprise's rows by condition does not widen the scope.
    expect((await ent2.post('cust/query/list', { ...LIST, cond: { entId: entIds.ENT0001 } })).data.total).toBe(0);
    expect((await ent2.post('cust/query/get', { id: stored[0].id })).code).toBe(3002);
    expect((await ent.post('cust/query/get', { id: stored[0].id })).data).toMatchObject({ name: '导入甲', entName: '北京星辰物流有限公司' });
  });

  test('a bad row answers 1001 naming the row, and nothing is inserted', async () => {
    await refused(() => ent.post('cust/mgr/import', { rows: [row(), row(), row({ phone: '12345678901' }), row({ name: '' })] }), 1001, '第3行：请输入有效的手机号码');
    await refused(() => ent.post('cust/mgr/import', { rows: [row({ idType: '驾驶证' })] }), 1001, `第1行：${CustMessages.idType}`);
    await refused(() => ent.post('cust/mgr/import', { rows: [row({ bankCard: '' })] }), 1001, `第1行：${MESSAGES.bankCardRequired}`);
    await refused(() => ent.post('cust/mgr/import', { rows: [] }), 1001, CustMessages.rowsRequired);
    await refused(() => ent.post('cust/mgr/import', { rows: 'x' }), 1001, CustMessages.rowsRequired);
    const many = Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ({ n: 1 }));
    await refused(() => ent.post('cust/mgr/import', { rows: many }), 1001, CustMessages.tooManyRows);
  });

  test('a repeated ID number in the file is refused (1001); a person already registered is linked, not refused (DOMAIN.md §6)', async () => {
    const a = row();
    await refused(() => ent.post('cust/mgr/import', { rows: [a, row(), row(), row(), { ...row(), idNumber: a.idNumber }] }), 1001, '第5行：证件号码与第1行重复');
    expect((await ent.post('cust/mgr/import', { rows: [a] })).data.rows).toEqual([{ rowNo: 1, ok: true, message: CustMessages.created }]);
    // Again in the same enterprise (other case): nothing new, the cooperation exists.
    const before = await custCount();
    const again = await ent.post('cust/mgr/import', { rows: [{ ...row(), idNumber: a.idNumber.toLowerCase() }] });
    expect(again.data.rows).toEqual([{ rowNo: 1, ok: true, message: CustMessages.alreadyLinked }]);
    expect(await custCount()).toBe(before);
    // Another enterprise of the same supplier imports the person: one talent, a new enterprise cooperation, the supplier one kept.
    const stored = await ctx.db.selectFrom('cust').select('id').where('idNumber', '=', a.idNumber).executeTakeFirstOrThrow();
    expect(await ent2.post('cust/query/get', { id: stored.id })).toMatchObject({ code: 3002 });
    const linked = await ent2.post('cust/mgr/import', { rows: [row(), { ...row(), idNumber: a.idNumber }] });
    expect(linked.data).toMatchObject({ imported: 2, created: 1, rows: [{ rowNo: 1, message: CustMessages.created }, { rowNo: 2, ok: true, message: CustMessages.linked }] });
    expect(await custCount()).toBe(before + 1);
    const coops = await ctx.db.selectFrom('cust_coop_ent').select('entId').where('custId', '=', stored.id).execute();
    expect(coops.map((c) => c.entId).sort()).toEqual([entIds.ENT0001, entIds.ENT0002].sort());
    expect(await ctx.db.selectFrom('cust_coop_sup').select('supplierId').where('custId', '=', stored.id).execute()).toHaveLength(1);
    expect((await ent2.post('cust/query/get', { id: stored.id })).code).toBe(0);
    // The import history keeps every row's outcome; the result workbook and the list answer for it.
    const history = await ent2.post('cust/mgr/importList', LIST);
    expect(history.data.records[0]).toMatchObject({ importNo: linked.data.importNo, total: 2, successCount: 2, failCount: 0 });
    const details = await ent2.post('cust/mgr/importDetails', { id: linked.data.importId });
    expect(details.data.rows.map((r: { message: string }) => r.message)).toEqual([CustMessages.created, CustMessages.linked]);
    // importDetails is the kit's get of the import (a getAliases path) with its rows: the head's fields, ID numbers masked.
    expect(details.data).toMatchObject({ importNo: linked.data.importNo, total: 2 });
    expect(details.data.rows.every((r: { idNumber: string }) => r.idNumber.includes('*'))).toBe(true);
    expect((await ent2.post('cust/mgr/import/get', { id: linked.data.importId })).data.rows).toEqual(details.data.rows);
    expect((await ent.post('cust/mgr/importDetails', { id: linked.data.importId })).code).toBe(3002);
  });

  test('原始文件 and 结果文件: an import sent with its workbook keeps it; importDFile serves both inside the history scope only', async () => {
    const bytes = Buffer.from('PK original workbook of the import');
    const uploaded = async (client: SignedClient) =>
      (await client.post('file/upload', { name: '人才导入.xlsx', contentBase64: bytes.toString('base64'), fileMd5: crypto.createHash('md5').update(bytes).digest('hex') })).data as { url: string; fileMd5: string; name: string };
    // Only one's own upload may be kept (another enterprise's answers 3002, nothing imported).
    await refused(() => ent.post('cust/mgr/import', { rows: [row()], file: { url: '/api/admin/file/download?id=999999999' } }), 1004);
    const foreignUpload = await uploaded(ent2);
    await refused(() => ent.post('cust/mgr/import', { rows: [row()], file: foreignUpload }), 3002);
    const kept = await ent.post('cust/mgr/import', { rows: [row({ name: '原始文件' })], file: await uploaded(ent) });
    expect(kept.code).toBe(0);
    const bare = await ent.post('cust/mgr/import', { rows: [row({ name: '无原始文件' })], fileName: '手工.xlsx' });
    const history = (await ent.post('cust/mgr/importList', LIST)).data.records as Array<Record<string, unknown>>;
    expect(history.find((h) => h.id === kept.data.importId)).toMatchObject({ fileName: '人才导入.xlsx', _actions: ['result', 'original'] });
    expect(history.find((h) => h.id === bare.data.importId)).toMatchObject({ fileName: '手工.xlsx', _actions: ['result'] });

    const file = (client: SignedClient, id: number, kind: string) => client.get('cust/mgr/importDFile', { id: String(id), kind });
    for (const client of [ent, spr, sys]) {
      const original = await file(client, kept.data.importId, 'original');
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload).toEqual(bytes);
      expect(decodeURIComponent(String(original.headers['content-disposition']))).toContain('人才导入.xlsx');
      const result = await file(client, kept.data.importId, 'result');
      const book = XLSX.read(result.rawPayload);
      const lines = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
      expect(lines).toEqual([expect.objectContaining({ 行号: 1, 姓名: '原始文件', 结果: '成功', 说明: CustMessages.created })]);
    }
    // The other enterprise (same supplier) and MER see neither file; an import without its workbook has no original.
    expect(JSON.parse((await file(ent2, kept.data.importId, 'original')).payload).code).toBe(3002);
    expect(JSON.parse((await file(ent2, kept.data.importId, 'result')).payload).code).toBe(3002);
    expect(JSON.parse((await file(mer, kept.data.importId, 'original')).payload).code).toBe(Code.NO_PERMISSION);
    expect(JSON.parse((await file(ent, bare.data.importId, 'original')).payload)).toMatchObject({ code: 1004, message: CustMessages.importFile });
  });

  test('SYS and SPR must name an enterprise inside their scope; MER may not import', async () => {
    await refused(() => sys.post('cust/mgr/import', { rows: [row()] }), 1001, PICK_MESSAGES.ent);
    await refused(() => spr.post('cust/mgr/import', { entId: '', rows: [row()] }), 1001, PICK_MESSAGES.ent);
    // supplier01 serves ENT0001 and ENT0002; ENT0003 belongs to the other supplier.
    await refused(() => spr.post('cust/mgr/import', { entId: entIds.ENT0003, rows: [row()] }), 3002, Messages.outOfScope);
    await refused(() => sys.post('cust/mgr/import', { entId: 999999, rows: [row()] }), 1004, CustMessages.entMissing);
    await refused(() => mer.post('cust/mgr/import', { entId: entIds.ENT0001, rows: [row()] }), 3001, Messages.noPermission);
    expect((await mer.post('cust/query/list', LIST)).code).toBe(3001);

    const fromSpr = row({ name: '供应商导入' });
    expect(await spr.post('cust/mgr/import', { entId: entIds.ENT0002, rows: [fromSpr] })).toMatchObject({ code: 0, data: { imported: 1 } });
    expect(await sys.post('cust/mgr/import', { entId: String(entIds.ENT0003), rows: [row({ name: '平台导入' })] })).toMatchObject({ code: 0, data: { imported: 1 } });

    // SPR lists the talents of its enterprises only; SYS lists everything.
    const sprList = await spr.post('cust/query/list', { cond: {}, page: { limit: 100, pageNum: 1 } });
    expect(new Set(sprList.data.records.map((r: { entId: number }) => r.entId))).toEqual(new Set([entIds.ENT0001, entIds.ENT0002]));
    expect(sprList.data.records.map((r: { name: string }) => r.name)).toContain('供应商导入');
    const sysList = await sys.post('cust/query/list', { cond: { name: '平台导入' }, page: { limit: 10, pageNum: 1 } });
    expect(sysList.data.records).toEqual([expect.objectContaining({ entId: entIds.ENT0003, entName: '成都巴蜀餐饮管理有限公司' })]);
    expect((await sys.post('cust/query/list', LIST)).data.total).toBe(await custCount());
  });

  test('the enterprise picker lists the enterprises in scope', async () => {
    const ids = async (client: SignedClient) => {
      const answer = await client.post('ent/query/querySimple');
      expect(answer.code).toBe(0);
      // The kit's simple list: value/label for pickers, plus the fields the talent screens read.
      for (const e of answer.data) expect(e).toMatchObject({ value: e.id, label: e.entName });
      return new Set(answer.data.map((e: { id: number }) => e.id));
    };
    const codes = (...names: string[]) => new Set(names.map((n) => entIds[n]));
    expect(await ids(sys)).toEqual(codes('ENT0001', 'ENT0002', 'ENT0003', 'ENT0004', 'ENT0005'));
    expect(await ids(spr)).toEqual(codes('ENT0001', 'ENT0002', 'ENT0004', 'ENT0005'));
    // A merchant picks among its own enterprises and those of its sub-merchants; an enterprise itself and its subs.
    expect(await ids(mer)).toEqual(codes('ENT0001', 'ENT0002', 'ENT0004', 'ENT0005'));
    expect(await ids(ent)).toEqual(codes('ENT0001', 'ENT0005'));
  });

  test('two racing creates of one username: one succeeds, the other answers 1009 (never 5000)', async () => {
    const body = { username: 'raceUser01', password: PASSWORD, name: '并发测试', phone: '13912345678', sex: 0, status: 0 };
    const answers = await Promise.all([sys.post('user/subuser/create', body, { encrypt: true }), sys.post('user/subuser/create', body, { encrypt: true })]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1009]);
    expect(answers.find((a) => a.code === 1009)?.message).toBe(SubuserMessages.duplicate);
  });
});
