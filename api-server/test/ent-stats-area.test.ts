/**
 * Issue 9: 综合统计 (ent/query/stats) and 完税记录 (ent/…/taxProof/inventory) on SQLite and PostgreSQL.
 * The monthly figures are checked against the ledger and the calc-fee log they come from.
 */
import crypto from 'node:crypto';
import { formatFen } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const PAGE = { limit: 100, pageNum: 1 };
type Rec = Record<string, unknown>;
const monthOf = (epochMs: number) => new Date(epochMs + 8 * 3600_000).toISOString().slice(0, 7);

describe.each(DIALECTS)('综合统计 and 完税记录 on %s', (dialect) => {
  let ctx: TestContext;
  let spr: SignedClient;
  let ent: SignedClient;
  let ent1: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [spr, ent] = [ctx.client(), ctx.client()];
    expect((await spr.login(DEMO_USERS.SPR, DEMO_PASSWORD)).code).toBe(0);
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
    ent1 = (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => ctx.close());

  test('each month sums the ledger and the fee log; the last closing balance is what the accounts hold', async () => {
    const logs = await ctx.db.selectFrom('balance_log').selectAll().where('entId', '=', ent1).execute();
    const fees = await ctx.db.selectFrom('calc_fee_log').select(['month', 'entFeeFen']).where('entId', '=', ent1).execute();
    const expected = new Map<string, { recharge: number; paid: number; refund: number; fee: number }>();
    const of = (month: string) => expected.get(month) ?? { recharge: 0, paid: 0, refund: 0, fee: 0 };
    for (const l of logs) {
      const m = of(monthOf(l.createdAt));
      if (l.type === 0 && l.bizType === 10) m.recharge += l.amountFen;
      if (l.type === 3 && l.bizType === 20) m.paid += l.amountFen;
      if (l.type === 3 && l.bizType === 30) m.refund += l.amountFen;
      expected.set(monthOf(l.createdAt), m);
    }
    for (const f of fees) expected.set(f.month, { ...of(f.month), fee: of(f.month).fee + Number(f.entFeeFen) });

    const answer = await ent.post('ent/query/stats/list', { cond: {}, page: PAGE, orderBy: [{ field: 'month', dir: 'asc' }] });
    expect(answer.code).toBe(0);
    const rows = answer.data.records as Rec[];
    expect(rows.map((r) => r.month)).toEqual([...expected.keys()].sort());
    expect(new Set(rows.map((r) => r.entId))).toEqual(new Set([ent1]));
    for (const r of rows) {
      const m = expected.get(String(r.month))!;
      expect([r.recharge, r.paid, r.fee, r.refund]).toEqual([m.recharge, m.paid, m.fee, m.refund].map(formatFen));
    }
    const accounts = await ctx.db.selectFrom('ent_account').select(['availableFen', 'lockedFen']).where('entId', '=', ent1).execute();
    expect(rows[rows.length - 1].closing).toBe(formatFen(accounts.reduce((sum, a) => sum + Number(a.availableFen) + Number(a.lockedFen), 0)));

    const sums = await ent.post('ent/query/stats/customSumByRange', { cond: {} });
    expect(sums.data.months.map((m: Rec) => m.month)).toEqual(rows.map((r) => r.month));
    expect(sums.data.total.recharge).toBe(formatFen([...expected.values()].reduce((s, m) => s + m.recharge, 0)));
  });

  test('the supplier files a proof for its enterprise; the enterprise reads and downloads it but cannot file one', async () => {
    const content = Buffer.from('%PDF-1.4 proof');
    const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
    const upload = await spr.post('file/upload', { name: '完税证明.pdf', contentBase64: content.toString('base64'), fileMd5 });
    expect(upload.code).toBe(0);
    const file = { ...upload.data, name: '完税证明.pdf' };
    const body = { entId: ent1, month: '2025-12', personCount: 18, taxAmount: '5230.40', file };
    expect(await spr.post('ent/mgr/taxProof/inventory/create', { ...body, month: '2025-1' })).toMatchObject({ code: Code.VALIDATION, message: '所属月份格式应为yyyy-MM' });
    expect((await ent.post('ent/mgr/taxProof/inventory/create', body)).code).toBe(Code.NO_PERMISSION);
    expect((await spr.post('ent/mgr/taxProof/inventory/create', body)).code).toBe(0);
    expect(await spr.post('ent/mgr/taxProof/inventory/create', body)).toMatchObject({ code: Code.CONFLICT, message: '该企业该月份已有完税记录' });

    const mine = await ent.post('ent/query/taxProof/inventory/list', { cond: { month: '2025-12' }, page: PAGE });
    expect(mine.data.records).toHaveLength(1);
    expect(mine.data.records[0]).toMatchObject({ month: '2025-12', personCount: 18, taxAmount: '5230.40' });
    expect(mine.data.summary.taxAmount).toBe('5230.40');
    const download = await ent.get('ent/query/taxProof/inventory/file', { id: String(mine.data.records[0].id) });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('%PDF-1.4 proof');
  });
});
