/**
 * The order worker (DOMAIN.md §4 "Order"): runs inside the server process and uses the database as
 * its queue. Each step takes one order in a working status whose `nextRunAt` has come, moves it on
 * and commits — one transaction per step, guarded by the status it started from, so a crash at any
 * point leaves the order in a state the next run resumes:
 *
 *   0 → 10      taken in id order
 *   10 → 12     a row check, a gate or the all-or-nothing lock fails (nothing locked)
 *
 * FIFO per enterprise (DOMAIN.md §4): an order in 0 or 10 steps only when no older order of its
 * enterprise is in 0 or 10 — checked after the claim, so a newer order never locks balance before an
 * older one (the older one leaves 10 only by committing its lock or its failure). A step that finds its
 * order behind an older one steps that one instead; other enterprises' orders run side by side.
 * The steps that follow:
 *   10 → 20/50  Σlock locked in one ledger row; review needed (channel 0 or orderReview) or not
 *   50 → 52/54  the channel adapter took the lines (details 0 → 10) or refused the batch
 *   52 → 60     the channel acknowledged (bank channels; on manual ones the first manual result)
 *   60 → …      results applied in chunks: success deducts the line's lock, failure unlocks it and
 *               reverses its fee; the last line moves the order to 62 / 162 / 64
 *
 * On PostgreSQL several processes run workers at once: a step claims its order with
 * `FOR UPDATE SKIP LOCKED`, so no order is stepped twice at the same time; the adapter call of a
 * submit happens before the step's transaction and is idempotent by serialNo (orderNo-rowNo), so two
 * processes submitting the same order pay each line once. A line's result moves the line with
 * `WHERE status = 10` in the transaction that moves its money: applied twice, it moves nothing twice.
 */
import { PAYOUT_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { BALANCE_MESSAGES, lockedOrderStatus, recheckedLines, recheckOf } from '@flexpay/shared-utility/src/pure/rules/server';
import { sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import { ApiError, refusalOf } from '../../http/envelope';
import { payoutAdapterFor, type SubmitAnswer } from '../../providers/channel-adapter';
import { BizType, moveBalance } from '../ent/ledger';
import { OPEN_ORDER_SQL, WORKER_QUEUE_SQL } from '../../db/order-queue';
import { whereEach } from '../../resource/batch';
import { lockRow } from '../../resource/lock';
import { startPeriodic } from '../../resource/periodic';
import { checkRows, type Db, entContext, lockPeople, orderGateRefusal, recordProgress, SYSTEM_OPERATOR } from './service';
import { finishIfResolved, moveOrder, type OrderHead, settleLines } from './settle';

/** The worker's poll: a batch of the orders due at `now`, oldest due first. */
export function dueOrders(db: Db, now: number) {
  return db
    .selectFrom('pay_order')
    .select(['id', 'status'])
    .where(sql.raw<boolean>(WORKER_QUEUE_SQL))
    .where('nextRunAt', '<=', now)
    .orderBy('nextRunAt')
    .orderBy('id')
    .limit(16);
}

/**
 * The oldest order of the same enterprise still in 0 or 10 before this one, if any (the partial index
 * pay_order_ent_open_idx: the condition is the index's own constant SQL). Read after the claim, in a
 * statement of its own: on PostgreSQL it sees every order committed by then, so an older order seen
 * in 10 is still on its way to its lock, and one not seen has committed its lock or its failure.
 */
export function olderOpenQuery(trx: Db, order: { id: number; entId: number }) {
  return trx
    .selectFrom('pay_order')
    .select(['id', 'status'])
    .where('entId', '=', order.entId)
    .where(sql.raw<boolean>(OPEN_ORDER_SQL))
    .where('id', '<', order.id)
    .orderBy('entId')
    .orderBy('id')
    .limit(1);
}

export type CrashPoint = 'afterLock' | 'afterSubmitCall' | 'duringResults';

/** What a worker takes unless told: its clock, the idle wait between polls (ms), the result lines applied per transaction, the channels' adapters. */
const DEFAULTS = { now: Date.now, pollMs: 200, chunk: 1000, adapterFor: payoutAdapterFor };

/** `crashAt` (tests): throw at a point to simulate a process dying there. */
export type WorkerOptions = { db: Db; dialect: DialectName; crashAt?: CrashPoint } & Partial<typeof DEFAULTS>;

export class WorkerCrash extends Error {}

/** The columns a step reads of its claimed order. */
const CLAIMED = ['id', 'orderNo', 'entId', 'status', 'payChannel', 'tempOrderNo', 'lockFen'] as const;
type OrderRow = OrderHead & { tempOrderNo: string | null; lockFen: number };

export class OrderWorker {
  private readonly o: WorkerOptions & typeof DEFAULTS;
  private turn = Math.floor(Math.random() * 16);

  constructor(options: WorkerOptions) {
    this.o = { ...DEFAULTS, ...options };
  }

  /**
   * Steps while orders are due, then polls every pollMs (the kit's periodic timer) until stopped. A failed step
   * rolled back: the order stays where it was and is tried again at the next poll.
   */
  start(): { stop(): Promise<void> } {
    const stop = startPeriodic(async (going) => {
      while (going() && (await this.runOnce()));
    }, this.o.pollMs);
    return { stop };
  }

  /** Steps until no order is due; for tests and the bench. */
  async drain(maxSteps = 1_000_000): Promise<number> {
    let steps = 0;
    while (steps < maxSteps && (await this.runOnce())) steps += 1;
    return steps;
  }

  /** One step of one due order; false when none is due. */
  async runOnce(): Promise<boolean> {
    const now = this.o.now();
    const candidate = await dueOrders(this.o.db, now).execute();
    // Workers of several processes start at different places among the due orders, so they spread over
    // them instead of queueing on the oldest row lock (FIFO holds per step: an order's steps are ordered).
    const start = candidate.length ? this.turn++ % candidate.length : 0;
    const queue = [...candidate.slice(start), ...candidate.slice(0, start)];
    const tried = new Set<number>();
    while (queue.length > 0) {
      const c = queue.shift()!;
      if (tried.has(c.id)) continue;
      tried.add(c.id);
      // The adapter is the outside world: it is asked before the step's transaction (idempotent).
      const submitted = c.status === 50 ? await this.submitCall(c.id, now) : null;
      if (c.status === 50 && !submitted) continue;
      if (submitted) this.crash('afterSubmitCall');
      const done = await this.o.db.transaction().execute(async (trx) => {
        // The order row, if it is still in that status and no other process holds it.
        const order = await lockRow<OrderRow>(trx, this.o.dialect, 'pay_order', c, CLAIMED, { skipLocked: true });
        if (!order) return false;
        // Behind an older order of its enterprise (FIFO): that one goes first (it may be outside this batch).
        const older = [0, 10].includes(order.status) ? await olderOpenQuery(trx, order).executeTakeFirst() : undefined;
        if (older) return older;
        await this.step(trx, order, now, submitted);
        return true;
      });
      if (typeof done === 'object') queue.unshift(done);
      else if (done) {
        if (c.status === 10) this.crash('afterLock');
        return true;
      }
    }
    return false;
  }

  private crash(point: CrashPoint): void {
    if (this.o.crashAt === point) throw new WorkerCrash(point);
  }

  private async submitCall(id: number, now: number): Promise<SubmitAnswer | null> {
    const order = await whereEach(this.o.db.selectFrom('pay_order').select(CLAIMED), { id, status: 50 }).executeTakeFirst();
    if (!order) return null;
    const lines = await whereEach(this.o.db.selectFrom('order_detail').select(['serialNo', 'name', 'idNumber', 'account', 'payeeFen']), { orderId: id, status: [0, 10] }).orderBy('rowNo').execute();
    return this.o.adapterFor(order.payChannel).submit(this.o.db, { orderNo: order.orderNo, entId: order.entId, channel: order.payChannel, lines: lines.map((l) => ({ ...l, payeeFen: Number(l.payeeFen) })) }, now);
  }

  /** The claimed order is due again at `at`, in the status it is in. */
  private dueAt = (trx: Db, order: OrderRow, at: number) => trx.updateTable('pay_order').set({ nextRunAt: at }).where('id', '=', order.id).execute();

  /** The adapter (or the database, on PostgreSQL outside the step's lock) the channel's answers are read from. */
  private channelDb = (trx: Db) => (this.o.dialect === 'postgres' ? this.o.db : trx);

  private async step(trx: Db, order: OrderRow, now: number, submitted: SubmitAnswer | null): Promise<unknown> {
    switch (order.status) {
      case 0:
        return moveOrder(trx, order, 10, now);
      case 10:
        return this.preprocess(trx, order, now);
      case 50: // runOnce claims an order in 50 only with the channel's answer
        if (!submitted!.accepted) return moveOrder(trx, order, 54, now, { reason: submitted!.reason });
        await whereEach(trx.updateTable('order_detail').set({ status: 10, updatedAt: now }), { orderId: order.id, status: 0 }).execute();
        return moveOrder(trx, order, 52, now, { nextRunAt: submitted!.ackAt, channelBatchNo: submitted!.channelBatchNo, reason: null });
      case 52:
        if (await this.o.adapterFor(order.payChannel).acked(this.channelDb(trx), order.orderNo, now)) return moveOrder(trx, order, 60, now);
        return this.dueAt(trx, order, now + this.o.pollMs);
      case 60:
        return this.results(trx, order, now);
    }
  }

  /** 10: re-check every line, then lock Σlock in one ledger row, or fail to 12 with nothing locked. */
  private async preprocess(trx: Db, order: OrderRow, now: number): Promise<void> {
    const ctx = await entContext(trx, order.entId);
    const refusal = await orderGateRefusal(trx, ctx, order.payChannel, now);
    if (refusal) return moveOrder(trx, order, 12, now, { reason: refusal });
    const lines = await trx.selectFrom('order_detail').selectAll().where('orderId', '=', order.id).orderBy('rowNo').execute();
    const temp = order.tempOrderNo ? await trx.selectFrom('temp_order').select('packageCode').where('tempNo', '=', order.tempOrderNo).executeTakeFirst() : undefined;
    const { rows, payeeFen, month, people } = recheckOf(lines);
    await lockPeople(trx, this.o.dialect, ctx.effSupplierId, month, people, now);
    const checks = await checkRows(trx, ctx, rows, { packageCode: temp?.packageCode ?? null, month, excludeOrderId: order.id, payeeFen });
    const { failed, changed } = recheckedLines(lines, checks);
    if (failed > 0) {
      for (const { id, ...set } of changed) await trx.updateTable('order_detail').set({ ...set, updatedAt: now }).where('id', '=', id).execute();
      return moveOrder(trx, order, 12, now, { reason: PAYOUT_MESSAGES.rowErrors(failed) });
    }
    await trx.updateTable('order_detail').set({ errorType: 0, reason: null }).where('orderId', '=', order.id).where('errorType', '!=', 0).execute();
    const locked = await refusalOf(moveBalance(trx, this.o.dialect, { entId: order.entId, channel: order.payChannel, type: 1, amountFen: Number(order.lockFen), bizType: BizType.ORDER, bizNo: order.orderNo, operatorName: SYSTEM_OPERATOR.name, orderLock: true, now }));
    if (locked instanceof ApiError) return moveOrder(trx, order, 12, now, { reason: BALANCE_MESSAGES.insufficientWithOverdraft });
    return moveOrder(trx, order, lockedOrderStatus(order.payChannel, ctx.orderReview), now, { reason: null });
  }

  /** 60: the results the channel has by now, a chunk per transaction. */
  private async results(trx: Db, order: OrderRow, now: number): Promise<void> {
    const pending = await whereEach(trx.selectFrom('order_detail').select('serialNo'), { orderId: order.id, status: 10 }).orderBy('rowNo').limit(this.o.chunk).execute();
    const events = pending.length ? await this.o.adapterFor(order.payChannel).events(this.channelDb(trx), pending.map((p) => p.serialNo), now) : [];
    await settleLines(trx, this.o.dialect, order, events, SYSTEM_OPERATOR.name, now);
    if (events.length > 0) this.crash('duringResults');
    if (!(await finishIfResolved(trx, order, now))) {
      const more = events.length === pending.length && pending.length === this.o.chunk;
      await this.dueAt(trx, order, more ? now : now + this.o.pollMs);
      if (events.length) await recordProgress(trx, order.orderNo, now);
    }
  }
}

/** The workers of a server process: one by default; FLEXPAY_ORDER_WORKER=off runs none (tests drive their own). */
export function startOrderWorker(options: WorkerOptions): { stop(): Promise<void> } | null {
  return process.env.FLEXPAY_ORDER_WORKER === 'off' ? null : new OrderWorker(options).start();
}
