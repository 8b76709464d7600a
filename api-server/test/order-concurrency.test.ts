/**
 * Issue 10: the worker under failure and concurrency, on SQLite and PostgreSQL — a worker dying
 * between lock and submit, between submit and its status, and in the middle of applying results
 * resumes without a second lock, payment or ledger row; 20 orders for one person at once respect
 * the monthly limit; two workers over separate pools process 50 orders, each exactly once; the
 * demo's orders keep the invariants.
 */
import { sql } from 'kysely';
import { openPostgres } from '../src/db/connect';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { type CrashPoint, OrderWorker, WorkerCrash } from '../src/domain/order/worker';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { checkInvariants, goodTalents, readyTemp, row, type Talent } from './support/order';

process.env.FLEXPAY_SIM_DELAY_MS = '0';

describe.each(DIALECTS)('order worker under failure and concurrency on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let entId: number;
  let talents: Talent[];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    sys = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    const e = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
    entId = e.id;
    talents = await goodTalents(ctx.db, entId, e.supplierId);
    // SYS orders for the enterprise without the temp-order review step.
    await ctx.db.updateTable('ent_config').set({ tempOrderReview: 0 }).where('entId', '=', entId).execute();
    await ctx.db.updateTable('ent_account').set({ availableFen: sql`"availableFen"` }).execute();
  }, 180_000);
  afterAll(() => ctx.close());

  async function order(rows: Array<Record<string, unknown>>, channel = 1): Promise<string> {
    const id = await readyTemp(sys, null, { entId, channel, rows });
    const answer = await sys.post('order/mgr/temp/transOrder', { id });
    expect(answer.code).toBe(0);
    return answer.data.orderNo as string;
  }

  const ledgerOf = (orderNo: string) => ctx.db.selectFrom('balance_log').select(['type', 'amountFen']).where('bizNo', '=', orderNo).execute();

  test('the demo orders that ended keep every invariant', async () => {
    const ended = await ctx.db.selectFrom('pay_order').select('orderNo').where('status', 'in', [24, 62, 162, 64]).execute();
    expect(ended.length).toBeGreaterThanOrEqual(6);
    await checkInvariants(ctx.db, ended.map((o) => o.orderNo));
  });

  test.each<CrashPoint>(['afterLock', 'afterSubmitCall', 'duringResults'])('a worker dying %s leaves nothing done twice', async (point) => {
    const orderNo = await order([row(talents[0], '111.11'), row({ ...talents[1], account: '6222020000000019999' }, '222.22'), row(talents[2], '333.33')]);
    await expect(new OrderWorker({ db: ctx.db, dialect, crashAt: point }).drain()).rejects.toBeInstanceOf(WorkerCrash);
    await new OrderWorker({ db: ctx.db, dialect }).drain();
    const o = await ctx.db.selectFrom('pay_order').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
    expect(o.status).toBe(162);
    const moves = await ledgerOf(orderNo);
    expect(moves.filter((m) => m.type === 1)).toHaveLength(1);
    expect(moves.filter((m) => m.type === 3)).toHaveLength(2);
    expect(moves.filter((m) => m.type === 2)).toHaveLength(1);
    expect(await ctx.db.selectFrom('sim_bank_txn').select('serialNo').where('orderNo', '=', orderNo).execute()).toHaveLength(3);
    expect((await ctx.db.selectFrom('calc_fee_log').select('id').where('orderNo', '=', orderNo).where('kind', '=', 20).execute()).length).toBe(1);
    await checkInvariants(ctx.db, [orderNo]);
  });

  test('20 orders for one person at once never exceed the monthly limit together', async () => {
    const person = talents[3];
    const used = await ctx.db
      .selectFrom('order_detail as d')
      .innerJoin('pay_order as o', 'o.id', 'd.orderId')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('d.amountFen'), eb.lit(0)).as('fen'))
      .where('d.idNumber', '=', person.idNumber)
      .where('d.month', '=', new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7))
      .where((eb) => eb.or([eb('d.status', 'in', [10, 20]), eb.and([eb('d.status', '=', 0), eb('o.status', '!=', 12)])]))
      .executeTakeFirstOrThrow();
    const monthly = Number(used.fen) + 300_000;
    await ctx.db.updateTable('ent_config').set({ limitType: 1, singleLimitFen: 100_000, monthlyLimitFen: monthly }).where('entId', '=', entId).execute();
    const temps: number[] = [];
    for (let i = 0; i < 20; i++) temps.push(await readyTemp(sys, null, { entId, channel: 1, rows: [row(person, '500.00')] }));
    const answers = await Promise.all(temps.map((id) => sys.post('order/mgr/temp/transOrder', { id })));
    const made = answers.filter((a) => a.code === 0).map((a) => a.data.orderNo as string);
    expect(made).toHaveLength(6);
    for (const refused of answers.filter((a) => a.code !== 0)) expect(refused.message).toBe('存在1条异常明细，请修改或删除后再提交');
    const rowErrors = await ctx.db.selectFrom('temp_order_detail').select('errorMsg').where('tempOrderId', 'in', temps).where('errorType', '=', 200).execute();
    expect(rowErrors).toHaveLength(14);
    expect(rowErrors[0].errorMsg).toMatch(/^超出本月个人限额[\d.]+元$/);
    await new OrderWorker({ db: ctx.db, dialect }).drain();
    await checkInvariants(ctx.db, made);
    await ctx.db.updateTable('ent_config').set({ limitType: 0, singleLimitFen: null, monthlyLimitFen: null }).where('entId', '=', entId).execute();
  }, 120_000);

  if (dialect === 'postgres')
    test('two workers over separate pools process 50 orders concurrently, each exactly once', async () => {
      const orderNos: string[] = [];
      for (let i = 0; i < 50; i++) orderNos.push(await order([row(talents[4 + (i % 4)], '10.00'), row(talents[(i + 1) % 4], '20.00')]));
      const name = (await sql<{ db: string }>`select current_database() as db`.execute(ctx.db)).rows[0].db;
      const url = new URL(process.env.FLEXPAY_TEST_PG_URL!);
      url.pathname = `/${name}`;
      const other = openPostgres(url.toString()).db;
      try {
        const a = new OrderWorker({ db: ctx.db, dialect });
        const b = new OrderWorker({ db: other, dialect });
        const steps = { a: 0, b: 0 };
        const open = async () => Number((await ctx.db.selectFrom('pay_order').select((eb) => eb.fn.countAll<number>().as('n')).where('orderNo', 'in', orderNos).where('status', 'not in', [24, 62, 162, 64]).executeTakeFirstOrThrow()).n);
        // Both step until every order ended (a worker finding nothing due waits a moment, as its poll would):
        // one enterprise's orders lock one at a time (FIFO), their later steps spread over both.
        const run = async (w: OrderWorker, key: 'a' | 'b') => {
          while ((await open()) > 0) {
            if (await w.runOnce()) steps[key] += 1;
            else await new Promise((r) => setTimeout(r, 5));
          }
        };
        await Promise.all([run(a, 'a'), run(b, 'b')]);
        expect(steps.a).toBeGreaterThan(0);
        expect(steps.b).toBeGreaterThan(0);
        const locks = await ctx.db.selectFrom('balance_log').select('bizNo').where('type', '=', 1).where('bizNo', 'in', orderNos).orderBy('id').execute();
        expect(locks.map((l) => l.bizNo)).toEqual(orderNos);
        for (const orderNo of orderNos) {
          const moves = await ledgerOf(orderNo);
          expect(moves.filter((m) => m.type === 1)).toHaveLength(1);
          expect(moves.filter((m) => m.type === 3)).toHaveLength(2);
          const trail = await ctx.db.selectFrom('audit_log').select('action').where('entity', '=', 'payOrder').where('entityId', '=', orderNo).execute();
          for (const action of ['startPreprocess', 'locked', 'submitted', 'channelAck', 'finished']) expect(trail.filter((t) => t.action === action)).toHaveLength(1);
        }
        await checkInvariants(ctx.db, orderNos);
      } finally {
        await other.destroy();
      }
    }, 300_000);
});
