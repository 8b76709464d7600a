import { sql } from 'kysely';
import { ensureOnlineIndexes, ONLINE_INDEXES } from '../src/db/online-indexes';
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
    expect(await indexNames(ctx, dialect)).toEqual(expect.arrayContaining(ONLINE_INDEXES.map((i) => i.name)));
    expect(await ensureOnlineIndexes(ctx.db, dialect)).toEqual([]);
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
