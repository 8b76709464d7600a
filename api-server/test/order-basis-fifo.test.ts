/**
 * Issue 21 items 11 and 12 on SQLite and PostgreSQL: one merchant has one monthly basis whichever role
 * it plays on a line (DOMAIN.md §2), and an enterprise's orders take their money in creation order
 * while other enterprises' orders go on (DOMAIN.md §4 FIFO per enterprise).
 */
import { formatFen } from '@flexpay/shared-utility/src/pure';
import { CompiledQuery, sql } from 'kysely';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { monthOf } from '../src/domain/order/service';
import { olderOpenQuery, OrderWorker } from '../src/domain/order/worker';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { goodTalents, readyTemp, row, type Talent } from './support/order';

process.env.FLEXPAY_SIM_DELAY_MS = '0';

describe.each(DIALECTS)('merchant basis and FIFO per enterprise on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  const ents: Record<'ENT0001' | 'ENT0002', { id: number; talents: Talent[] }> = { ENT0001: { id: 0, talents: [] }, ENT0002: { id: 0, talents: [] } };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr] = [ctx.client(), ctx.client()];
    for (const [c, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR]] as const) expect((await c.login(name, DEMO_PASSWORD)).code).toBe(0);
    for (const code of ['ENT0001', 'ENT0002'] as const) {
      const e = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', code).executeTakeFirstOrThrow();
      ents[code] = { id: e.id, talents: await goodTalents(ctx.db, e.id, e.supplierId) };
      expect(ents[code].talents.length).toBeGreaterThanOrEqual(3);
      // Orders go straight to the bank (no supplier review of the order).
      await ctx.db.updateTable('ent_config').set({ orderReview: 0 }).where('entId', '=', e.id).execute();
    }
  }, 120_000);
  afterAll(() => ctx.close());

  /** An order of an enterprise made by SYS (no payment code), priced at transOrder. */
  async function order(code: keyof typeof ents, amounts: string[]): Promise<string> {
    const { id, talents } = ents[code];
    const temp = await readyTemp(sys, spr, { entId: id, channel: 1, rows: amounts.map((a, i) => row(talents[i], a)) });
    const made = await sys.post('order/mgr/temp/transOrder', { id: temp });
    expect(made.code).toBe(0);
    return made.data.orderNo as string;
  }

  test('item 11: a parent merchant prices a line of its direct enterprise on the month volume of its subs’ lines too', async () => {
    const [parent, sub] = await Promise.all(['MER0001', 'MER0003'].map((c) => ctx.db.selectFrom('mercht').select(['id', 'parentId']).where('merchtCode', '=', c).executeTakeFirstOrThrow()));
    expect(sub.parentId).toBe(parent.id);
    const month = monthOf(Date.now());
    const volume = async (where: 'merchant' | 'any') =>
      Number(
        (
          await ctx.db
            .selectFrom('calc_fee_log')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountFen'), eb.lit(0)).as('fen'))
            .where('month', '=', month)
            .where((eb) => (where === 'merchant' ? eb('merchtId', '=', parent.id) : eb.or([eb('merchtId', '=', parent.id), eb('parentMerchtId', '=', parent.id)])))
            .executeTakeFirstOrThrow()
        ).fen,
      );
    const combined = await volume('any');
    // The parent's cost: 3 % below the combined volume after the sub's 100 000.00, 1 % from there.
    const fence = combined + 10_000_000;
    const ladder = [{ fence: '0.00', ratio: '3.0000' }, { fence: formatFen(fence), ratio: '1.0000' }];
    expect((await sys.post('mercht/mgr/feeConfig/update', { merchtId: parent.id, feePattern: 1, rounding: 0, ladder })).code).toBe(0);
    await ctx.db.updateTable('ent_config').set({ limitType: -1 }).where('entId', '=', ents.ENT0002.id).execute();
    // ENT0002 becomes an enterprise of the sub-merchant (the demo's own one has its cooperation suspended).
    await ctx.db.updateTable('ent').set({ merchtId: sub.id }).where('id', '=', ents.ENT0002.id).execute();

    const subOrder = await order('ENT0002', ['100000.00']);
    const subLine = await ctx.db.selectFrom('calc_fee_log').selectAll().where('orderNo', '=', subOrder).executeTakeFirstOrThrow();
    expect(subLine).toMatchObject({ merchtId: sub.id, parentMerchtId: parent.id });
    expect(Number(subLine.parentCostFen)).toBe(300_000); // 100 000.00 · 3 %, all below the fence
    expect(await volume('merchant')).toBeLessThan(fence);

    const directOrder = await order('ENT0001', ['1000.00']);
    const line = await ctx.db.selectFrom('calc_fee_log').selectAll().where('orderNo', '=', directOrder).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ merchtId: parent.id, parentMerchtId: null });
    // The combined basis is at the fence: the whole 1 000.00 pays 1 % (its direct volume alone would say 3 %).
    expect(Number(line.merchtCostFen)).toBe(1_000);
    expect(Number(line.entFeeFen)).toBe(Number(line.merchtProfitFen) + Number(line.supIncomeFen));
    expect(Number(line.supIncomeFen)).toBe(1_000);
  });

  /** Order numbers in the order their balance locks were written. */
  const lockOrder = async (orderNos: string[]) =>
    (await ctx.db.selectFrom('balance_log').select('bizNo').where('type', '=', 1).where('bizType', '=', 20).where('bizNo', 'in', orderNos).orderBy('id').execute()).map((l) => l.bizNo);
  const statusOf = async (orderNo: string) => (await ctx.db.selectFrom('pay_order').select('status').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()).status;

  test('item 12: a newer order of an enterprise never locks before an older one, even when the older one is not in the worker’s batch', async () => {
    const older = await order('ENT0001', ['11.00']);
    const newer = await order('ENT0001', ['12.00']);
    // The older one is not due yet (as if its step had been put off): the newer one still waits for it.
    await ctx.db.updateTable('pay_order').set({ nextRunAt: Date.now() + 600_000 }).where('orderNo', '=', older).execute();
    const worker = new OrderWorker({ db: ctx.db, dialect, pollMs: 10 });
    await worker.drain();
    expect(await lockOrder([older, newer])).toEqual([older, newer]);
    expect([await statusOf(older), await statusOf(newer)]).toEqual([62, 62]);
  });

  test('item 12: two workers at once keep each enterprise’s creation order; the orders of two enterprises both finish', async () => {
    const a = [await order('ENT0001', ['1.01']), await order('ENT0002', ['2.01']), await order('ENT0001', ['1.02']), await order('ENT0002', ['2.02']), await order('ENT0001', ['1.03'])];
    const workers = [new OrderWorker({ db: ctx.db, dialect, pollMs: 5 }), new OrderWorker({ db: ctx.db, dialect, pollMs: 5 })];
    await Promise.all(workers.map((w) => w.drain()));
    expect(await lockOrder([a[0], a[2], a[4]])).toEqual([a[0], a[2], a[4]]);
    expect(await lockOrder([a[1], a[3]])).toEqual([a[1], a[3]]);
    for (const no of a) expect(await statusOf(no)).toBe(62);
  });

  if (dialect === 'postgres')
    test('item 12: while another process holds an enterprise’s older order, its newer one waits and another enterprise’s order runs', async () => {
      const olderA = await order('ENT0001', ['21.00']);
      const newerA = await order('ENT0001', ['22.00']);
      const other = await order('ENT0002', ['23.00']);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = ctx.db.transaction().execute(async (trx) => {
        await trx.selectFrom('pay_order').select('id').where('orderNo', '=', olderA).forUpdate().execute();
        locked();
        await held;
      });
      await isLocked;
      try {
        await new OrderWorker({ db: ctx.db, dialect, pollMs: 5 }).drain();
        expect(await statusOf(other)).toBe(62);
        expect([await statusOf(olderA), await statusOf(newerA)]).toEqual([0, 0]);
      } finally {
        release();
        await holder;
      }
      await new OrderWorker({ db: ctx.db, dialect, pollMs: 5 }).drain();
      expect(await lockOrder([olderA, newerA])).toEqual([olderA, newerA]);
    });

  test('item 12: the look-up of an enterprise’s older open order reads the partial index pay_order_ent_open_idx', async () => {
    const probe = olderOpenQuery(ctx.db, { id: 1_000_000, entId: ents.ENT0001.id }).compile();
    const plan = await ctx.db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off`.execute(trx);
      const explain = dialect === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
      return JSON.stringify((await trx.executeQuery(CompiledQuery.raw(explain + probe.sql, [...probe.parameters]))).rows);
    });
    expect(plan).toContain('pay_order_ent_open_idx');
    expect(await olderOpenQuery(ctx.db, { id: 1, entId: ents.ENT0001.id }).executeTakeFirst()).toBeUndefined();
  });
});
