import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { FEE_MESSAGES, priceLine, readFeeConfig, splitFee } from '@flexpay/shared-utility/src/pure';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const PAGE = { limit: 100, pageNum: 1 };
type Rec = Record<string, unknown>;

describe.each(DIALECTS)('fees on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    for (const e of await ctx.db.selectFrom('ent').select(['id', 'entCode']).execute()) ids[e.entCode] = e.id;
    for (const m of await ctx.db.selectFrom('mercht').select(['id', 'merchtCode']).execute()) ids[m.merchtCode] = m.id;
  });
  afterAll(() => ctx.close());

  const list = (client: SignedClient, path: string, cond: Rec = {}) => client.post(path, { cond, page: PAGE });
  const codes = (answer: { data: { records: Rec[] } }, field: string) => answer.data.records.map((r) => r[field]).sort();

  describe('statistics (before any config changes)', () => {
    test('every charge row is the engine’s price and split; months sum the rows; entFee = Σ profits + supIncome', async () => {
      const logs = await ctx.db.selectFrom('calc_fee_log').selectAll().orderBy('id').execute();
      expect(logs.length).toBeGreaterThan(20);
      const prices = new Map((await ctx.db.selectFrom('ent_fee_config').selectAll().execute()).map((c) => [c.entId, c]));
      const costs = new Map((await ctx.db.selectFrom('mercht_fee_config').selectAll().execute()).map((c) => [c.merchtId, c]));
      const config = (row: Rec) => {
        const read = readFeeConfig({ feePattern: row.feePattern, rounding: row.rounding, ratio: row.ratio as number | null, ladder: row.ladder ? JSON.parse(String(row.ladder)) : null });
        if ('error' in read) throw new Error(read.error);
        return read.config;
      };
      const expected = new Map<string, { entFee: number; amount: number; lines: number }>();
      for (const log of logs) {
        expect(log.entFeeFen).toBe(log.merchtProfitFen + (log.parentProfitFen ?? 0) + log.supIncomeFen);
        const sign = log.kind === 10 ? 1 : -1;
        const price = prices.get(log.entId)!;
        const fee = priceLine({ ...config(price), calcMode: price.calcMode as 0 | 1, basisBeforeFen: log.basisBeforeFen, amountFen: sign * log.amountFen }).feeFen;
        expect(sign * log.entFeeFen).toBe(fee);
        const split = splitFee({ entFeeFen: fee, amountFen: sign * log.amountFen, merchant: { config: config(costs.get(log.merchtId)!), basisBeforeFen: 0 }, parent: null });
        if (costs.get(log.merchtId)!.feePattern === 0) expect(sign * log.merchtCostFen).toBe(split.merchtCostFen);
        const key = `${log.entId}:${log.month}`;
        const sum = expected.get(key) ?? { entFee: 0, amount: 0, lines: 0 };
        expected.set(key, { entFee: sum.entFee + log.entFeeFen, amount: sum.amount + log.amountFen, lines: sum.lines + sign });
      }
      const answer = await list(sys, 'ent/query/feeStats/list');
      expect(answer.data.total).toBe(expected.size);
      for (const r of answer.data.records as Rec[]) {
        const sum = expected.get(String(r.statKey))!;
        expect([r.entFee, r.amount, r.lineCount]).toEqual([(sum.entFee / 100).toFixed(2), (sum.amount / 100).toFixed(2), sum.lines]);
        const fen = (v: unknown) => Math.round(Number(v) * 100);
        expect(fen(r.entFee)).toBe(fen(r.merchtProfit) + fen(r.parentProfit) + fen(r.supIncome));
      }
      const sums = await sys.post('ent/query/feeStats/customSumByRange', { cond: {} });
      expect(sums.code).toBe(0);
      expect(sums.data.total.entFee).toBe(answer.data.summary.entFee);
      expect(sums.data.months.map((m: Rec) => m.month)).toEqual([...new Set(logs.map((l) => l.month))].sort());
    });

    test('scope: SPR and MER see their enterprises’ months, ENT its own without the merchants’ profits', async () => {
      expect(codes(await list(spr, 'ent/query/feeStats/list'), 'entId')).not.toContain(ids.ENT0003);
      const own = await list(ent, 'ent/query/feeStats/list');
      expect(own.code).toBe(0);
      expect(own.data.records.length).toBeGreaterThan(0);
      for (const r of own.data.records as Rec[]) {
        expect([ids.ENT0001, ids.ENT0005]).toContain(r.entId);
        expect(r).not.toHaveProperty('merchtProfit');
        expect(r).not.toHaveProperty('supIncome');
      }
      expect(Object.keys(own.data.summary).sort()).toEqual(['amount', 'entFee']);
      expect((await ent.post('ent/query/feeStats/genExportExcelToken', { cond: {} })).code).toBe(0);
      // A merchant's months: income − cost = profit; MER sees its own (own) or its subs'.
      const months = await list(sys, 'mercht/query/feeStats/list');
      for (const r of months.data.records as Rec[]) expect(Math.round(Number(r.income) * 100) - Math.round(Number(r.cost) * 100)).toBe(Math.round(Number(r.profit) * 100));
      expect(new Set(codes(await list(mer, 'mercht/query/feeStats/list', { own: true }), 'merchtId'))).toEqual(new Set([ids.MER0001]));
      expect(codes(await list(mer, 'mercht/query/feeStats/list'), 'merchtId').every((id) => id === ids.MER0003)).toBe(true);
      expect((await list(ent, 'mercht/query/feeStats/list')).code).toBe(3001);
    });
  });

  describe('enterprise prices', () => {
    const perPerson = { feePattern: 2, calcMode: 0, rounding: 0, ladder: [{ fence: '0', ratio: '6' }, { fence: '30000', ratio: '5.5' }] };

    test('lists by scope; SYS/SPR write, MER and ENT read only', async () => {
      expect(codes(await list(sys, 'ent/query/feeConfig/list'), 'entId')).toHaveLength(5);
      expect(codes(await list(spr, 'ent/query/feeConfig/list'), 'entId')).not.toContain(ids.ENT0003);
      const own = await list(ent, 'ent/query/feeConfig/list');
      expect(codes(own, 'entId')).toEqual([ids.ENT0001, ids.ENT0005].sort());
      expect(own.data.records[0]._actions).toEqual([]);
      const bySys = await sys.post('ent/query/feeConfig/get', { entId: ids.ENT0001 });
      expect(bySys.data).toMatchObject({ entId: ids.ENT0001, feePattern: 1, calcMode: 0, rounding: 0, ratio: null, ladder: [{ fence: '0.00', ratio: '7.0000' }, { fence: '100000.00', ratio: '6.0000' }, { fence: '500000.00', ratio: '5.0000' }] });
      expect(bySys.data._actions).toEqual(['delete', 'update']);
      for (const client of [mer, ent]) expect((await client.post('ent/mgr/feeConfig/update', { entId: ids.ENT0001, ...perPerson })).code).toBe(3001);
      expect((await ent.post('ent/mgr/feeConfig/reset', { entId: ids.ENT0001 })).code).toBe(3001);
      expect((await spr.post('ent/mgr/feeConfig/update', { entId: ids.ENT0003, ...perPerson })).code).toBe(3002);
      expect((await ent.post('ent/query/feeConfig/get', { entId: ids.ENT0003 })).code).toBe(3002);
    });

    test('SYS saves a per-person ladder, normalised; the ladder rules answer their messages', async () => {
      const saved = await sys.post('ent/mgr/feeConfig/update', { entId: ids.ENT0001, ...perPerson, ratio: '9' });
      expect(saved.code).toBe(0);
      expect(saved.data).toMatchObject({ feePattern: 2, ratio: null, ladder: [{ fence: '0.00', ratio: '6.0000' }, { fence: '30000.00', ratio: '5.5000' }] });
      const refusals: Array<[unknown, string]> = [
        [[{ fence: '100', ratio: '5' }], FEE_MESSAGES.ladderStart],
        [[{ fence: '0', ratio: '5' }, { fence: '100', ratio: '4' }, { fence: '100', ratio: '3' }], FEE_MESSAGES.ladderIncreasing],
        [[{ fence: '0', ratio: '100.0001' }], FEE_MESSAGES.ratioRange],
        [Array.from({ length: 21 }, (_, i) => ({ fence: String(i * 100), ratio: '5' })), FEE_MESSAGES.ladderTooLong],
        [[], FEE_MESSAGES.ladderRequired],
        [[{ fence: 'abc', ratio: '5' }], FEE_MESSAGES.ladderFormat],
        [[null], FEE_MESSAGES.ladderFormat],
      ];
      for (const [ladder, message] of refusals) expect(await sys.post('ent/mgr/feeConfig/update', { entId: ids.ENT0001, ...perPerson, ladder })).toMatchObject({ code: 1001, message });
      expect(await sys.post('ent/mgr/feeConfig/update', { entId: ids.ENT0001, feePattern: 0, calcMode: 0, rounding: 0, ratio: null })).toMatchObject({ code: 1001, message: FEE_MESSAGES.ratioRange });
    });

    test('calc mode follows the effective contract; a fixed price may not undercut the merchant’s cost', async () => {
      expect(await sys.post('ent/mgr/feeConfig/update', { entId: ids.ENT0001, ...perPerson, calcMode: 1 })).toMatchObject({ code: 1001, message: FEE_MESSAGES.calcModeMismatch });
      expect(await spr.post('ent/mgr/feeConfig/update', { entId: ids.ENT0002, feePattern: 0, calcMode: 0, rounding: 0, ratio: '6.5' })).toMatchObject({ code: 1001, message: FEE_MESSAGES.calcModeMismatch });
      // ENT0004 (under MER0003, cost 5.5 %) has no contract in force: any mode, but not below 5.5 %.
      expect(await spr.post('ent/mgr/feeConfig/update', { entId: ids.ENT0004, feePattern: 0, calcMode: 1, rounding: 0, ratio: '5.4999' })).toMatchObject({ code: 1001, message: FEE_MESSAGES.belowMerchantCost });
      expect((await spr.post('ent/mgr/feeConfig/update', { entId: ids.ENT0004, feePattern: 0, calcMode: 1, rounding: 0, ratio: '5.5' })).code).toBe(0);
      expect(await sys.post('mercht/mgr/feeConfig/update', { merchtId: ids.MER0003, feePattern: 0, rounding: 0, ratio: '5.6' })).toMatchObject({ code: 1001, message: FEE_MESSAGES.belowMerchantCost });
    });

    test('a contract in force saved against the price’s calc mode is refused', async () => {
      const contract = await ctx.db.selectFrom('ent_contract').select('id').where('entId', '=', ids.ENT0001).where('category', '=', 0).where('status', '=', 0).executeTakeFirstOrThrow();
      expect(await spr.post('contract/ent/mgr/update', { id: contract.id, contractType: 20 })).toMatchObject({ code: 1001, message: FEE_MESSAGES.calcModeMismatch });
      expect((await ctx.db.selectFrom('ent_contract').select('contractType').where('id', '=', contract.id).executeTakeFirstOrThrow()).contractType).toBe(10);
    });

    test('reset removes the price; update creates it again', async () => {
      expect((await spr.post('ent/mgr/feeConfig/reset', { entId: ids.ENT0002 })).code).toBe(0);
      expect((await spr.post('ent/query/feeConfig/get', { entId: ids.ENT0002 })).code).toBe(1004);
      const again = await spr.post('ent/mgr/feeConfig/update', { entId: ids.ENT0002, feePattern: 1, calcMode: 1, rounding: 2, ladder: [{ fence: '0', ratio: '7' }] });
      expect(again.code).toBe(0);
      expect((await spr.post('ent/query/feeConfig/get', { entId: ids.ENT0002 })).data).toMatchObject({ feePattern: 1, calcMode: 1, rounding: 2, merchtId: ids.MER0001 });
    });
  });

  describe('merchant costs', () => {
    test('MER reads its own and sets its subs’; SYS/SPR set any in scope; ENT is refused', async () => {
      const own = await list(mer, 'mercht/query/feeConfig/list', { own: true });
      expect(codes(own, 'merchtId')).toEqual([ids.MER0001]);
      expect(own.data.records[0]._actions).toEqual([]);
      const subs = await list(mer, 'mercht/query/feeConfig/list');
      expect(codes(subs, 'merchtId')).toEqual([ids.MER0003]);
      expect(subs.data.records[0]._actions).toEqual(['delete', 'update']);
      expect((await mer.post('mercht/mgr/feeConfig/update', { merchtId: ids.MER0001, feePattern: 0, rounding: 0, ratio: '1' })).code).toBe(3001);
      expect((await mer.post('mercht/mgr/feeConfig/reset', { merchtId: ids.MER0001 })).code).toBe(3001);
      expect((await mer.post('mercht/mgr/feeConfig/update', { merchtId: ids.MER0002, feePattern: 0, rounding: 0, ratio: '1' })).code).toBe(3002);
      const set = await mer.post('mercht/mgr/feeConfig/update', { merchtId: ids.MER0003, feePattern: 1, rounding: 1, ladder: [{ fence: '0', ratio: '5.5' }, { fence: '200000', ratio: '5' }] });
      expect(set.code).toBe(0);
      expect(set.data.ladder).toEqual([{ fence: '0.00', ratio: '5.5000' }, { fence: '200000.00', ratio: '5.0000' }]);
      expect((await spr.post('mercht/mgr/feeConfig/update', { merchtId: ids.MER0002, feePattern: 0, rounding: 0, ratio: '1' })).code).toBe(3002);
      expect((await sys.post('mercht/mgr/feeConfig/update', { merchtId: ids.MER0002, feePattern: 0, rounding: 0, ratio: '4.8' })).code).toBe(0);
      expect(codes(await list(sys, 'mercht/query/feeConfig/list'), 'merchtId')).toHaveLength(3);
      expect((await list(ent, 'mercht/query/feeConfig/list')).code).toBe(3001);
      expect(await mer.post('mercht/mgr/feeConfig/update', { merchtId: ids.MER0003, feePattern: 2, rounding: 0, ladder: [{ fence: '5', ratio: '5' }] })).toMatchObject({ code: 1001, message: FEE_MESSAGES.ladderStart });
    });

    test('a merchant without a cost of its own still may not create one (3001), and nothing is stored', async () => {
      await ctx.db.deleteFrom('mercht_fee_config').where('merchtId', '=', ids.MER0001).execute();
      expect((await mer.post('mercht/mgr/feeConfig/update', { merchtId: ids.MER0001, feePattern: 0, rounding: 0, ratio: '1' })).code).toBe(3001);
      expect(await ctx.db.selectFrom('mercht_fee_config').select('merchtId').where('merchtId', '=', ids.MER0001).execute()).toEqual([]);
    });
  });
});
