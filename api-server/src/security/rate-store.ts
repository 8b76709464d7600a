import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** How often (in increments) a process sweeps the windows that ended. */
const SWEEP_EVERY = 500;

/**
 * A store for @fastify/rate-limit keeping each key's window in the rate_limit table, so every
 * server process of a cluster spends one budget per client IP. Increments are group-committed: while
 * a key's upsert is in flight, later requests for that key wait and go together in the next upsert,
 * which adds their number at once. A busy client's row is then written once per round trip instead
 * of once per request (the row lock serialised every process behind it), and each request still gets
 * its exact place in the window: a window that ended restarts at the batch size, otherwise it grows.
 */
export function databaseRateStore(db: Kysely<Database>) {
  let increments = 0;
  return class DatabaseRateStore implements FastifyRateLimitStore {
    private readonly timeWindow: number;
    /** Keys with an upsert in flight → the callbacks waiting for the next one. */
    private readonly waiting = new Map<string, IncrCallback[]>();

    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its merged options (untyped there); registerRoutes gives the window in ms.
      const { timeWindow } = options as { timeWindow?: unknown };
      this.timeWindow = typeof timeWindow === 'number' ? timeWindow : 60_000;
    }

    incr(key: string, callback: IncrCallback): void {
      const queued = this.waiting.get(key);
      if (queued) queued.push(callback);
      else this.flush(key, [callback]);
    }

    private flush(key: string, callbacks: IncrCallback[]): void {
      this.waiting.set(key, []);
      const now = Date.now();
      const timeWindow = this.timeWindow;
      const n = callbacks.length;
      const ended = sql<boolean>`${sql.ref('rate_limit.resetAt')} <= ${now}`;
      db.insertInto('rate_limit')
        .values({ bucketKey: key, count: n, resetAt: now + timeWindow })
        .onConflict((oc) =>
          oc.column('bucketKey').doUpdateSet({
            count: sql<number>`CASE WHEN ${ended} THEN ${n} ELSE ${sql.ref('rate_limit.count')} + ${n} END`,
            resetAt: sql<number>`CASE WHEN ${ended} THEN ${now + timeWindow} ELSE ${sql.ref('rate_limit.resetAt')} END`,
          }),
        )
        .returning(['count', 'resetAt'])
        .executeTakeFirstOrThrow()
        .then(async (row) => {
          increments += n;
          if (increments >= SWEEP_EVERY) {
            increments = 0;
            await db.deleteFrom('rate_limit').where('resetAt', '<=', now).execute();
          }
          const first = Number(row.count) - n + 1;
          const ttl = Math.max(0, Number(row.resetAt) - now);
          callbacks.forEach((callback, i) => callback(null, { current: first + i, ttl }));
        })
        .catch((error: Error) => {
          for (const callback of callbacks) callback(error, undefined as never);
        })
        .finally(() => {
          const next = this.waiting.get(key) ?? [];
          if (next.length > 0) this.flush(key, next);
          else this.waiting.delete(key);
        });
    }

    child(options: FastifyRateLimitOptions): DatabaseRateStore {
      return new DatabaseRateStore(options);
    }
  };
}
