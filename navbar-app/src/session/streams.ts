import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { accountTypeOf, type AccountType } from '@flexpay/shared-utility';

/** Subscribes to a stream; BehaviorSubject-backed streams deliver their value synchronously. */
export function useStream<T>(stream$: Observable<T> | undefined, initial: T): T {
  const [value, setValue] = useState<T>(() => {
    let first = initial;
    const sub = stream$?.subscribe((v) => (first = v));
    sub?.unsubscribe();
    return first;
  });
  useEffect(() => {
    const sub = stream$?.subscribe(setValue);
    return () => sub?.unsubscribe();
  }, [stream$]);
  return value;
}

/** The parts of the signed-in user the shell reads (SignedInUser of shared-utility). */
export interface ShellUser {
  userId?: number | string;
  username?: string;
  name?: string;
  phone?: string;
  avatar?: string;
  adminType?: number;
  accountType?: AccountType;
  isTopAdmin?: number | boolean;
  permCodes?: Iterable<number | string>;
  permTree?: unknown;
  entMO?: { entName?: string } | null;
  merchtMO?: { name?: string } | null;
}

/** The account type of a user: accountType when set, else derived from adminType. */
export function accountTypeOfUser(user: ShellUser | null | undefined): AccountType | null {
  if (!user) return null;
  if (user.accountType) return user.accountType;
  return typeof user.adminType === 'number' ? accountTypeOf(user.adminType) : null;
}

/** Normalises what permissions$ emits (a Set, an array, or an object holding codes) to a Set of numbers. */
export function toCodeSet(value: unknown): Set<number> {
  const out = new Set<number>();
  const add = (items: Iterable<unknown>) => {
    for (const item of items) {
      const n = typeof item === 'number' ? item : Number(item);
      if (Number.isFinite(n)) out.add(n);
    }
  };
  if (value == null) return out;
  if (value instanceof Set || Array.isArray(value)) add(value as Iterable<unknown>);
  else if (typeof value === 'object') {
    const obj = value as { codes?: unknown; permCodes?: unknown };
    const inner = obj.codes ?? obj.permCodes;
    if (inner && typeof (inner as Iterable<unknown>)[Symbol.iterator] === 'function') add(inner as Iterable<unknown>);
  }
  return out;
}
