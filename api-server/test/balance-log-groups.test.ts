/**
 * 收支记录(简) (ent/query/balance/log/simpleList) on both dialects (issue 13): the page is built from
 * each group's last move and sums only the page's groups; it must answer what grouping the whole
 * filtered ledger answers — the same lines, sums and order on every page, under every filter — and
 * count the groups exactly up to the kit's cap, estimating above it like every kit list.
 */
import { formatFen } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { EXACT_TOTAL_CAP } from '../src/resource/entity-resource';
import { formatDateTime } from '../src/util/time';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const ROUTE = 'ent/query/balance/log/simpleList';
const T0 = 1_760_000_000_000;

interface Move {
  id: number;
  entId: number;
  channel: number;
  type: number;
  amountFen: number;
  bizType: number;
  bizNo: string;
  createdAt: number;
}

describe.each(DIALECTS)('收支记录(简) on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let ents: number[];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    sys = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    ents = (await ctx.db.selectFrom('ent').select('id').orderBy('id').limit(2).execute()).map((e) => e.id);
    // Groups that share a bizNo across enterprises, channels and business types, moves of one group far
    // apart in id order (interleaved with others), and groups of a single move.
    const rows: Array<Omit<Move, 'id'> & { availBeforeFen: number; availAfterFen: number; lockedBeforeFen: number; lockedAfterFen: number; operatorName: string }> = [];
    for (let i = 0; i < 60; i += 1) {
      const bizNo = `GT${String(i % 17).padStart(4, '0')}`;
      rows.push({
        entId: ents[i % 2],
        channel: i % 3 === 0 ? 1 : 0,
        type: i % 4,
        amountFen: 100 + i * 7,
        bizType: i % 5 === 0 ? 30 : 20,
        bizNo,
        createdAt: T0 + ((i * 37) % 60) * 3_600_000,
        availBeforeFen: 0,
        availAfterFen: 0,
        lockedBeforeFen: 0,
        lockedAfterFen: 0,
        operatorName: '测试',
      });
    }
    await ctx.db.insertInto('balance_log').values(rows).execute();
  }, 60_000);
  afterAll(async () => ctx.close());

  /** Grouping the whole filtered ledger, newest last move first: what the list answered before issue 13. */
  async function reference(filter: (m: Move) => boolean) {
    const moves = (await ctx.db.selectFrom('balance_log').select(['id', 'entId', 'channel', 'type', 'amountFen', 'bizType', 'bizNo', 'createdAt']).execute()).map((m) => ({
      ...m,
      amountFen: Number(m.amountFen),
      createdAt: Number(m.createdAt),
    })) as Move[];
    const groups = new Map<string, Move[]>();
    for (const m of moves.filter(filter)) {
      const key = [m.entId, m.channel, m.bizType, m.bizNo].join('|');
      groups.set(key, [...(groups.get(key) ?? []), m]);
    }
    return [...groups.values()]
      .map((g) => {
        const sum = (type: number) => g.filter((m) => m.type === type).reduce((s, m) => s + m.amountFen, 0);
        const [added, locked, unlocked, deducted] = [0, 1, 2, 3].map(sum);
        const last = g.reduce((a, b) => (b.id > a.id ? b : a));
        return {
          last,
          line: {
            entId: g[0].entId,
            channel: g[0].channel,
            bizType: g[0].bizType,
            bizNo: g[0].bizNo,
            added: formatFen(added),
            locked: formatFen(locked),
            unlocked: formatFen(unlocked),
            deducted: formatFen(deducted),
            outstanding: formatFen(locked - unlocked - deducted),
            rowCount: g.length,
            firstAt: formatDateTime(Math.min(...g.map((m) => m.createdAt))),
            lastAt: formatDateTime(Math.max(...g.map((m) => m.createdAt))),
          },
        };
      })
      // The group's last move (its highest id), newest first by its time then id, as the moves list sorts.
      .sort((a, b) => b.last.createdAt - a.last.createdAt || b.last.id - a.last.id)
      .map((g) => g.line);
  }

  const strip = (records: Array<Record<string, unknown>>) => records.map(({ entName: _n, channelName: _c, ...rest }) => rest);

  test.each([
    ['no filter', {}, () => true],
    ['one enterprise', { entId: 'first' }, (m: Move, first: number) => m.entId === first],
    ['one channel and business type', { channel: 0, bizType: 20 }, (m: Move) => m.channel === 0 && m.bizType === 20],
    ['one business number', { bizNo: 'GT0003' }, (m: Move) => m.bizNo === 'GT0003'],
    ['a time range', { createdAt: 'range' }, (m: Move) => m.createdAt >= T0 + 10 * 3_600_000 && m.createdAt <= T0 + 40 * 3_600_000],
  ] as Array<[string, Record<string, unknown>, (m: Move, first: number) => boolean]>)('%s: every page equals grouping the filtered ledger', async (_label, raw, filter) => {
    const cond: Record<string, unknown> = { ...raw };
    if (cond.entId === 'first') cond.entId = ents[0];
    if (cond.createdAt === 'range') cond.createdAt = [formatDateTime(T0 + 10 * 3_600_000), formatDateTime(T0 + 40 * 3_600_000)];
    const expected = await reference((m) => filter(m, ents[0]));
    expect(expected.length).toBeGreaterThan(0);
    const limit = 7;
    const seen: Array<Record<string, unknown>> = [];
    for (let pageNum = 1; pageNum <= Math.ceil(expected.length / limit) + 1; pageNum += 1) {
      const answer = await sys.post(ROUTE, { cond, page: { limit, pageNum } });
      expect(answer.code).toBe(0);
      expect(answer.data.total).toBe(expected.length);
      expect(answer.data.totalKind).toBeUndefined();
      seen.push(...strip(answer.data.records));
    }
    expect(seen).toEqual(expected);
  });

  test('lines carry the enterprise and channel names', async () => {
    const answer = await sys.post(ROUTE, { cond: { bizNo: 'GT0001' }, page: { limit: 20, pageNum: 1 } });
    for (const r of answer.data.records) expect(r).toEqual(expect.objectContaining({ entName: expect.any(String), channelName: expect.any(String) }));
  });

  test('above the cap the number of lines is estimated (PostgreSQL) or said to be at least the cap (SQLite)', async () => {
    const rows = Array.from({ length: EXACT_TOTAL_CAP + 5 }, (_, i) => ({
      entId: ents[1],
      channel: 0,
      type: 0,
      amountFen: 1,
      bizType: 10,
      bizNo: `CAP${String(i).padStart(6, '0')}`,
      // The newest moves of the ledger, after the demo's.
      createdAt: Date.now() + 86_400_000,
      availBeforeFen: 0,
      availAfterFen: 0,
      lockedBeforeFen: 0,
      lockedAfterFen: 0,
      operatorName: '测试',
    }));
    for (let i = 0; i < rows.length; i += 1000) await ctx.db.insertInto('balance_log').values(rows.slice(i, i + 1000)).execute();
    const answer = await sys.post(ROUTE, { cond: {}, page: { limit: 20, pageNum: 1 } });
    expect(answer.data.records).toHaveLength(20);
    expect(answer.data.records[0]).toMatchObject({ bizNo: `CAP${String(EXACT_TOTAL_CAP + 4).padStart(6, '0')}`, rowCount: 1 });
    if (dialect === 'postgres') expect(answer.data).toMatchObject({ totalKind: 'estimate', total: expect.any(Number) });
    else expect(answer.data).toMatchObject({ totalKind: 'atLeast', total: EXACT_TOTAL_CAP });
    expect(answer.data.total).toBeGreaterThan(EXACT_TOTAL_CAP - 1);
    // A filter that leaves fewer lines than the cap is counted exactly again.
    const narrow = await sys.post(ROUTE, { cond: { bizType: 20 }, page: { limit: 20, pageNum: 1 } });
    expect(narrow.data.totalKind).toBeUndefined();
    expect(narrow.data.total).toBe((await reference((m) => m.bizType === 20)).length);
  }, 60_000);
});
