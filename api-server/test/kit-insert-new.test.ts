/**
 * resource/batch.ts insertNew on both databases: rows whose unique columns are taken are left out (by the table or by
 * an earlier row of the same statement), the others inserted; a second run inserts nothing and does not fail.
 */
import { insertNew } from '../src/resource/batch';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('insertNew on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('the taken keys are left out, the new ones inserted, twice without an error', async () => {
    const row = (person: string, touchedAt: number) => ({ supplierId: 9001, person, month: '2026-11', touchedAt });
    await ctx.db.insertInto('payout_limit_lock').values(row('1:A', 1)).execute();
    for (let i = 0; i < 2; i++) await insertNew(ctx.db as never, 'payout_limit_lock', [row('1:A', 2), row('1:B', 2), row('1:C', 2), row('1:B', 3)], ['supplierId', 'person', 'month']).execute();
    const rows = await ctx.db.selectFrom('payout_limit_lock').select(['person', 'touchedAt']).where('supplierId', '=', 9001).orderBy('person').execute();
    expect(rows.map((r) => [r.person, Number(r.touchedAt)])).toEqual([['1:A', 1], ['1:B', 2], ['1:C', 2]]);
  });
});
