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

/** One row (id 1): moved by triggers whenever what a signed-in call rests on changes (migration 0028). */
export interface AuthEpochTable {
  id: number;
  n: number;
}

export interface SharedStateTables {
  throttle_hit: ThrottleHitTable;
  rate_limit: RateLimitTable;
  auth_epoch: AuthEpochTable;
}
