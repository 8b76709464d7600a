/**
 * Issue 8 (part B): a talent's cooperation with enterprises and suppliers, signing, tax registration
 * and bank cards per account type on SQLite and PostgreSQL, with the scheduler's time-based moves on
 * an injected clock.
 */
import crypto from 'node:crypto';
import { DAY_MS } from '@flexpay/shared-utility/src/pure';
import * as XLSX from 'xlsx';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { runSignJobs } from '../src/domain/cust/sign-scheduler';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser } from './support/users';

const PAGE = { limit: 100, pageNum: 1 };
const DELAYS = { eSignMs: 30_000, taxRegMs: 60_000 };
const STALE = '当前状态不允许此操作';

jest.setTimeout(30_000);

describe.each(DIALECTS)('talent cooperation, signing and cards on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  let viewer: SignedClient;
  let exporter: SignedClient;
  let ids: { ent1: number; ent2: number; ent3: number; ent5: number; spr1: number; spr2: number };
  /** Talents: `ok` real-name 10, `failed` real-name 20 (both with ENT0001 and SPR0001), `foreign` with ENT0003/SPR0002, `loose` with ENT0001 only. */
  let t: { ok: number; failed: number; foreign: number; loose: number };
  let coop: { ok: number; failed: number; foreign: number };

  async function talent(code: string, name: string, idNumber: string, realNameStatus: number, entId: number, supplierId: number | null): Promise<number> {
    const now = Date.now();
    const { id } = await ctx.db
      .insertInto('cust')
      .values({ custCode: code, name, idType: 142, idNumber, phone: '13900001111', bankCard: null, entId, supplierId: supplierId ?? ids.spr1, realNameStatus, signStatus: 0, status: 0, createdAt: now, updatedAt: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('cust_coop_ent').values({ custId: id, entId, status: 0, remark: null, createdAt: now, updatedAt: now }).execute();
    return id;
  }

  async function supCoop(custId: number, supplierId: number): Promise<number> {
    const now = Date.now();
    const row = await ctx.db
      .insertInto('cust_coop_sup')
      .values({ custId, supplierId, status: 0, signChannel: 0, signStatus: 0, signStartedAt: null, signedAt: null, agreementVersionId: null, taxRegStatus: 0, taxRegAt: null, remark: null, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const sup = (id: number) => ctx.db.selectFrom('cust_coop_sup').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setSup = (id: number, values: Record<string, unknown>) => ctx.db.updateTable('cust_coop_sup').set(values).where('id', '=', id).execute();

  async function upload(client: SignedClient, name: string) {
    const content = Buffer.from(`%PDF-1.4 ${name}`);
    const answer = await client.post('file/upload', { name, contentBase64: content.toString('base64'), fileMd5: crypto.createHash('md5').update(content).digest('hex') });
    expect(answer.code).toBe(0);
    return answer.data as { url: string; fileMd5: string; name: string };
  }

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent, viewer, exporter] = [ctx.client(), ctx.client(), ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    const entOf = (code: string) => ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', code).executeTakeFirstOrThrow();
    const [e1, e2, e3, e5] = await Promise.all(['ENT0001', 'ENT0002', 'ENT0003', 'ENT0005'].map(entOf));
    const spr2 = await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', 'SPR0002').executeTakeFirstOrThrow();
    ids = { ent1: e1.id, ent2: e2.id, ent3: e3.id, ent5: e5.id, spr1: e1.supplierId!, spr2: spr2.id };
    expect(e3.supplierId).toBe(spr2.id);
    t = {
      ok: await talent('T90001', '测试甲', 'E90000001', 10, ids.ent1, ids.spr1),
      failed: await talent('T90002', '测试乙', 'E90000002', 20, ids.ent1, ids.spr1),
      foreign: await talent('T90003', '测试丙', 'E90000003', 10, ids.ent3, ids.spr2),
      loose: await talent('T90004', '测试丁', 'E90000004', 10, ids.ent1, null),
    };
    coop = { ok: await supCoop(t.ok, ids.spr1), failed: await supCoop(t.failed, ids.spr1), foreign: await supCoop(t.foreign, ids.spr2) };
    // A sub-account of ENT0001 that reads talents and signing but may not manage talents: numbers come masked.
    await createSubUser(ctx.db, 'entviewer01', DEMO_PASSWORD, DEMO_USERS.ENT, [20100, 20200]);
    // …and one that may also export talents (20130), still without the talent-manage code.
    await createSubUser(ctx.db, 'entexport01', DEMO_PASSWORD, DEMO_USERS.ENT, [20100, 20200, 20130]);
    const now = Date.now();
    await ctx.db.insertInto('bank_bin').values({ bin: '621700', bankName: '中国建设银行', cardName: '龙卡通', cardType: 'DC', cardLength: 19, status: 0, createdAt: now, updatedAt: now }).onConflict((oc) => oc.column('bin').doNothing()).execute();
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT], [viewer, 'entviewer01'], [exporter, 'entexport01']] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
  }, 120_000);
  afterAll(() => ctx.close());

  describe('合作企业 (custCoopEnt)', () => {
    test('each sees its own rows: ENT its enterprise, SPR its enterprises, SYS all; MER is refused', async () => {
      const rows = async (client: SignedClient, custId: number) => (await client.post('cust/query/custCoopEnt', { cond: { custId }, page: PAGE })).data?.records ?? [];
      expect((await rows(ent, t.ok)).map((r: { entId: number }) => r.entId)).toEqual([ids.ent1]);
      expect((await rows(ent, t.loose)).map((r: { entId: number }) => r.entId)).toEqual([ids.ent1]);
      expect(await rows(ent, t.foreign)).toEqual([]);
      expect((await rows(spr, t.ok)).map((r: { entName: string }) => r.entName).length).toBe(1);
      expect(await rows(spr, t.foreign)).toEqual([]);
      expect((await rows(sys, t.foreign)).map((r: { entId: number }) => r.entId)).toEqual([ids.ent3]);
      expect((await mer.post('cust/query/custCoopEnt', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
      expect((await mer.post('cust/mgr/addEntCoopData', { custId: t.ok, entId: ids.ent1 })).code).toBe(Code.NO_PERMISSION);
    });

    test('ENT adds its sub-enterprise, never another enterprise; duplicates answer 1009; foreign talents 3002', async () => {
      expect((await ent.post('cust/mgr/addEntCoopData', { custId: t.ok, entId: ids.ent2 })).code).toBe(Code.OUT_OF_SCOPE);
      expect((await ent.post('cust/mgr/addEntCoopData', { custId: t.foreign, entId: ids.ent1 })).code).toBe(Code.OUT_OF_SCOPE);
      expect(await ent.post('cust/mgr/addEntCoopData', { custId: t.ok })).toMatchObject({ code: Code.CONFLICT, message: '该人才已与此企业合作' });
      const added = await ent.post('cust/mgr/addEntCoopData', { custId: t.ok, entId: ids.ent5 });
      expect(added.code).toBe(0);
      expect(await ctx.db.selectFrom('cust_coop_ent').select('entId').where('id', '=', added.data.id).executeTakeFirstOrThrow()).toEqual({ entId: ids.ent5 });
    });

    test('SPR adds enterprises of its own supplier only; SYS any; ENT suspends its own row', async () => {
      expect((await spr.post('cust/mgr/addEntCoopData', { custId: t.ok, entId: ids.ent3 })).code).toBe(Code.OUT_OF_SCOPE);
      expect(await ctx.db.selectFrom('cust_coop_ent').select('id').where('custId', '=', t.ok).where('entId', '=', ids.ent3).executeTakeFirst()).toBeUndefined();
      expect((await spr.post('cust/mgr/addEntCoopData', { custId: t.foreign, entId: ids.ent1 })).code).toBe(Code.OUT_OF_SCOPE);
      expect((await sys.post('cust/mgr/addEntCoopData', { custId: t.loose, entId: ids.ent3 })).code).toBe(0);
      const own = await ctx.db.selectFrom('cust_coop_ent').select('id').where('custId', '=', t.loose).where('entId', '=', ids.ent1).executeTakeFirstOrThrow();
      const suspended = await ent.post('cust/mgr/updateEntCoopData', { id: own.id, status: 1, remark: '暂停合作' });
      expect(suspended.code).toBe(0);
      expect(suspended.data).toMatchObject({ status: 1, remark: '暂停合作' });
      const foreignRow = await ctx.db.selectFrom('cust_coop_ent').select('id').where('custId', '=', t.foreign).where('entId', '=', ids.ent3).executeTakeFirstOrThrow();
      expect([Code.OUT_OF_SCOPE, Code.NOT_FOUND]).toContain((await ent.post('cust/mgr/updateEntCoopData', { id: foreignRow.id, status: 1 })).code);
      expect([Code.OUT_OF_SCOPE, Code.NOT_FOUND]).toContain((await spr.post('cust/mgr/updateEntCoopData', { id: foreignRow.id, status: 1 })).code);
      expect((await ent.post('cust/mgr/updateEntCoopData', { id: own.id, status: 0 })).code).toBe(0);
    });
  });

  describe('合作供应商 (custCoopSup)', () => {
    test('lists: SPR its supplier’s rows, ENT its talents’, SYS all, MER refused; ID numbers masked for everyone (issue 22 item 6)', async () => {
      const listed = async (client: SignedClient) => (await client.post('cust/query/custCoopSup', { cond: {}, page: PAGE })).data.records as Array<Record<string, unknown>>;
      const sprRows = await listed(spr);
      expect(sprRows.map((r) => r.id)).toEqual(expect.arrayContaining([coop.ok, coop.failed]));
      expect(sprRows.map((r) => r.id)).not.toContain(coop.foreign);
      const entRows = await listed(ent);
      expect(entRows.map((r) => r.id)).toEqual(expect.arrayContaining([coop.ok, coop.failed]));
      expect(entRows.map((r) => r.id)).not.toContain(coop.foreign);
      expect((await listed(sys)).map((r) => r.id)).toContain(coop.foreign);
      expect((await mer.post('cust/query/custCoopSup', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
      expect(entRows.find((r) => r.id === coop.ok)).toMatchObject({ custName: '测试甲', idNumber: 'E9*****01', _actions: ['paperSign', 'eSign'] });
      expect(sprRows.find((r) => r.id === coop.ok)).toMatchObject({ _actions: ['update', 'paperSign', 'eSign', 'taxReg'] });
      // No tax registration without real-name 10.
      expect(sprRows.find((r) => r.id === coop.failed)).toMatchObject({ _actions: ['update', 'paperSign', 'eSign'] });
      const masked = (await listed(viewer)).find((r) => r.id === coop.ok);
      expect(masked).toMatchObject({ idNumber: 'E9*****01', _actions: [] });
      expect((await viewer.post('cust/query/custCoopSup/get', { id: coop.ok })).data.idNumber).toBe('E9*****01');
      // A holder of the talent-manage code sees the mask too; the whole number is revealed one at a time (issue22-masking.test.ts).
      expect((await ent.post('cust/query/custCoopSup/get', { id: coop.ok })).data.idNumber).toBe('E9*****01');
      expect([Code.OUT_OF_SCOPE, Code.NOT_FOUND]).toContain((await spr.post('cust/query/custCoopSup/get', { id: coop.foreign })).code);
    });

    test('导出: the filtered rows in scope; ID numbers masked unless a holder of the talent-manage code asks for them whole; without the export code refused', async () => {
      const exported = async (client: SignedClient, cond: Record<string, unknown>, whole?: boolean) => {
        const token = await client.post('cust/query/custCoopSup/genExportExcelToken', { cond, ...(whole ? { whole } : {}) });
        expect(token.code).toBe(0);
        const file = await client.get('cust/query/custCoopSup/export', { token: token.data.token });
        const book = XLSX.read(file.rawPayload);
        const lines = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]]);
        expect(lines).toHaveLength(token.data.total);
        return lines;
      };
      expect(await exported(ent, { custId: t.ok })).toEqual([expect.objectContaining({ 人才: '测试甲', 证件号码: 'E9*****01', 签约状态: '未开始' })]);
      const whole = await exported(ent, { custId: t.ok }, true);
      expect(whole).toEqual([expect.objectContaining({ 人才: '测试甲', 证件号码: 'E90000001', 签约状态: '未开始' })]);
      expect((await exporter.post('cust/query/custCoopSup/genExportExcelToken', { cond: {}, whole: true })).code).toBe(Code.NO_PERMISSION);
      const masked = await exported(exporter, { custId: t.ok });
      expect(masked).toEqual([expect.objectContaining({ 人才: '测试甲', 证件号码: 'E9*****01' })]);
      // The export is the list: the caller's scope and the filter.
      expect(await exported(exporter, { custId: t.foreign })).toEqual([]);
      const sysLines = await exported(sys, { supplierId: ids.spr2 }, true);
      expect(sysLines.map((l) => l['证件号码'])).toContain('E90000003');
      expect(sysLines.every((l) => l['供应商'] === sysLines[0]['供应商'])).toBe(true);
      expect((await viewer.post('cust/query/custCoopSup/genExportExcelToken', { cond: {} })).code).toBe(Code.NO_PERMISSION);
      expect((await mer.post('cust/query/custCoopSup/genExportExcelToken', { cond: {} })).code).toBe(Code.NO_PERMISSION);
    });

    test('SPR and SYS add cooperation (SPR for its own supplier, with talents of its enterprises); ENT may not; duplicates 1009', async () => {
      expect((await ent.post('cust/mgr/addSupCoopData', { custId: t.loose, supplierId: ids.spr1 })).code).toBe(Code.NO_PERMISSION);
      expect((await spr.post('cust/mgr/addSupCoopData', { custId: t.loose, supplierId: ids.spr2 })).code).toBe(Code.OUT_OF_SCOPE);
      expect((await spr.post('cust/mgr/addSupCoopData', { custId: t.foreign })).code).toBe(Code.OUT_OF_SCOPE);
      const added = await spr.post('cust/mgr/addSupCoopData', { custId: t.loose });
      expect(added.code).toBe(0);
      expect(await sup(added.data.id)).toMatchObject({ supplierId: ids.spr1, signStatus: 0, taxRegStatus: 0, status: 0 });
      expect(await spr.post('cust/mgr/addSupCoopData', { custId: t.loose })).toMatchObject({ code: Code.CONFLICT, message: '该人才已与此供应商合作' });
      const merchant = await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', 'MER0001').executeTakeFirstOrThrow();
      expect(await sys.post('cust/mgr/addSupCoopData', { custId: t.loose, supplierId: merchant.id })).toMatchObject({ code: Code.VALIDATION, message: '请选择供应商' });
    });

    test('paper: ENT uploads the signed file 0 → 20 (file 3 kept for the supplier); again is stale (1009)', async () => {
      const file = await upload(ent, '劳务协议.pdf');
      expect(await ent.post('cust/mgr/updateSupCoopData', { id: coop.ok, signStatus: 20 })).toMatchObject({ code: Code.VALIDATION, message: '请上传签约文件' });
      // Another organisation's upload cannot be attached (3002), and nothing moves.
      expect((await ent.post('cust/mgr/updateSupCoopData', { id: coop.ok, signStatus: 20, signFile: await upload(spr, '别家文件.pdf') })).code).toBe(Code.OUT_OF_SCOPE);
      expect(await sup(coop.ok)).toMatchObject({ signStatus: 0 });
      const signed = await ent.post('cust/mgr/updateSupCoopData', { id: coop.ok, signStatus: 20, signFile: file });
      expect(signed.code).toBe(0);
      expect(signed.data).toMatchObject({ signStatus: 20, signChannel: 1 });
      const row = await sup(coop.ok);
      expect(Number(row.signedAt)).toBeGreaterThan(0);
      expect(await ctx.db.selectFrom('cust_file').select(['fileType', 'supplierId', 'fileMd5']).where('custId', '=', t.ok).where('fileType', '=', 3).execute()).toEqual([{ fileType: 3, supplierId: ids.spr1, fileMd5: file.fileMd5 }]);
      expect(await ent.post('cust/mgr/updateSupCoopData', { id: coop.ok, signStatus: 20, signFile: file })).toMatchObject({ code: Code.CONFLICT, message: STALE });
      expect(await ent.post('cust/mgr/updateSupCoopData', { id: coop.ok, signStatus: 10, signChannel: 2 })).toMatchObject({ code: Code.CONFLICT, message: STALE });
      const trail = (await sys.post('cust/query/custCoopSup/get', { id: coop.ok })).data.trail;
      expect(trail[0]).toMatchObject({ action: 'paperSign' });
      // The columns the effect sets beside the state (its `set`) are written and audited where they change.
      const entry = await ctx.db.selectFrom('audit_log').select('changes').where('entity', '=', 'custCoopSup').where('entityId', '=', String(coop.ok)).where('action', '=', 'paperSign').executeTakeFirstOrThrow();
      expect(JSON.parse(entry.changes)).toEqual({ signStatus: { from: 0, to: 20 }, signChannel: { from: 0, to: 1 }, signedAt: { from: null, to: Number(row.signedAt) } });
    });

    test('ENT neither edits the cooperation nor registers tax; a foreign row is out of scope; the viewer cannot sign', async () => {
      expect((await ent.post('cust/mgr/updateSupCoopData', { id: coop.failed, status: 1 })).code).toBe(Code.NO_PERMISSION);
      expect((await ent.post('cust/mgr/taxRealNameFile', { id: coop.ok, taxFile: await upload(ent, '税务.pdf') })).code).toBe(Code.NO_PERMISSION);
      expect((await ent.post('cust/mgr/updateSupCoopData', { id: coop.ok, taxRegStatus: 40 })).code).toBe(Code.NO_PERMISSION);
      expect([Code.OUT_OF_SCOPE, Code.NOT_FOUND]).toContain((await spr.post('cust/mgr/updateSupCoopData', { id: coop.foreign, signStatus: 10, signChannel: 2 })).code);
      expect([Code.OUT_OF_SCOPE, Code.NOT_FOUND]).toContain((await ent.post('cust/mgr/updateSupCoopData', { id: coop.foreign, signStatus: 10, signChannel: 2 })).code);
      expect((await viewer.post('cust/mgr/updateSupCoopData', { id: coop.failed, signStatus: 10, signChannel: 2 })).code).toBe(Code.NO_PERMISSION);
      expect(await sup(coop.foreign)).toMatchObject({ signStatus: 0 });
    });

    test('e-sign: 0 → 10, then the provider signs after its delay (real-name 10) or fails (real-name 20); a wrong channel is refused', async () => {
      expect(await spr.post('cust/mgr/updateSupCoopData', { id: coop.failed, signStatus: 10, signChannel: 1 })).toMatchObject({ code: Code.VALIDATION, message: '电子签约请选择电子签或合作方V2渠道' });
      const started = await spr.post('cust/mgr/updateSupCoopData', { id: coop.failed, signStatus: 10, signChannel: 6 });
      expect(started.data).toMatchObject({ signStatus: 10, signChannel: 6 });
      const at = Number((await sup(coop.failed)).signStartedAt);
      expect(await spr.post('cust/mgr/updateSupCoopData', { id: coop.failed, signChannel: 2 })).toMatchObject({ code: Code.CONFLICT, message: '签约进行中，不能修改签约渠道' });
      await runSignJobs(ctx.db, at + DELAYS.eSignMs - 1, DELAYS);
      expect(await sup(coop.failed)).toMatchObject({ signStatus: 10 });
      await runSignJobs(ctx.db, at + DELAYS.eSignMs, DELAYS);
      expect(await sup(coop.failed)).toMatchObject({ signStatus: 30 });
      // After a failure the talent may be signed again; with real-name now 10 the provider signs.
      await ctx.db.updateTable('cust').set({ realNameStatus: 10 }).where('id', '=', t.failed).execute();
      expect((await sys.post('cust/mgr/updateSupCoopData', { id: coop.failed, signStatus: 10, signChannel: 2 })).code).toBe(0);
      const again = Number((await sup(coop.failed)).signStartedAt);
      await runSignJobs(ctx.db, again + DELAYS.eSignMs, DELAYS);
      expect(await sup(coop.failed)).toMatchObject({ signStatus: 20, signedAt: expect.anything() });
      expect(Number((await sup(coop.failed)).signedAt)).toBe(again + DELAYS.eSignMs);
      await ctx.db.updateTable('cust').set({ realNameStatus: 20 }).where('id', '=', t.failed).execute();
    });

    test('the clock: an unanswered request expires after 7 days (10 → 40); a signature a year after signing (20 → 40)', async () => {
      const now = Date.now();
      await setSup(coop.failed, { signStatus: 10, signChannel: 1, signStartedAt: now - 7 * DAY_MS, signedAt: null });
      await setSup(coop.ok, { signedAt: now - 365 * DAY_MS + 1000 });
      await runSignJobs(ctx.db, now, DELAYS);
      expect(await sup(coop.failed)).toMatchObject({ signStatus: 40 });
      expect(await sup(coop.ok)).toMatchObject({ signStatus: 20 });
      await runSignJobs(ctx.db, now + 1000, DELAYS);
      expect(await sup(coop.ok)).toMatchObject({ signStatus: 40 });
      const audit = await ctx.db.selectFrom('audit_log').select(['action', 'operatorName']).where('entity', '=', 'custCoopSup').where('entityId', '=', String(coop.ok)).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit).toEqual({ action: 'agreementExpired', operatorName: '系统' });
      // A run in a second process at the same moment finds nothing left to move.
      const audits = async () => (await ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'custCoopSup').execute()).length;
      const before = await audits();
      expect(await runSignJobs(ctx.db, now + 1000, DELAYS)).toBe(0);
      expect(await audits()).toBe(before);
      // Expired rows are signed anew on paper.
      expect((await ent.post('cust/mgr/updateSupCoopData', { id: coop.ok, signStatus: 20, signFile: await upload(ent, '续签协议.pdf') })).code).toBe(0);
    });

    test('tax registration: real-name 10 first, 0 → 10 → 20 after the channel’s delay, cancel 20 → 40; stale moves 1009', async () => {
      const file = await upload(spr, '税务实名.pdf');
      expect(await spr.post('cust/mgr/taxRealNameFile', { id: coop.failed, taxFile: file })).toMatchObject({ code: Code.CONFLICT, message: '人才未实名认证，请先完成实名认证' });
      expect(await spr.post('cust/mgr/taxRealNameFile', { id: coop.ok })).toMatchObject({ code: Code.VALIDATION, message: '请上传税务实名文件' });
      expect((await spr.post('cust/mgr/taxRealNameFile', { id: coop.ok, taxFile: file })).data).toMatchObject({ taxRegStatus: 10 });
      expect(await spr.post('cust/mgr/taxRealNameFile', { id: coop.ok, taxFile: file })).toMatchObject({ code: Code.CONFLICT, message: STALE });
      expect(await ctx.db.selectFrom('cust_file').select(['fileType', 'supplierId']).where('custId', '=', t.ok).where('fileType', '=', 20).execute()).toEqual([{ fileType: 20, supplierId: ids.spr1 }]);
      expect(await spr.post('cust/mgr/updateSupCoopData', { id: coop.ok, taxRegStatus: 40 })).toMatchObject({ code: Code.CONFLICT, message: STALE });
      const at = Number((await sup(coop.ok)).taxRegAt);
      await runSignJobs(ctx.db, at + DELAYS.taxRegMs, DELAYS);
      expect(await sup(coop.ok)).toMatchObject({ taxRegStatus: 20 });
      expect((await spr.post('cust/mgr/updateSupCoopData', { id: coop.ok, taxRegStatus: 40 })).data).toMatchObject({ taxRegStatus: 40 });
      expect(await spr.post('cust/mgr/updateSupCoopData', { id: coop.ok, taxRegStatus: 40 })).toMatchObject({ code: Code.CONFLICT, message: STALE });
      // A talent whose real-name failed after applying is refused by the channel.
      expect((await sys.post('cust/mgr/taxRealNameFile', { id: coop.ok, taxFile: file })).code).toBe(0);
      await ctx.db.updateTable('cust').set({ realNameStatus: 20 }).where('id', '=', t.ok).execute();
      await runSignJobs(ctx.db, Number((await sup(coop.ok)).taxRegAt) + DELAYS.taxRegMs, DELAYS);
      expect(await sup(coop.ok)).toMatchObject({ taxRegStatus: 30 });
      await ctx.db.updateTable('cust').set({ realNameStatus: 10 }).where('id', '=', t.ok).execute();
    });

    test('a suspended cooperation is neither signed nor registered; SPR resumes it', async () => {
      expect((await spr.post('cust/mgr/updateSupCoopData', { id: coop.failed, status: 1, remark: '暂停' })).data).toMatchObject({ status: 1, _actions: ['update'] });
      expect(await spr.post('cust/mgr/updateSupCoopData', { id: coop.failed, signStatus: 10, signChannel: 2 })).toMatchObject({ code: Code.CONFLICT, message: '合作已暂停，不能签约或登记' });
      expect((await spr.post('cust/mgr/updateSupCoopData', { id: coop.failed, status: 0 })).data).toMatchObject({ status: 0 });
    });
  });

  describe('银行卡 (custCard)', () => {
    test('ENT adds a card: the BIN names bank and type, the 3-factor check validates it; a bad Luhn is wrong (2); duplicates 1009', async () => {
      const good = await ent.post('cust/mgr/addCustCard', { custId: t.ok, cardNo: '6217000010012345677', cardAttr: 'C' });
      expect(good.code).toBe(0);
      const stored = await ctx.db.selectFrom('cust_card').selectAll().where('id', '=', good.data.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ bankName: '中国建设银行', cardType: 'DC', cardAttr: 'C', accountCategory: 0, validated: 1 });
      const bad = await ent.post('cust/mgr/addCustCard', { custId: t.ok, cardNo: '6217000010012345675', bankName: '建行' });
      expect(await ctx.db.selectFrom('cust_card').select(['validated', 'bankName']).where('id', '=', bad.data.id).executeTakeFirstOrThrow()).toEqual({ validated: 2, bankName: '建行' });
      expect(await ent.post('cust/mgr/addCustCard', { custId: t.ok, cardNo: '6217000010012345677' })).toMatchObject({ code: Code.CONFLICT, message: '该人才已添加此账户' });
      expect(await ent.post('cust/mgr/addCustCard', { custId: t.ok, cardNo: '62170000' })).toMatchObject({ code: Code.VALIDATION, message: '银行卡只能为10-30位数字' });
      expect(await ent.post('cust/mgr/addCustCard', { custId: t.ok, cardNo: '6217000010012345677', cardType: 'XX' })).toMatchObject({ code: Code.VALIDATION });
      const alipay = await ent.post('cust/mgr/addCustCard', { custId: t.ok, accountCategory: 10, cardNo: '13900001111' });
      expect(await ctx.db.selectFrom('cust_card').select(['validated', 'bankName', 'accountCategory']).where('id', '=', alipay.data.id).executeTakeFirstOrThrow()).toEqual({ validated: 0, bankName: '支付宝', accountCategory: 10 });
      expect(await ent.post('cust/mgr/addCustCard', { custId: t.ok, accountCategory: 10, cardNo: '6217000010012345677' })).toMatchObject({ code: Code.VALIDATION, message: '支付宝账号应为手机号码或邮箱' });
    });

    test('lists per talent in scope, masked for everyone; foreign talents and MER are refused', async () => {
      const cards = async (client: SignedClient, custId: number) => (await client.post('cust/query/listCustCard', { cond: { custId }, page: PAGE })).data.records as Array<Record<string, unknown>>;
      expect((await cards(ent, t.ok)).map((c) => c.cardNo)).toEqual(expect.arrayContaining(['6217***********5677', '13*******11']));
      expect((await cards(viewer, t.ok)).map((c) => c.cardNo)).toEqual(expect.arrayContaining(['6217***********5677', '13*******11']));
      expect((await cards(viewer, t.ok))[0]._actions).toEqual([]);
      expect(await cards(ent, t.foreign)).toEqual([]);
      expect(await cards(spr, t.ok)).toHaveLength(3);
      expect((await mer.post('cust/query/listCustCard', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
      expect((await ent.post('cust/mgr/addCustCard', { custId: t.foreign, cardNo: '6217000010012345677' })).code).toBe(Code.OUT_OF_SCOPE);
      expect((await spr.post('cust/mgr/addCustCard', { custId: t.foreign, cardNo: '6217000010012345677' })).code).toBe(Code.OUT_OF_SCOPE);
      expect((await sys.post('cust/mgr/addCustCard', { custId: t.foreign, cardNo: '6217000010012345677' })).code).toBe(0);
    });

    test('重新校验 (recheckCustCard): an unchecked or wrong bank card is checked again and audited; a passed card, Alipay, the viewer, MER and foreign cards are refused', async () => {
      const now = Date.now();
      const unchecked = async (custId: number, cardNo: string, accountCategory = 0) =>
        (await ctx.db.insertInto('cust_card').values({ custId, cardNo, bankName: null, cardType: 'DC', cardAttr: 'C', accountCategory, validated: 0, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id;
      const good = await unchecked(t.ok, '6217000010012340017');
      const wrong = await unchecked(t.ok, '6217000010012340019');
      const alipay = await unchecked(t.ok, 'recheck@example.com', 10);
      const foreign = await unchecked(t.foreign, '6217000010012340025');
      const actionsOf = async (client: SignedClient, id: number) =>
        ((await client.post('cust/query/listCustCard', { cond: { custId: t.ok }, page: PAGE })).data.records as Array<Record<string, unknown>>).find((c) => c.id === id)?._actions;
      expect(await actionsOf(ent, good)).toEqual(['delete', 'recheckCustCard']);
      expect(await actionsOf(ent, alipay)).toEqual(['delete']);
      expect(await actionsOf(viewer, good)).toEqual([]);
      expect((await viewer.post('cust/mgr/recheckCustCard', { id: good })).code).toBe(Code.NO_PERMISSION);
      expect((await mer.post('cust/mgr/recheckCustCard', { id: good })).code).toBe(Code.NO_PERMISSION);
      expect([Code.OUT_OF_SCOPE, Code.NOT_FOUND]).toContain((await ent.post('cust/mgr/recheckCustCard', { id: foreign })).code);
      expect([Code.OUT_OF_SCOPE, Code.NOT_FOUND]).toContain((await spr.post('cust/mgr/recheckCustCard', { id: foreign })).code);
      expect(await ent.post('cust/mgr/recheckCustCard', { id: alipay })).toMatchObject({ code: Code.CONFLICT, message: '只有银行卡可以校验' });

      const checked = await ent.post('cust/mgr/recheckCustCard', { id: good });
      expect(checked.data).toMatchObject({ id: good, validated: 1, cardNo: '6217***********0017' });
      expect(checked.data._actions).toEqual(['delete']);
      const trail = await ctx.db.selectFrom('audit_log').select(['changes', 'operatorAccount']).where('action', '=', 'recheckCustCard').where('entityId', '=', String(good)).execute();
      expect(trail).toHaveLength(1);
      expect(trail[0].operatorAccount).toBe(DEMO_USERS.ENT);
      expect(JSON.parse(trail[0].changes)).toEqual({ validated: { from: 0, to: 1 } });
      expect(await ent.post('cust/mgr/recheckCustCard', { id: good })).toMatchObject({ code: Code.CONFLICT, message: '该银行卡已校验通过' });
      // A number failing Luhn stays wrong (2) and may be checked again later.
      expect((await spr.post('cust/mgr/recheckCustCard', { id: wrong })).data).toMatchObject({ validated: 2, _actions: ['delete', 'recheckCustCard'] });
      expect((await sys.post('cust/mgr/recheckCustCard', { id: foreign })).data).toMatchObject({ validated: 1 });
    });

    test('deleteCustCard: in scope only; the viewer may not', async () => {
      const [card] = await ctx.db.selectFrom('cust_card').select('id').where('custId', '=', t.ok).where('cardNo', '=', '6217000010012345675').execute();
      const foreign = await ctx.db.selectFrom('cust_card').select('id').where('custId', '=', t.foreign).executeTakeFirstOrThrow();
      expect([Code.OUT_OF_SCOPE, Code.NOT_FOUND]).toContain((await ent.post('cust/mgr/deleteCustCard', { id: foreign.id })).code);
      expect((await viewer.post('cust/mgr/deleteCustCard', { id: card.id })).code).toBe(Code.NO_PERMISSION);
      expect((await ent.post('cust/mgr/deleteCustCard', { id: card.id })).code).toBe(0);
      expect(await ctx.db.selectFrom('cust_card').select('id').where('id', '=', card.id).executeTakeFirst()).toBeUndefined();
      expect(await ctx.db.selectFrom('cust_card').select('id').where('id', '=', foreign.id).executeTakeFirst()).toBeDefined();
    });
  });
});
