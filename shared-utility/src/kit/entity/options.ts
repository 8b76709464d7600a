/**
 * Options of ref fields (the simple-list calls), cached once per path + cond and shared by every
 * screen of the page; a write to an entity drops its cached lists and open selects load afresh.
 */
import { catchError, defer, filter, map, Observable, of, shareReplay, startWith, Subject, switchMap } from 'rxjs';
import { request } from '../../api';
import { entityByName, type Entity } from '../../pure';

export interface RefOption {
  value: string | number;
  label: string;
  [dependsOn: string]: unknown;
}

const cache = new Map<string, Observable<RefOption[]>>();
const invalidated$ = new Subject<string>();

export const simplePath = (entity: Entity) => `${entity.paths.query}/querySimple`;

function cached(entity: Entity, cond: Record<string, unknown>): Observable<RefOption[]> {
  const key = `${simplePath(entity)}#${JSON.stringify(cond)}`;
  let list = cache.get(key);
  if (!list) {
    list = defer(() => request<RefOption[]>(simplePath(entity), { cond }, { silent: true })).pipe(
      map((answer) => (Array.isArray(answer) ? answer : [])),
      catchError(() => {
        // A failed list is not kept: the next subscriber asks again.
        cache.delete(key);
        return of([] as RefOption[]);
      }),
      shareReplay(1),
    );
    cache.set(key, list);
  }
  return list;
}

/** Options of an entity under a cond; emits again after the entity was written to. */
export function options$(entityName: string, cond: Record<string, unknown> = {}): Observable<RefOption[]> {
  const entity = entityByName(entityName);
  return invalidated$.pipe(
    filter((name) => name === entityName),
    startWith(entityName),
    switchMap(() => cached(entity, cond)),
  );
}

/** Drops the cached options of an entity (called after its create, update, delete or transition). */
export function invalidateOptions(entityName: string): void {
  for (const key of [...cache.keys()]) if (key.startsWith(`${simplePath(entityByName(entityName))}#`)) cache.delete(key);
  invalidated$.next(entityName);
}

/** Number of cached lists (tests). */
export const cachedOptionLists = () => cache.size;
