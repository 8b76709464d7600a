/**
 * resource/batch.ts on both databases: a batch is written and read in parts of the given size, every row
 * once, the `returning` columns answered for every row in the order given.
 */
import { chunks, insertChunked, insertMissing, readChunked, readIn, updateIn } from '../src/resource/batch';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

test('chunks cuts a list into parts of the size, the last one shorter', () => {
  expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(chunks([], 2)).toEqual([]);
});

describe.each(DIALECTS)('insertChunked and readChunked on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('five rows in parts of two: three statements, every row stored once, ids answered in order', async () => {
    const rows = [1, 2, 3, 4, 5].map((n) => ({ operatorId: null, operatorName: '批量', operatorAccount: 'batch', createdAt: n, action: 'batch', entity: `batch${dialect}`, entityId: String(n), changes: '{}' }));
    const parts: number[] = [];
    const made = await insertChunked(ctx.db as never, 'audit_log', rows, ['id', 'entityId'], 2);
    expect(made.map((m) => m.entityId)).toEqual(['1', '2', '3', '4', '5']);
    const read = await readChunked(made.map((m) => Number(m.id)), async (part) => {
      parts.push(part.length);
      return ctx.db.selectFrom('audit_log').select('entityId').where('id', 'in', part).orderBy('id').execute();
    }, 2);
    expect(parts).toEqual([2, 2, 1]);
    expect(read.map((r) => r.entityId)).toEqual(['1', '2', '3', '4', '5']);
    expect(await insertChunked(ctx.db as never, 'audit_log', [])).toEqual([]);
  });
});

describe.each(DIALECTS)('insertMissing on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('inserts only the rows whose unique columns no stored row (nor an earlier row of the batch) has; answers which', async () => {
    const entity = `missing${dialect}`;
    const row = (entityId: string, action: string) => ({ operatorId: null, operatorName: '批量', operatorAccount: 'batch', createdAt: 1, action, entity, entityId, changes: '{}' });
    await insertChunked(ctx.db as never, 'audit_log', [row('1', 'a')]);
    const rows = [row('1', 'a'), row('1', 'b'), row('2', 'a'), row('1', 'b')];
    expect(await insertMissing(ctx.db as never, 'audit_log', rows, ['entity', 'entityId', 'action'])).toEqual([false, true, true, false]);
    const stored = await ctx.db.selectFrom('audit_log').select(['entityId', 'action']).where('entity', '=', entity).orderBy('id').execute();
    expect(stored).toEqual([{ entityId: '1', action: 'a' }, { entityId: '1', action: 'b' }, { entityId: '2', action: 'a' }]);
    expect(await insertMissing(ctx.db as never, 'audit_log', [], ['entity'])).toEqual([]);
  });
});

describe.each(DIALECTS)('readIn on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('reads the rows matching every condition, its one list in parts of the size', async () => {
    const entity = `readIn${dialect}`;
    const rows = [1, 2, 3, 4, 5].map((n) => ({ operatorId: null, operatorName: '批量', operatorAccount: 'batch', createdAt: n, action: n % 2 ? 'odd' : 'even', entity, entityId: String(n), changes: '{}' }));
    await insertChunked(ctx.db as never, 'audit_log', rows);
    const read = await readIn<{ entityId: string }>(ctx.db as never, 'audit_log', ['entityId'], { entity, entityId: ['1', '2', '3', '5', '9'], action: 'odd' }, 2);
    expect(read.map((r) => r.entityId).sort()).toEqual(['1', '3', '5']);
    expect(await readIn(ctx.db as never, 'audit_log', ['entityId'], { entity, entityId: [] })).toEqual([]);
  });
});

describe.each(DIALECTS)('updateIn on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('sets the rows matching every condition, its one list in parts; answers the rows it moved', async () => {
    const entity = `updateIn${dialect}`;
    const rows = [1, 2, 3, 4, 5].map((n) => ({ operatorId: null, operatorName: '批量', operatorAccount: 'batch', createdAt: n, action: n % 2 ? 'odd' : 'even', entity, entityId: String(n), changes: '{}' }));
    await insertChunked(ctx.db as never, 'audit_log', rows);
    const moved = await updateIn(ctx.db as never, 'audit_log', { action: 'done' }, { entity, entityId: ['1', '2', '3', '5', '9'], action: 'odd' }, ['entityId'], 2);
    expect(moved.map((r) => r.entityId).sort()).toEqual(['1', '3', '5']);
    const stored = await ctx.db.selectFrom('audit_log').select(['entityId', 'action']).where('entity', '=', entity).orderBy('id').execute();
    expect(stored.map((r) => r.action)).toEqual(['done', 'even', 'done', 'even', 'done']);
    expect(await updateIn(ctx.db as never, 'audit_log', { action: 'x' }, { entity, entityId: ['2'] })).toEqual([]);
    expect((await ctx.db.selectFrom('audit_log').select('action').where('entity', '=', entity).where('entityId', '=', '2').executeTakeFirstOrThrow()).action).toBe('x');
  });
});
