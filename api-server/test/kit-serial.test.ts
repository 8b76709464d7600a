/**
 * Kit v3 (issue 23, helper EB): a field declaring `serial` (shared-utility entity.ts) is numbered by the kit's
 * create in its transaction — prefix + the next number of its series, zero-padded (resource/serial.ts) —
 * with no beforeCreate: 平台 XKJ001…, 税源地 TS0001…, on both databases.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

describe.each(DIALECTS)('serial codes on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    sys = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
  }, 60_000);
  afterAll(() => ctx.close());

  const codeOf = async (table: string, column: string, id: number) => (await ctx.db.selectFrom(table as never).select(column as never).where('id' as never, '=', id as never).executeTakeFirstOrThrow()) as Record<string, string>;

  test('each create takes the next code of its series, whatever the body says', async () => {
    const highest = async (table: string, column: string, prefix: string) =>
      Math.max(0, ...((await ctx.db.selectFrom(table as never).select(column as never).execute()) as Array<Record<string, string>>).map((r) => r[column]).filter((c) => c.startsWith(prefix)).map((c) => Number(c.slice(prefix.length))));
    const platforms = await highest('xkj_platform', 'platformCode', 'XKJ');
    for (const i of [1, 2]) {
      const created = await sys.post('xkj/platform/mgr/create', { name: `序列平台${i}`, platformCode: 'XKJ999', virtualType: 0, apiUrl: 'https://xkj.example.com/api' });
      expect(created.code).toBe(0);
      expect((await codeOf('xkj_platform', 'platformCode', created.data.id)).platformCode).toBe(`XKJ${String(platforms + i).padStart(3, '0')}`);
    }
    const sources = await highest('tax_source', 'tsCode', 'TS');
    const ts = await sys.post('taxSource/mgr/create', { name: '序列税源地', province: '海南', city: '海口', singleLimit: '50000.00', monthlyLimit: '100000.00', vatRate: '6.0000', tsCode: 'TS9999' });
    expect(ts.code).toBe(0);
    expect((await codeOf('tax_source', 'tsCode', ts.data.id)).tsCode).toBe(`TS${String(sources + 1).padStart(4, '0')}`);
  });
});
