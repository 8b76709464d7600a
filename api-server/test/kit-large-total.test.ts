import { balanceApply } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { EXACT_TOTAL_CAP } from '../src/resource/entity-resource';
import type { SignedClient } from './support/client';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('large lists on %s (issue 13)', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let entId: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    sys = ctx.client();
    await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD);
    const ent = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).orderBy('id').executeTakeFirstOrThrow();
    entId = ent.id;
    const rows = Array.from({ length: EXACT_TOTAL_CAP + 10 }, (_, i) => ({ applyNo: `BULK${String(i).padStart(6, '0')}`, entId: ent.id, supplierId: ent.supplierId, amountFen: 100, payChannel: 1, status: 0, createdAt: 1_700_000_000_000 + i, updatedAt: 1_700_000_000_000 + i }));
    for (let i = 0; i < rows.length; i += 1000) await ctx.db.insertInto('balance_apply').values(rows.slice(i, i + 1000)).execute();
  }, 60_000);
  afterAll(async () => ctx.close());

  const list = (cond: Record<string, unknown>) => sys.post(`${balanceApply.paths.query}/list`, { cond, page: { limit: 20, pageNum: 2 } });

  test('above the cap a page still comes, with a total said to be approximate and no summary', async () => {
    const answer = await list({});
    expect(answer.code).toBe(0);
    expect(answer.data.records).toHaveLength(20);
    expect(answer.data.summary).toBeUndefined();
    if (dialect === 'postgres') expect(answer.data).toMatchObject({ totalKind: 'estimate', total: expect.any(Number) });
    else expect(answer.data).toMatchObject({ totalKind: 'atLeast', total: EXACT_TOTAL_CAP });
    expect(answer.data.total).toBeGreaterThan(EXACT_TOTAL_CAP - 1);
  });

  test('a page is read key first and comes in the list order: the requested sort, then the newest key', async () => {
    for (const [field, column, dir] of [['amount', 'amountFen', 'asc'], ['status', 'status', 'desc'], ['applyNo', 'applyNo', 'asc']] as const) {
      const answer = await sys.post(`${balanceApply.paths.query}/list`, { cond: {}, orderBy: [{ field, dir }], page: { limit: 20, pageNum: 3 } });
      const expected = await ctx.db.selectFrom('balance_apply').select('id').orderBy(column, dir).orderBy('id', 'desc').limit(20).offset(40).execute();
      expect(answer.data.records.map((r: { id: number }) => r.id)).toEqual(expected.map((r) => r.id));
    }
    const narrow = await sys.post(`${balanceApply.paths.query}/list`, { cond: { applyNo: 'BULK00004' }, page: { limit: 5, pageNum: 2 } });
    const expected = await ctx.db.selectFrom('balance_apply').select('id').where('applyNo', 'like', '%BULK00004%').orderBy('id', 'desc').limit(5).offset(5).execute();
    expect(narrow.data.records.map((r: { id: number }) => r.id)).toEqual(expected.map((r) => r.id));
    expect(narrow.data.total).toBe(10);
  });

  test('a filter that narrows the result below the cap answers the exact total and summary', async () => {
    const answer = await list({ applyNo: 'BULK000042' });
    expect(answer.data).toMatchObject({ total: 1, summary: { amount: '1.00' } });
    expect(answer.data.totalKind).toBeUndefined();
    const others = await list({ entId: entId + 1 });
    expect(others.data.totalKind).toBeUndefined();
    expect(others.data.summary).toBeDefined();
  });
});
