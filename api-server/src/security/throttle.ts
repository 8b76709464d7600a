import { MINUTE_MS } from '../util/time';

/** Events per key in a sliding window, in memory (one server process; a restart forgets). */
export class Throttle {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** Whether the key has used up its budget. */
  blocked(key: string, now: number): boolean {
    return this.recent(key, now).length >= this.max;
  }

  /** Counts one event for the key. */
  hit(key: string, now: number): void {
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
    // Keeps memory bounded under a flood of distinct keys.
    if (this.hits.size > 50_000) this.hits.delete(this.hits.keys().next().value as string);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }
}

export interface Throttles {
  /** Failed logins per client IP (the per-username lockout is in the database, security/lockout.ts). */
  loginIp: Throttle;
  /** 1009 answers of subuser/create per caller: stops probing for other tenants' usernames. */
  usernameConflict: Throttle;
  /** Password-recovery codes per username (known or not, so the answer never tells) and per client IP. */
  recoveryAccount: Throttle;
  recoveryIp: Throttle;
}

const byApp = new WeakMap<object, Throttles>();

/** One set of throttles per app instance, keyed by its config object (deps.config). */
export function throttlesOf(owner: { config: object }): Throttles {
  let t = byApp.get(owner.config);
  if (!t) {
    t = {
      loginIp: new Throttle(100, 15 * MINUTE_MS),
      usernameConflict: new Throttle(10, 10 * MINUTE_MS),
      recoveryAccount: new Throttle(5, 60 * MINUTE_MS),
      recoveryIp: new Throttle(30, 60 * MINUTE_MS),
    };
    byApp.set(owner.config, t);
  }
  return t;
}
