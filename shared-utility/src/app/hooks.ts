import { useEffect, useState } from 'react';
import type { Observable, ObservedValueOf } from 'rxjs';
import { currentPermissions, currentSession, permissions$, session$ } from '../session';

/**
 * Reads the value an observable emits synchronously on subscription (a BehaviorSubject, a
 * `startWith`), without keeping the subscription. Only for hot, side-effect free streams.
 */
export function peekObservable<T>(observable$: Observable<T>): { value: T } | null {
  let box: { value: T } | null = null;
  observable$.subscribe((value) => (box = { value })).unsubscribe();
  return box;
}

/**
 * The latest value of an observable as React state: subscribes in an effect, unsubscribes on
 * unmount (or when the observable changes) and starts from `initial` until the first emission.
 */
export function useObservable<T>(observable$: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    // Wrapped so that a function value is stored, never called as a state updater.
    const subscription = observable$.subscribe((next) => setValue(() => next));
    return () => subscription.unsubscribe();
  }, [observable$]);
  return value;
}

export type SessionValue = ObservedValueOf<typeof session$>;
export type PermissionsValue = ObservedValueOf<typeof permissions$>;

/** The signed-in user (null when signed out), kept current through `session$`. */
export function useSession(): SessionValue {
  return useObservable(session$, currentSession());
}

/** The signed-in user's permission codes (empty when signed out), kept current through `permissions$`. */
export function usePermissions(): PermissionsValue {
  return useObservable(permissions$, currentPermissions());
}
