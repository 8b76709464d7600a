/**
 * Issue 21 item 16: spec §7's calls answer at the spec's own paths (today's stay as aliases), and the
 * three missing ones — a temp order's workbook, and uploading or replacing a tax proof's file — are
 * scoped and audited like the record's update. Item 10: a file may be attached only by an account of
 * the uploader's organisation, or by the platform.
 */
import crypto from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { SPEC_ALIASES, SPEC_FILE_WRITES } from '../src/domain/spec-paths';
import { registeredRoutes } from '../src/http/guard';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { TENANT_MATRIX } from './support/tenant-matrix';
import { goodTalents, row } from './support/order';
import { createSubUser } from './support/users';

jest.setTimeout(120_000);

const PAGE = { limit: 100, pageNum: 1 };
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

async function upload(client: SignedClient, name: string, content: Buffer) {
  const answer = await client.post('file/upload', { name, contentBase64: content.toString('base64'), fileMd5: crypto.createHash('md5').update(content).digest('hex') });
  expect(answer.code).toBe(0);
  return answer.data as { url: string; fileMd5: string; name: string };
}

describe.each(DIALECTS)('spec §7 paths on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let ent: SignedClient;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, ent] = [ctx.client(), ctx.client(), ctx.client()];
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    expect((await spr.login(DEMO_USERS.SPR, DEMO_PASSWORD)).code).toBe(0);
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  test('every spec path is served with the code of the route it names, and the tenant matrix covers it', () => {
    const routes = new Map(registeredRoutes(ctx.app).map((r) => [r.path, r]));
    for (const [spec, existing] of [...SPEC_ALIASES, ...SPEC_FILE_WRITES.map(([s, u]) => [s, u] as const)]) {
      expect({ spec, perm: routes.get(spec)?.perm, method: routes.get(spec)?.method }).toEqual({ spec, perm: routes.get(existing)!.perm, method: routes.get(existing)!.method });
      expect(TENANT_MATRIX[spec]).toBeDefined();
    }
  });

  test('the list aliases answer what today’s paths answer, scoped the same way', async () => {
    for (const [spec, existing] of SPEC_ALIASES.filter(([, e]) => e.endsWith('/list'))) {
      for (const client of [sys, spr, ent]) {
        const [a, b] = [await client.post(spec, { cond: {}, page: PAGE }), await client.post(existing, { cond: {}, page: PAGE })];
        expect({ spec, code: a.code, data: a.data }).toEqual({ spec, code: b.code, data: b.data });
      }
    }
    const configs = await sys.post('supplier/query/config', { cond: {}, page: PAGE });
    expect(configs.data.records.length).toBeGreaterThan(0);
  });

  test('invoice/act/mgr/toMe/export gives a token for the list export (mode 10)', async () => {
    const token = await spr.post('invoice/act/mgr/toMe/export', { cond: {} });
    expect(token.code).toBe(0);
    const file = await spr.get('invoice/act/query/toMe/export', { token: token.data.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect((await ent.post('invoice/act/mgr/toMe/export', { cond: {} })).code).toBe(3001);
  });

  test('order/query/temp/file serves a temp order’s uploaded workbook, inside its scope only', async () => {
    const own = await ctx.db.selectFrom('temp_order').innerJoin('ent', 'ent.id', 'temp_order.entId').select('temp_order.id').where('ent.entCode', '=', 'ENT0001').orderBy('temp_order.id').executeTakeFirstOrThrow();
    const other = await ctx.db.selectFrom('temp_order').innerJoin('ent', 'ent.id', 'temp_order.entId').select('temp_order.id').where('ent.entCode', '!=', 'ENT0001').orderBy('temp_order.id').executeTakeFirstOrThrow();
    const bytes = Buffer.from('PK\u0003\u0004 workbook of the temp order');
    const file = await upload(ent, '代发明细.xlsx', bytes);
    await ctx.db.updateTable('temp_order').set({ excelFile: JSON.stringify(file) }).where('id', 'in', [own.id, other.id]).execute();
    const served = await ent.get('order/query/temp/file', { id: String(own.id) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-disposition']).toContain(encodeURIComponent('代发明细.xlsx'));
    expect((await ent.get('order/query/temp/excelFile', { id: String(own.id) })).rawPayload.equals(bytes)).toBe(true);
    expect((await ent.get('order/query/temp/file', { id: String(other.id) })).json()).toMatchObject({ code: 3002 });
  });

  test('supplier/mgr/taxProof/invoice/file replaces the record’s file only, audited; foreign records and uploads are refused', async () => {
    const spr1 = await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', 'SPR0001').executeTakeFirstOrThrow();
    const created = await spr.post('supplier/mgr/taxProof/invoice/create', { supplierId: spr1.id, month: '2026-10', invoiceNo: 'SPEC0001', amount: '100.00', file: await upload(spr, '旧凭证.pdf', pdf('old')) });
    expect(created.code).toBe(0);
    const id = created.data.id as number;
    const before = await ctx.db.selectFrom('supplier_tax_proof').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    expect(await spr.post('supplier/mgr/taxProof/invoice/file', { id })).toMatchObject({ code: 1001, message: '请上传凭证文件' });
    // Only the file changes: other fields sent along are ignored.
    const next = pdf('new');
    const replaced = await spr.post('supplier/mgr/taxProof/invoice/file', { id, invoiceNo: 'CHANGED', file: await upload(spr, '新凭证.pdf', next) });
    expect(replaced.code).toBe(0);
    const after = await ctx.db.selectFrom('supplier_tax_proof').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect({ ...after, file: before.file, updatedAt: before.updatedAt }).toEqual(before);
    expect(after.file).not.toBe(before.file);
    expect((await spr.get('supplier/query/taxProof/invoice/file', { id: String(id) })).rawPayload.equals(next)).toBe(true);
    const entry = await ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'supplierTaxProof').where('entityId', '=', String(id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.action).toBe('update');
    expect(Object.keys(JSON.parse(entry.changes))).toEqual(['file']);

    // Another organisation's upload (the enterprise's) is refused and nothing changes.
    expect((await spr.post('supplier/mgr/taxProof/invoice/file', { id, file: await upload(ent, '企业文件.pdf', pdf('ent')) })).code).toBe(3002);
    // Another supplier's record is outside the caller's scope.
    const foreign = await ctx.db.selectFrom('supplier_tax_proof').innerJoin('mercht', 'mercht.id', 'supplier_tax_proof.supplierId').select('supplier_tax_proof.id').where('mercht.merchtCode', '=', 'SPR0002').executeTakeFirst();
    if (foreign) expect((await spr.post('supplier/mgr/taxProof/invoice/file', { id: foreign.id, file: await upload(spr, 'x.pdf', pdf('x')) })).code).toBe(3002);
    expect((await ctx.db.selectFrom('supplier_tax_proof').select('file').where('id', '=', id).executeTakeFirstOrThrow()).file).toBe(after.file);
    // The enterprise holds no code for it.
    expect((await ent.post('supplier/mgr/taxProof/invoice/file', { id, file: await upload(ent, 'y.pdf', pdf('y')) })).code).toBe(3001);
  });

  test('ent/mgr/taxProof/inventory/file: the supplier or the platform replaces a proof’s file; the enterprise only reads it', async () => {
    const proof = await ctx.db
      .selectFrom('ent_tax_proof')
      .innerJoin('ent', 'ent.id', 'ent_tax_proof.entId')
      .select(['ent_tax_proof.id', 'ent_tax_proof.file'])
      .where('ent.entCode', '=', 'ENT0001')
      .orderBy('ent_tax_proof.id')
      .executeTakeFirstOrThrow();
    expect(await spr.post('ent/mgr/taxProof/inventory/file', { id: proof.id, file: '' })).toMatchObject({ code: 1001, message: '请上传完税凭证' });
    const next = pdf('inventory');
    expect((await spr.post('ent/mgr/taxProof/inventory/file', { id: proof.id, file: await upload(spr, '完税凭证.pdf', next) })).code).toBe(0);
    expect((await ent.get('ent/query/taxProof/inventory/file', { id: String(proof.id) })).rawPayload.equals(next)).toBe(true);
    expect((await ent.post('ent/mgr/taxProof/inventory/file', { id: proof.id, file: await upload(ent, '企业.pdf', pdf('e')) })).code).toBe(3001);
    // The platform may attach any organisation's upload (here the supplier's).
    const sprFile = await upload(spr, '平台代传.pdf', pdf('by platform'));
    expect((await sys.post('ent/mgr/taxProof/inventory/file', { id: proof.id, file: sprFile })).code).toBe(0);
  });

  test('item 10: a colleague of the uploader may attach its upload; another organisation may not', async () => {
    await createSubUser(ctx.db, 'sprcolleague1', 'Colleague@2026', DEMO_USERS.SPR, [12410, 12420]);
    const colleague = ctx.client();
    expect((await colleague.login('sprcolleague1', 'Colleague@2026')).code).toBe(0);
    const spr1 = await ctx.db.selectFrom('mercht').select('id').where('merchtCode', '=', 'SPR0001').executeTakeFirstOrThrow();
    const byTop = await upload(spr, '同事上传.pdf', pdf('colleague'));
    const created = await colleague.post('supplier/mgr/taxProof/invoice/create', { supplierId: spr1.id, month: '2026-09', invoiceNo: 'SPEC0002', amount: '1.00', file: byTop });
    expect(created.code).toBe(0);
    const entUpload = await upload(ent, '他人文件.pdf', pdf('other org'));
    expect((await colleague.post('supplier/mgr/taxProof/invoice/file', { id: created.data.id, file: entUpload })).code).toBe(3002);
  });

  test('item 10: a temp order’s workbook follows the same rule (it took only the uploader’s own, answering 1001 for everything else)', async () => {
    const e = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    const [talent] = await goodTalents(ctx.db, e.id, e.supplierId);
    await createSubUser(ctx.db, 'entcolleague1', 'Colleague@2026', DEMO_USERS.ENT, [25010, 25020]);
    const colleague = ctx.client();
    expect((await colleague.login('entcolleague1', 'Colleague@2026')).code).toBe(0);
    const bytes = Buffer.from('PK\u0003\u0004 the payout sheet');
    const sheet = await upload(ent, '代发.xlsx', bytes);
    const create = (client: SignedClient, excelFile: unknown) => client.post('order/mgr/temp/create', { entId: e.id, channel: 1, rows: [row(talent, '1.00')], excelFile });
    const before = await ctx.db.selectFrom('temp_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    // Another organisation's upload: 3002, like every other file field; a made-up id: 1004; a wrong MD5: 1001.
    expect((await create(colleague, await upload(spr, '供应商.xlsx', Buffer.from('PK other org')))).code).toBe(3002);
    expect((await create(colleague, { ...sheet, url: '/api/admin/file/download?id=987654' })).code).toBe(1004);
    expect((await create(colleague, { ...sheet, fileMd5: '0'.repeat(32) })).code).toBe(1001);
    expect((await ctx.db.selectFrom('temp_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before.n);
    // A colleague of the uploader (same enterprise) may attach it, and the workbook is served back.
    const made = await create(colleague, sheet);
    expect(made.code).toBe(0);
    expect((await colleague.get('order/query/temp/file', { id: String(made.data.id) })).rawPayload.equals(bytes)).toBe(true);
  });
});
