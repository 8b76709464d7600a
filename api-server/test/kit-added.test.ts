/**
 * resource/added.ts on both databases: the SET adds each amount to its column's stored value, several columns
 * at once, other columns untouched.
 */
import { added } from '../src/resource/added';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('added on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('adds to the stored values (twice: 3 + 4 + 4), in one statement, the other columns as they were', async () => {
    const { id } = await ctx.db
      .insertInto('audit_log')
      .values({ operatorId: 3, operatorName: '累加', operatorAccount: 'added', createdAt: 10, action: 'added', entity: `added${dialect}`, entityId: '1', changes: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i++) await ctx.db.updateTable('audit_log').set(added({ operatorId: 4, createdAt: -5 })).where('id', '=', id).execute();
    const row = await ctx.db.selectFrom('audit_log').select(['operatorId', 'createdAt', 'operatorName']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([Number(row.operatorId), Number(row.createdAt), row.operatorName]).toEqual([11, 0, '累加']);
  });
});
