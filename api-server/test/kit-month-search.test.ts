/**
 * Kit v3 (issue 23, helper EB): a month picker's search value (a field with `input: 'month'`) is yyyy-MM
 * or refused with `<label>格式应为yyyy-MM` (resource/entity-resource.ts applyCond), for every list that
 * searches one — the tax-source statistics (now kit lists over their grouped rows) and the fee months alike.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

describe.each(DIALECTS)('month search on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    sys = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
  }, 60_000);
  afterAll(() => ctx.close());

  test('a malformed month is refused with the field’s message; a well-formed range filters', async () => {
    for (const path of ['taxSource/query/tsStats/list', 'taxSource/query/custStats/list', 'ent/query/feeStats/list'])
      for (const month of [['2026/01', null], ['2026-13'], [null, 202601]])
        expect(await sys.post(path, { cond: { month } })).toMatchObject({ code: 1001, message: '月份格式应为yyyy-MM' });
    const all = await sys.post('taxSource/query/tsStats/list', { cond: {}, page: { limit: 100, pageNum: 1 } });
    const month = all.data.records[0].month as string;
    const one = await sys.post('taxSource/query/tsStats/list', { cond: { month: [month, month] }, page: { limit: 100, pageNum: 1 }, orderBy: [{ field: 'taxSourceId', dir: 'asc' }] });
    expect(one.data.records.length).toBeGreaterThan(0);
    expect(one.data.records.every((r: { month: string }) => r.month === month)).toBe(true);
    expect(one.data.records[0]).toEqual(expect.objectContaining({ taxSourceName: expect.any(String), orderCount: expect.any(Number), entCount: expect.any(Number), amount: expect.stringMatching(/^\d+\.\d{2}$/) }));
    const ids = one.data.records.map((r: { taxSourceId: number }) => r.taxSourceId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
