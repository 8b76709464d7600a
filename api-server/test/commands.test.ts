/**
 * Kit v3 commands, server half (issue 23; resource/commands.ts), on both databases: the route is
 * derived from the declaration (its name or `path`, its code), inputs are parsed from the declared
 * fields (1001 with their Chinese messages), the stale check is a conditional update on the row's state
 * (a row that moved after it was read answers 1009 and nothing is written — no audit entry either),
 * the audit entry carries the state's move and the inputs, and `_actions` lists exactly the commands a
 * row allows the caller.
 */
import { invoiceApplyToMe, workPackage } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { registeredRoutes, type SignedInContext } from '../src/http/guard';
import { defineResource } from '../src/resource/entity-resource';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const PAGE = { limit: 100, pageNum: 1 };
const TO_ME = 'invoice/act/mgr/toMe';

describe.each(DIALECTS)('commands on %s', (dialect) => {
  let ctx: TestContext;
  let spr: SignedClient;
  let ent: SignedClient;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [spr, ent] = [ctx.client(), ctx.client()];
    expect((await spr.login(DEMO_USERS.SPR, DEMO_PASSWORD)).code).toBe(0);
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
  }, 60_000);
  afterAll(() => ctx.close());

  const applications = async () => (await spr.post('invoice/act/query/toMe/list', { cond: {}, page: PAGE })).data.records as Array<{ id: number; status: number; _actions: string[] }>;
  const auditOf = (entity: string, id: number, action: string) =>
    ctx.db.selectFrom('audit_log').select(['changes', 'operatorName']).where('entity', '=', entity).where('entityId', '=', String(id)).where('action', '=', action).execute();

  test('each declared command has its route, under its code', () => {
    const routes = new Map(registeredRoutes(ctx.app).map((r) => [r.path, r.perm]));
    for (const [name, c] of Object.entries(invoiceApplyToMe.commands!)) expect([name, routes.get(`${TO_ME}/${c.path ?? name}`)]).toEqual([name, c.code]);
    for (const [name, c] of Object.entries(workPackage.commands!)) expect([name, routes.get(`package/mgr/${name}`)]).toEqual([name, c.code]);
    // The derived machine keeps updateStatus.
    expect(routes.has(`${TO_ME}/updateStatus`)).toBe(true);
  });

  test('_actions lists the commands each row allows the caller: 快递信息 on 已通过 and 已开票 only, 审核 never (a choice)', async () => {
    const rows = await applications();
    // The demo holds applications pending, approved and issued: each case below is met.
    for (const status of [10, 20, 30]) expect(rows.map((r) => r.status)).toContain(status);
    for (const row of rows) {
      expect([row.status, row._actions.includes('inviUpdateExpress')]).toEqual([row.status, row.status === 20 || row.status === 30]);
      expect([row.status, row._actions.includes('inviFileCreate')]).toEqual([row.status, row.status === 20]);
      expect(row._actions).not.toContain('review');
    }
    // The enterprise's direction offers it nothing of the supplier's.
    const mine = (await ent.post('invoice/act/query/my/list', { cond: {}, page: PAGE })).data.records as Array<{ status: number; _actions: string[] }>;
    expect(mine.filter((r) => r.status === 10).length).toBeGreaterThan(0);
    expect(mine.filter((r) => r.status === 10).every((r) => r._actions.includes('cancel') && r._actions.includes('inviVoucherCreate'))).toBe(true);
    expect(mine.some((r) => r._actions.includes('inviUpdateExpress'))).toBe(false);
  });

  test('inputs are parsed from the declared fields: 1001 with their messages, nothing written', async () => {
    const approved = (await applications()).find((r) => r.status === 20)!;
    const bad = [
      [{ id: approved.id, expressNo: 'SF1234567890' }, '请选择快递公司'],
      [{ id: approved.id, expressCompany: 'XX', expressNo: 'SF1234567890' }, '请选择快递公司'],
      [{ id: approved.id, expressCompany: 'SF', expressNo: '短' }, '快递单号应为6至40位字母或数字'],
      [{ id: approved.id, expressCompany: 'SF', expressNo: 12345678 }, '快递单号格式错误'],
    ] as const;
    for (const [body, message] of bad) expect(await spr.post(`${TO_ME}/inviUpdateExpress`, body)).toMatchObject({ code: Code.VALIDATION, message });
    expect(await spr.post(`${TO_ME}/review`, { id: approved.id })).toMatchObject({ code: Code.VALIDATION, message: '请选择审核结果' });
    expect(await spr.post('package/mgr/review', { id: 1, pass: 'maybe' })).toMatchObject({ code: Code.VALIDATION, message: '审核结果格式错误' });
    expect(await auditOf('invoiceApplyToMe', approved.id, 'inviUpdateExpress')).toEqual([]);
  });

  test('a command writes its inputs with the audit entry (from → to); a state it does not start from answers 1009', async () => {
    const rows = await applications();
    const approved = rows.find((r) => r.status === 20)!;
    const answer = await spr.post(`${TO_ME}/inviUpdateExpress`, { id: approved.id, expressCompany: 'SF', expressNo: 'SF1400012345678' });
    expect(answer.data).toMatchObject({ id: approved.id, expressCompany: 'SF', expressNo: 'SF1400012345678', status: 20 });
    const [entry] = await auditOf('invoiceApplyToMe', approved.id, 'inviUpdateExpress');
    expect(JSON.parse(entry.changes)).toMatchObject({ expressCompany: { to: 'SF' }, expressNo: { to: 'SF1400012345678' } });
    const pending = rows.find((r) => r.status === 10)!;
    expect(await spr.post(`${TO_ME}/inviUpdateExpress`, { id: pending.id, expressCompany: 'SF', expressNo: 'SF1400012345678' })).toMatchObject({ code: Code.CONFLICT, message: '当前状态不允许此操作' });
  });

  test('the stale check is a conditional update: a row moved after it was read answers 1009 and nothing is written', async () => {
    const approved = (await applications()).find((r) => r.status === 20)!;
    // A resource whose guard moves the row between its read and the write, as a concurrent request would.
    const { resource } = defineResource({ db: ctx.db, dialect } as never, invoiceApplyToMe, {
      scope: (_caller, qb) => qb,
      guard: async (_ctx, row) => {
        await ctx.db.updateTable('invoice_apply').set({ status: 30 }).where('id', '=', Number(row.id)).execute();
      },
    });
    const user = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', DEMO_USERS.SYS).executeTakeFirstOrThrow();
    const caller = { user, perms: new Set([27260, 27210]) };
    const attempt = resource.transition({ caller, body: { id: approved.id, reason: '抬头有误' }, now: Date.now() } as unknown as SignedInContext, 'issueFail');
    await expect(attempt).rejects.toMatchObject({ code: Code.CONFLICT, message: '当前状态不允许此操作' });
    const after = await ctx.db.selectFrom('invoice_apply').select(['status', 'reason']).where('id', '=', approved.id).executeTakeFirstOrThrow();
    expect(after.status).toBe(30);
    expect(await auditOf('invoiceApplyToMe', approved.id, 'issueFail')).toEqual([]);
  });

  test('the server checks the account type and the code of a command on its own, whatever the route let through', async () => {
    const approved = (await applications()).find((r) => r.status === 20)!;
    const { resource } = defineResource({ db: ctx.db, dialect } as never, invoiceApplyToMe, { scope: (_caller, qb) => qb });
    const body = { id: approved.id, expressCompany: 'SF', expressNo: 'SF1400099999999' };
    const trail = (await auditOf('invoiceApplyToMe', approved.id, 'inviUpdateExpress')).length;
    const as = async (username: string, codes: number[]) => {
      const user = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
      return resource.transition({ caller: { user, perms: new Set(codes) }, body, now: Date.now() } as unknown as SignedInContext, 'inviUpdateExpress');
    };
    // An enterprise holding the code is not of the command's account types (SYS, SPR); a supplier without 27260 lacks the code.
    await expect(as(DEMO_USERS.ENT, [27260])).rejects.toMatchObject({ code: Code.NO_PERMISSION });
    await expect(as(DEMO_USERS.SPR, [27210])).rejects.toMatchObject({ code: Code.NO_PERMISSION });
    // Through the route: the enterprise is refused too, and nothing is written.
    expect(await ent.post(`${TO_ME}/inviUpdateExpress`, body)).toMatchObject({ code: Code.NO_PERMISSION });
    const after = await ctx.db.selectFrom('invoice_apply').select(['expressNo']).where('id', '=', approved.id).executeTakeFirstOrThrow();
    expect(after.expressNo).not.toBe(body.expressNo);
    expect(await auditOf('invoiceApplyToMe', approved.id, 'inviUpdateExpress')).toHaveLength(trail);
    // The same supplier with the code may.
    await expect(as(DEMO_USERS.SPR, [27260])).resolves.toMatchObject({ expressNo: body.expressNo });
  });

  test('a choice runs one of its two commands, audited as that one, with the reason the trail reads', async () => {
    const pending = (await applications()).find((r) => r.status === 10)!;
    expect(await spr.post(`${TO_ME}/review`, { id: pending.id, pass: false })).toMatchObject({ code: Code.VALIDATION, message: '请输入原因' });
    expect((await spr.post(`${TO_ME}/review`, { id: pending.id, pass: false, reason: '缺少验收材料' })).data).toMatchObject({ status: 22, reason: '缺少验收材料' });
    const [entry] = await auditOf('invoiceApplyToMe', pending.id, 'reviewFail');
    expect(JSON.parse(entry.changes)).toMatchObject({ status: { from: 10, to: 22 }, reason: { to: '缺少验收材料' } });
    const trail = (await spr.post('invoice/act/query/toMe/get', { id: pending.id })).data.trail;
    expect(trail[0]).toMatchObject({ action: 'reviewFail', label: '审核不通过', reason: '缺少验收材料' });
  });

  test('a child command (删除凭证) finds its row through the child record the body names: 1004 for none, audited on the row, never in _actions', async () => {
    const rows = await applications();
    expect(rows.flatMap((r) => r._actions).filter((a) => ['inviVoucherDelete', 'inviFileUpdate', 'inviFileDelete'].includes(a))).toEqual([]);
    expect(await spr.post(`${TO_ME}/inviVoucherDelete`, { id: 999_999 })).toMatchObject({ code: Code.NOT_FOUND });
    const open = rows.filter((r) => r.status === 10 || r.status === 20).map((r) => r.id);
    const voucher = await ctx.db.selectFrom('invoice_voucher').select(['id', 'applyId', 'file']).where('applyId', 'in', open).executeTakeFirstOrThrow();
    expect((await spr.post(`${TO_ME}/inviVoucherDelete`, { id: voucher.id })).data).toBe(true);
    expect(await ctx.db.selectFrom('invoice_voucher').select('id').where('id', '=', voucher.id).executeTakeFirst()).toBeUndefined();
    const [entry] = await auditOf('invoiceApplyToMe', voucher.applyId, 'inviVoucherDelete');
    expect(JSON.parse(entry.changes)).toEqual({ voucher: { from: JSON.parse(voucher.file).name, to: null } });
    expect(await spr.post(`${TO_ME}/inviVoucherDelete`, { id: voucher.id })).toMatchObject({ code: Code.NOT_FOUND });
  });

  test('a child command that `removes` deletes its child record, not the row (删除发票): answers true, audited on the application', async () => {
    const approved = (await applications()).find((r) => r.status === 20)!;
    const values = { applyId: approved.id, invoiceNo: '26112700000000000001', invoiceCode: null, invoiceDate: '2026-11-27', totalFen: 100, taxFen: 6, file: '{}', status: 0, createdAt: Date.now(), updatedAt: Date.now() };
    const file = await ctx.db.insertInto('invoice_file').values(values).returning(['id', 'applyId']).executeTakeFirstOrThrow();
    expect((await spr.post(`${TO_ME}/inviFileDelete`, { id: file.id })).data).toBe(true);
    expect(await ctx.db.selectFrom('invoice_file').select('id').where('id', '=', file.id).executeTakeFirst()).toBeUndefined();
    expect(await ctx.db.selectFrom('invoice_apply').select('status').where('id', '=', file.applyId).executeTakeFirstOrThrow()).toEqual({ status: 20 });
    const [entry] = await auditOf('invoiceApplyToMe', file.applyId, 'inviFileDelete');
    expect(JSON.parse(entry.changes)).toEqual({ invoiceNo: { from: null, to: String(file.id) } });
  });
});
