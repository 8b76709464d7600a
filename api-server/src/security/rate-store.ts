import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** How often (in increments) a process sweeps the windows that ended. */
const SWEEP_EVERY = 500;

/**
 * A store for @fastify/rate-limit keeping each key's window in the rate_limit table, so every
 * server process of a cluster spends one budget per client IP. One upsert per request: a window
 * that ended restarts at 1, otherwise the count grows.
 */
export function databaseRateStore(db: Kysely<Database>) {
  let increments = 0;
  return class DatabaseRateStore implements FastifyRateLimitStore {
    private readonly timeWindow: number;

    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its merged options (untyped there); registerRoutes gives the window in ms.
      const { timeWindow } = options as { timeWindow?: unknown };
      this.timeWindow = typeof timeWindow === 'number' ? timeWindow : 60_000;
    }

    incr(key: string, callback: IncrCallback): void {
      const now = Date.now();
      const timeWindow = this.timeWindow;
      const ended = sql<boolean>`${sql.ref('rate_limit.resetAt')} <= ${now}`;
      db.insertInto('rate_limit')
        .values({ bucketKey: key, count: 1, resetAt: now + timeWindow })
        .onConflict((oc) =>
          oc.column('bucketKey').doUpdateSet({
            count: sql<number>`CASE WHEN ${ended} THEN 1 ELSE ${sql.ref('rate_limit.count')} + 1 END`,
            resetAt: sql<number>`CASE WHEN ${ended} THEN ${now + timeWindow} ELSE ${sql.ref('rate_limit.resetAt')} END`,
          }),
        )
        .returning(['count', 'resetAt'])
        .executeTakeFirstOrThrow()
        .then(async (row) => {
          increments += 1;
          if (increments % SWEEP_EVERY === 0) await db.deleteFrom('rate_limit').where('resetAt', '<=', now).execute();
          callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.resetAt) - now) });
        }, callback);
    }

    child(options: FastifyRateLimitOptions): DatabaseRateStore {
      return new DatabaseRateStore(options);
    }
  };
}
