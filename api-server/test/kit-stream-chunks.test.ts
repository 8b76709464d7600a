/**
 * resource/stream.ts on both databases: a query's rows read in one pass and handed on in parts of the size,
 * in the query's order, every row once, the last part shorter; no call for an empty result.
 */
import { streamChunks } from '../src/resource/stream';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('streamChunks on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
    const rows = [1, 2, 3, 4, 5].map((n) => ({ operatorId: null, operatorName: '分段', operatorAccount: 'stream', createdAt: n, action: 'stream', entity: 'streamTest', entityId: String(n), changes: '{}' }));
    await ctx.db.insertInto('audit_log').values(rows).execute();
  }, 60_000);
  afterAll(() => ctx.close());

  test('five rows in parts of two: [1, 2], [3, 4], [5] in order', async () => {
    const parts: string[][] = [];
    const query = ctx.db.selectFrom('audit_log').select('entityId').where('entity', '=', 'streamTest').orderBy('createdAt', 'desc');
    await streamChunks(query, 2, async (rows) => void parts.push(rows.map((r) => r.entityId)));
    expect(parts).toEqual([['5', '4'], ['3', '2'], ['1']]);
  });

  test('an empty result hands on nothing; a part the size of the result is handed on once', async () => {
    const calls: number[] = [];
    await streamChunks(ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'none'), 2, async (rows) => void calls.push(rows.length));
    expect(calls).toEqual([]);
    await streamChunks(ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'streamTest'), 5, async (rows) => void calls.push(rows.length));
    expect(calls).toEqual([5]);
  });
});
