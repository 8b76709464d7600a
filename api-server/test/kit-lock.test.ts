/**
 * resource/lock.ts on both databases: two transactions that lock the same row (lockRow) or the same name
 * (lockName) take turns — the second gets its lock only after the first committed, and reads what the first
 * wrote; a claim that skips locked rows (PostgreSQL) passes over a held row; different rows do not wait.
 */
import { lockName, lockRow, lockRows } from '../src/resource/lock';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('lockRow and lockName on %s', (dialect) => {
  let ctx: TestContext;
  let ids: number[];
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
    const rows = [1, 2].map((n) => ({ operatorId: null, operatorName: '锁', operatorAccount: 'lock', createdAt: 0, action: 'lock', entity: 'lockTest', entityId: String(n), changes: '{}' }));
    ids = (await ctx.db.insertInto('audit_log').values(rows).returning('id').execute()).map((r) => r.id);
  }, 60_000);
  afterAll(() => ctx.close());

  /** Two transactions, the second started while the first holds `take`'s lock; the events in the order they happened. */
  async function race(take: (trx: never, who: string) => Promise<void>): Promise<string[]> {
    const events: string[] = [];
    let held!: () => void;
    let bLocked!: () => void;
    const first = new Promise<void>((r) => (held = r));
    const second = new Promise<void>((r) => (bLocked = r));
    const a = ctx.db.transaction().execute(async (trx) => {
      await take(trx as never, 'a');
      events.push('a locked');
      held();
      // Until the second got its lock (it cannot while this one holds it) or a second has passed.
      await Promise.race([second, pause(1000)]);
      await trx.updateTable('audit_log').set({ createdAt: 1 }).where('id', '=', ids[0]).execute();
      events.push('a done');
    });
    await first;
    const b = ctx.db.transaction().execute(async (trx) => {
      await take(trx as never, 'b');
      const row = await trx.selectFrom('audit_log').select('createdAt').where('id', '=', ids[0]).executeTakeFirstOrThrow();
      events.push(`b locked, saw ${row.createdAt}`);
      bLocked();
    });
    await Promise.all([a, b]);
    await ctx.db.updateTable('audit_log').set({ createdAt: 0 }).where('id', '=', ids[0]).execute();
    return events;
  }

  test('a row: the second transaction waits for the first one’s commit and reads its write', async () => {
    const events = await race(async (trx) => {
      const row = await lockRow<{ id: number; entityId: string }>(trx, dialect, 'audit_log', { id: ids[0] }, ['id', 'entityId']);
      expect(row).toEqual({ id: ids[0], entityId: '1' });
    });
    expect(events).toEqual(['a locked', 'a done', 'b locked, saw 1']);
  });

  test('a name: the second transaction waits for the first one’s commit', async () => {
    expect(await race((trx) => lockName(trx, dialect, `kit-lock:${dialect}`))).toEqual(['a locked', 'a done', 'b locked, saw 1']);
  });

  test('a row and the state it must be in: none when the state moved; several rows in their order', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      expect(await lockRow(trx, dialect, 'audit_log', { id: ids[0], action: 'moved' })).toBeUndefined();
      const both = await lockRows<{ entityId: string }>(trx, dialect, 'audit_log', { id: ids, entity: 'lockTest' }, ['entityId'], { orderBy: 'entityId' });
      expect(both.map((r) => r.entityId)).toEqual(['1', '2']);
    });
  });

  if (dialect === 'postgres') {
    test('PostgreSQL, the control: without a lock the second transaction does not wait', async () => {
      expect(await race(async () => undefined)).toEqual(['a locked', 'b locked, saw 0', 'a done']);
    });

    test('PostgreSQL: skipLocked passes over a held row at once; another row is not held', async () => {
      await ctx.db.transaction().execute(async (a) => {
        expect(await lockRow(a, dialect, 'audit_log', { id: ids[0] })).toBeDefined();
        await ctx.db.transaction().execute(async (b) => {
          expect(await lockRow(b, dialect, 'audit_log', { id: ids[0] }, ['id'], { skipLocked: true })).toBeUndefined();
          expect(await lockRow(b, dialect, 'audit_log', { id: ids[1] }, ['id'], { skipLocked: true })).toEqual({ id: ids[1] });
        });
      });
    });
  }
});
