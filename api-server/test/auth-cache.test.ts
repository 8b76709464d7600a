/** The per-process cache of caller states (security/auth-cache.ts): one epoch at a time, never older. */
import type { CallerState } from '../src/security/auth-cache';
import { AuthCache } from '../src/security/auth-cache';
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
