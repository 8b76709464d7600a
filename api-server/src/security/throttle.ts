import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MINUTE_MS } from '../util/time';

/**
 * Events per key in a sliding window, counted in the database so that every server process of a
 * cluster sees the same budget (npm run start:cluster). Used for rare events (failed sign-ins,
 * recovery codes, username conflicts), so one row per event is cheap.
 */
export class Throttle {
  constructor(
    private readonly db: Kysely<Database>,
    readonly bucket: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Whether the key has used up its budget. */
  async blocked(key: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('throttle_hit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', this.bucket)
      .where('hitKey', '=', key)
      .where('at', '>', now - this.windowMs)
      .executeTakeFirst();
    return Number(row?.n ?? 0) >= this.max;
  }

  /** Counts one event for the key and forgets the bucket's events that left the window. */
  async hit(key: string, now: number): Promise<void> {
    await this.db.insertInto('throttle_hit').values({ bucket: this.bucket, hitKey: key, at: now }).execute();
    await this.db.deleteFrom('throttle_hit').where('bucket', '=', this.bucket).where('at', '<=', now - this.windowMs).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('throttle_hit').where('bucket', '=', this.bucket).where('hitKey', '=', key).execute();
  }
}

export interface Throttles {
  /** Failed logins per client IP (the per-username lockout is in login_failure, security/lockout.ts). */
  loginIp: Throttle;
  /** 1009 answers of subuser/create per caller: stops probing for other tenants' usernames. */
  usernameConflict: Throttle;
  /** Password-recovery codes per username (known or not, so the answer never tells) and per client IP. */
  recoveryAccount: Throttle;
  recoveryIp: Throttle;
  /** Codes for a new phone or e-mail of one's own account, per account (routes/user-contact.ts). */
  contactCode: Throttle;
}

/** Codes for a new contact per account and hour (each code also allows only 5 tries). */
export const CONTACT_CODES_PER_HOUR = 5;

const byDb = new WeakMap<object, Throttles>();

/** The throttles over an app's database (deps.db). */
export function throttlesOf(owner: { db: Kysely<Database> }): Throttles {
  let t = byDb.get(owner.db);
  if (!t) {
    t = {
      loginIp: new Throttle(owner.db, 'loginIp', 100, 15 * MINUTE_MS),
      usernameConflict: new Throttle(owner.db, 'usernameConflict', 10, 10 * MINUTE_MS),
      recoveryAccount: new Throttle(owner.db, 'recoveryAccount', 5, 60 * MINUTE_MS),
      recoveryIp: new Throttle(owner.db, 'recoveryIp', 30, 60 * MINUTE_MS),
      contactCode: new Throttle(owner.db, 'contactCode', CONTACT_CODES_PER_HOUR, 60 * MINUTE_MS),
    };
    byDb.set(owner.db, t);
  }
  return t;
}
