import type { Generated } from 'kysely';

/** Counters shared by every server process (migration migrations/0018-shared-state.ts). */
export interface ThrottleHitTable {
  id: Generated<number>;
  /** Which throttle: loginIp, usernameConflict, recoveryAccount, recoveryIp. */
  bucket: string;
  hitKey: string;
  at: number;
}

export interface RateLimitTable {
  /** The limiter's key (client IP) within its window. */
  bucketKey: string;
  count: number;
  resetAt: number;
}

export interface SharedStateTables {
  throttle_hit: ThrottleHitTable;
  rate_limit: RateLimitTable;
}
