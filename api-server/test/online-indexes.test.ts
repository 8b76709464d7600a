import { CompiledQuery, sql } from 'kysely';
import { ensureOnlineIndexes, ONLINE_INDEXES } from '../src/db/online-indexes';
import { dueOrders } from '../src/domain/order/worker';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

const indexNames = async (ctx: TestContext, dialect: string): Promise<string[]> =>
  dialect === 'sqlite'
    ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(ctx.db)).rows.map((r) => r.name)
    : (await sql<{ name: string }>`SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indisvalid`.execute(ctx.db)).rows.map((r) => r.name);

describe.each(DIALECTS)('online indexes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
  });
  afterAll(async () => ctx.close());

  test('every online index exists after start-up, and a second run builds nothing', async () => {
    const names = await indexNames(ctx, dialect);
    const mine = ONLINE_INDEXES.filter((i) => !i.dialects || i.dialects.includes(dialect));
    expect(names).toEqual(expect.arrayContaining(mine.map((i) => i.name)));
    // An index meant for the other database only is not built on this one.
    for (const other of ONLINE_INDEXES.filter((i) => !mine.includes(i))) expect(names).not.toContain(other.name);
    expect(await ensureOnlineIndexes(ctx.db, dialect)).toEqual([]);
  });

  if (dialect === 'sqlite')
    test('on an analyzed SQLite database a new index gets its statistics at once', async () => {
      const entry = (i: number) => ({ operatorId: 1, operatorName: '测试', operatorAccount: 'test', createdAt: i, action: 'update', entity: 'cust', entityId: String(i % 7), changes: '{}' });
      await ctx.db.insertInto('audit_log').values(Array.from({ length: 50 }, (_, i) => entry(i))).execute();
      await sql`ANALYZE`.execute(ctx.db);
      await sql`DROP INDEX audit_log_entity_idx`.execute(ctx.db);
      await sql`DELETE FROM sqlite_stat1 WHERE idx = 'audit_log_entity_idx'`.execute(ctx.db);
      expect(await ensureOnlineIndexes(ctx.db, dialect)).toEqual(['audit_log_entity_idx']);
      const stats = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE idx = 'audit_log_entity_idx'`.execute(ctx.db);
      expect(stats.rows).toEqual([{ stat: expect.stringMatching(/^50 /) }]);
    });

  test("the order worker's poll reads the partial index of due orders (its condition is the poll's, word for word)", async () => {
    const poll = dueOrders(ctx.db, Date.now()).compile();
    const plan = await ctx.db.transaction().execute(async (trx) => {
      // An empty table: a scan of it all would be cheapest, so the test asks for the plan of a large one.
      if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off`.execute(trx);
      const explain = dialect === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
      return JSON.stringify((await trx.executeQuery(CompiledQuery.raw(explain + poll.sql, [...poll.parameters]))).rows);
    });
    expect(plan).toContain('pay_order_due_idx');
    expect(plan).not.toMatch(/Sort|TEMP B-TREE/);
  });

  test('a dropped index is built again; on PostgreSQL an interrupted (invalid) build is replaced', async () => {
    await sql`DROP INDEX audit_log_entity_idx`.execute(ctx.db);
    expect(await ensureOnlineIndexes(ctx.db, dialect)).toEqual(['audit_log_entity_idx']);
    if (dialect === 'postgres') {
      // What a CREATE INDEX CONCURRENTLY killed half-way leaves behind.
      await sql`UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'audit_log_entity_idx'::regclass`.execute(ctx.db);
      expect(await indexNames(ctx, dialect)).not.toContain('audit_log_entity_idx');
      expect(await ensureOnlineIndexes(ctx.db, dialect)).toEqual(['audit_log_entity_idx']);
    }
    expect(await indexNames(ctx, dialect)).toContain('audit_log_entity_idx');
  });
});
