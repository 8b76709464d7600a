/** The per-process cache of caller states (security/auth-cache.ts): one epoch at a time, never older. */
import type { CallerState } from '../src/security/auth-cache';
import { AuthCache, EpochReader, LiveEpoch, writesWatchedTable } from '../src/security/auth-cache';
import { SESSION_IDLE_MS } from '../src/security/session';

const NOW = 1_800_000_000_000;
const state = (userId: number, lastSeenAt = NOW): CallerState =>
  ({ session: { userId, lastSeenAt }, user: { userId }, org: { kind: 'platform' }, blocked: false, permCodes: [], perms: new Set(), scope: { kind: 'all' } }) as unknown as CallerState;

describe('AuthCache', () => {
  test('a state is served only at the epoch it was loaded at', () => {
    const cache = new AuthCache();
    cache.set('t1', 5, state(1));
    expect(cache.get('t1', 5, NOW)?.user.userId).toBe(1);
    expect(cache.get('t1', 6, NOW)).toBeUndefined();
    expect(cache.get('t2', 5, NOW)).toBeUndefined();
  });

  test('a later epoch drops every state; a state loaded before it is not kept', () => {
    const cache = new AuthCache();
    cache.set('t1', 5, state(1));
    cache.set('t2', 6, state(2));
    cache.set('t3', 5, state(3));
    expect(cache.get('t1', 6, NOW)).toBeUndefined();
    expect(cache.get('t2', 6, NOW)?.user.userId).toBe(2);
    expect(cache.get('t3', 6, NOW)).toBeUndefined();
  });

  test('a session that looks idle is read again (another process may have seen its later calls)', () => {
    const cache = new AuthCache();
    cache.set('t1', 1, state(1, NOW - SESSION_IDLE_MS - 1));
    expect(cache.get('t1', 1, NOW)).toBeUndefined();
  });

  test('it holds at most 20 000 states, dropping the oldest', () => {
    const cache = new AuthCache();
    for (let i = 0; i <= 20_000; i += 1) cache.set(`t${i}`, 1, state(i));
    expect(cache.get('t0', 1, NOW)).toBeUndefined();
    expect(cache.get('t1', 1, NOW)?.user.userId).toBe(1);
    expect(cache.get('t20000', 1, NOW)?.user.userId).toBe(20_000);
  });
});

describe('EpochReader', () => {
  /** A query the test answers by hand, counting how many were sent. */
  function manualQuery() {
    const sent: Array<(n: number) => void> = [];
    return { sent, query: () => new Promise<number>((resolve) => sent.push(resolve)) };
  }

  test('calls arriving while a read is in flight share the next read, not the running one', async () => {
    const { sent, query } = manualQuery();
    const reader = new EpochReader(query);
    const first = reader.read();
    const second = reader.read();
    const third = reader.read();
    expect(sent).toHaveLength(1);
    // The epoch moves after the first read was sent: the later calls must see the new value.
    sent[0](1);
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(sent).toHaveLength(2);
    sent[1](2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  test('a failed read fails its own calls only; the waiting ones get a fresh read', async () => {
    let n = 0;
    const reader = new EpochReader(() => (n++ === 0 ? Promise.reject(new Error('connection lost')) : Promise.resolve(7)));
    const failed = reader.read();
    const waiting = reader.read();
    await expect(failed).rejects.toThrow('connection lost');
    expect(await waiting).toBe(7);
    expect(await reader.read()).toBe(7);
    expect(n).toBe(3);
  });
});

describe('LiveEpoch (PostgreSQL: the epoch kept in the process)', () => {
  function setup() {
    let clock = 0;
    const sent: Array<(n: number) => void> = [];
    const live = new LiveEpoch(new EpochReader(() => new Promise<number>((resolve) => sent.push(resolve))), 1_000, () => clock);
    return { live, sent, tick: (ms: number) => (clock += ms) };
  }

  test('not listening: every call reads; listening and confirmed: kept, moved by notifications', async () => {
    const { live, sent, tick } = setup();
    const first = live.current();
    expect(first).toBeInstanceOf(Promise);
    sent[0](4);
    expect(await first).toBe(4);
    live.setListening(true);
    // A read sent before LISTEN confirms nothing; one sent after it does.
    expect(live.current()).toBeInstanceOf(Promise);
    await Promise.resolve();
    sent[1](4);
    await new Promise((r) => setImmediate(r));
    expect(live.current()).toBe(4);
    live.notified(5);
    expect(live.current()).toBe(5);
    // A late notification never moves it back.
    live.notified(3);
    expect(live.current()).toBe(5);
    // Unconfirmed for longer than the trust window (2 × safety + 500 ms): read again.
    tick(2_600);
    expect(live.current()).toBeInstanceOf(Promise);
  });

  test('after a local write the next call reads; a read sent before the write does not clear it', async () => {
    const { live, sent } = setup();
    live.setListening(true);
    const confirm = live.read();
    live.localWrite();
    sent[0](7);
    await confirm;
    const after = live.current();
    expect(after).toBeInstanceOf(Promise);
    await Promise.resolve();
    sent[1](8);
    expect(await after).toBe(8);
    expect(live.current()).toBe(8);
  });

  test('losing LISTEN makes every call read again', async () => {
    const { live, sent } = setup();
    live.setListening(true);
    const confirm = live.read();
    sent[0](2);
    await confirm;
    expect(live.current()).toBe(2);
    live.setListening(false);
    expect(live.current()).toBeInstanceOf(Promise);
  });

  test('the writes that move the epoch are recognised in the SQL a process sends', () => {
    expect(writesWatchedTable('update "session" set "endedAt" = $1 where "token" = $2')).toBe(true);
    expect(writesWatchedTable('delete from "admin_user_perm" where "userId" = $1')).toBe(true);
    expect(writesWatchedTable('insert into "admin_user_perm" ("userId", "permCode") values ($1, $2)')).toBe(true);
    expect(writesWatchedTable('UPDATE mercht SET status = 1 WHERE id = $1')).toBe(true);
    expect(writesWatchedTable('update "ent_config" set "x" = 1')).toBe(false);
    expect(writesWatchedTable('select "n" from "auth_epoch" where "id" = $1')).toBe(false);
    expect(writesWatchedTable('insert into "session_log" ("a") values ($1)')).toBe(false);
  });
});
