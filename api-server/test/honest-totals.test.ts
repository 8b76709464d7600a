/**
 * Issue 22 item 3 on both dialects: a list's 合计 adds only money that moved or is moving. Each entity
 * declares which statuses count (`totals`); the server sums every part over the whole filtered result
 * (not the page), the summary's figure adds the counted parts, and `parts` shows the others apart.
 */
import { balanceApply, formatFen, invoiceApply, payOrder, refundApply, type Entity } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

// Seeding a database takes a few seconds on a busy machine.
jest.setTimeout(60_000);

interface Part {
  label: string;
  excluded: boolean;
  count: number;
  [field: string]: unknown;
}

describe.each(DIALECTS)('honest totals on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let ent: SignedClient;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, ent] = [ctx.client(), ctx.client()];
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  /** Fen of a column per status straight from the table, over the rows a scope query picks. */
  async function fenByStatus(table: string, column: string, where: (qb: any) => any = (qb) => qb): Promise<Map<number, { fen: number; n: number }>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const rows = (await where((ctx.db as any).selectFrom(table).select(['status', column])).execute()) as Array<Record<string, number>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const out = new Map<number, { fen: number; n: number }>();
    for (const r of rows) {
      const hit = out.get(Number(r.status)) ?? { fen: 0, n: 0 };
      out.set(Number(r.status), { fen: hit.fen + Number(r[column]), n: hit.n + 1 });
    }
    return out;
  }

  const expected = (entity: Entity, byStatus: Map<number, { fen: number; n: number }>) => {
    const parts = entity.totals!.parts.map((p) => {
      const hits = p.values.map((v) => byStatus.get(Number(v)) ?? { fen: 0, n: 0 });
      return { label: p.label, excluded: Boolean(p.excluded), count: hits.reduce((s, h) => s + h.n, 0), fen: hits.reduce((s, h) => s + h.fen, 0) };
    });
    return { counted: formatFen(parts.filter((p) => !p.excluded).reduce((s, p) => s + p.fen, 0)), parts };
  };

  test.each([
    ['充值申请', balanceApply, 'balance_apply'],
    ['退款记录', refundApply, 'refund_apply'],
    ['开票申请', invoiceApply, 'invoice_apply'],
    ['代发订单', payOrder, 'pay_order'],
  ] as const)('%s: 合计 adds the counted statuses of the whole filtered result, the others apart', async (_title, entity, table) => {
    const answer = await sys.post(`${entity.paths.query}/list`, { cond: {}, page: { limit: 1, pageNum: 1 } });
    expect(answer.code).toBe(0);
    const want = expected(entity, await fenByStatus(table, 'amountFen'));
    expect(answer.data.records).toHaveLength(Math.min(1, answer.data.total));
    expect(answer.data.summary.amount).toBe(want.counted);
    expect((answer.data.summary.parts as Part[]).map((p) => ({ label: p.label, excluded: p.excluded, count: p.count, amount: p.amount }))).toEqual(
      want.parts.map((p) => ({ label: p.label, excluded: p.excluded, count: p.count, amount: formatFen(p.fen) })),
    );
    // Every row is in exactly one part.
    expect((answer.data.summary.parts as Part[]).reduce((s, p) => s + p.count, 0)).toBe(answer.data.total);
  });

  test('the seeded failed recharge is not added into 合计; filtered to it alone, 合计 is zero and the part shows it', async () => {
    const failed = await fenByStatus('balance_apply', 'amountFen', (qb) => qb.where('status', '=', 51));
    expect(failed.get(51)?.fen ?? 0).toBeGreaterThan(0);
    const all = await sys.post('ent/query/balance/apply/list', { cond: {}, page: { limit: 10, pageNum: 1 } });
    const plain = await fenByStatus('balance_apply', 'amountFen');
    const everything = [...plain.values()].reduce((s, h) => s + h.fen, 0);
    expect(all.data.summary.amount).not.toBe(formatFen(everything));

    const onlyFailed = await sys.post('ent/query/balance/apply/list', { cond: { status: 51 }, page: { limit: 10, pageNum: 1 } });
    expect(onlyFailed.data.summary.amount).toBe('0.00');
    const part = (onlyFailed.data.summary.parts as Part[]).find((p) => p.excluded)!;
    expect(part).toMatchObject({ label: '失败/取消', count: failed.get(51)!.n, amount: formatFen(failed.get(51)!.fen) });
  });

  test('an enterprise sees the figures of its own rows only', async () => {
    const entId = (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow()).id;
    // An enterprise's money is its own (moneyScope), not its sub-enterprises'.
    const scoped = await fenByStatus('balance_apply', 'amountFen', (qb) => qb.where('entId', '=', entId));
    const answer = await ent.post('ent/query/balance/apply/list', { cond: {}, page: { limit: 10, pageNum: 1 } });
    const want = expected(balanceApply, scoped);
    expect(answer.data.summary.amount).toBe(want.counted);
    expect((answer.data.summary.parts as Part[]).map((p) => p.count)).toEqual(want.parts.map((p) => p.count));
  });

  test('queue tabs: countBy answers the rows per status over the filtered result without its own status condition', async () => {
    const byStatus = await fenByStatus('balance_apply', 'amountFen');
    const answer = await sys.post('ent/query/balance/apply/list', { cond: { status: 0 }, page: { limit: 1, pageNum: 1 }, countBy: 'status' });
    expect(answer.code).toBe(0);
    expect(answer.data.tabCounts).toEqual(Object.fromEntries([...byStatus.entries()].map(([status, h]) => [String(status), h.n])));
    // Other conditions still apply: one channel's rows only.
    const channel0 = await fenByStatus('balance_apply', 'amountFen', (qb) => qb.where('payChannel', '=', 0));
    const narrowed = await sys.post('ent/query/balance/apply/list', { cond: { channel: 0 }, page: { limit: 1, pageNum: 1 }, countBy: 'status' });
    expect(narrowed.data.tabCounts).toEqual(Object.fromEntries([...channel0.entries()].map(([status, h]) => [String(status), h.n])));
    // Only an enum search field is counted; without countBy nothing is added.
    expect((await sys.post('ent/query/balance/apply/list', { cond: {}, page: { limit: 1, pageNum: 1 }, countBy: 'applyNo' })).data.tabCounts).toBeUndefined();
    expect((await sys.post('ent/query/balance/apply/list', { cond: {}, page: { limit: 1, pageNum: 1 } })).data.tabCounts).toBeUndefined();
  });

  test('fields outside the split add every row: 成功金额 of orders', async () => {
    const answer = await sys.post('order/query/list', { cond: {}, page: { limit: 1, pageNum: 1 } });
    const rows = (await ctx.db.selectFrom('pay_order').select(['successFen']).execute()) as Array<{ successFen: number }>;
    expect(answer.data.summary.successAmount).toBe(formatFen(rows.reduce((s, r) => s + Number(r.successFen), 0)));
  });
});
