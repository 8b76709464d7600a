/**
 * A list's filters, page, size, sort and tab as a query string (react-admin's useListController
 * idea): a shared link, back/forward and the tab's 刷新 all restore the list. DOM-free.
 *
 *   ?name=海南&monthlyLimit=100~5000&page=2&size=20&sort=createdAt.desc&tab=1
 */
import type { OrderBy } from '../table/use-table-data';
import type { Row } from '../screen';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../table/pager';

export interface ListState {
  filters: Row;
  pageNum: number;
  limit: number;
  orderBy: OrderBy;
  /** '' is the 全部 tab. */
  tab: string;
}

/** Keys the kit reserves; a field of these names would clash. */
export const RESERVED_KEYS = ['page', 'size', 'sort', 'tab'] as const;
const RANGE_SEPARATOR = '~';

export function emptyListState(limit = DEFAULT_PAGE_SIZE): ListState {
  return { filters: {}, pageNum: 1, limit, orderBy: [], tab: '' };
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** `rangeFields` are read back as [from, to] pairs; other filters as text. */
export function parseListState(search: string, rangeFields: readonly string[], defaultLimit = DEFAULT_PAGE_SIZE): ListState {
  const params = new URLSearchParams(search);
  const state = emptyListState(defaultLimit);
  for (const [key, value] of params) {
    if (key === 'page') state.pageNum = Math.max(1, Math.trunc(Number(value)) || 1);
    else if (key === 'size') state.limit = (PAGE_SIZES as readonly number[]).includes(Number(value)) ? Number(value) : defaultLimit;
    else if (key === 'sort') {
      const [field, dir] = value.split('.');
      if (field && (dir === 'asc' || dir === 'desc')) state.orderBy = [{ field, dir }];
    } else if (key === 'tab') state.tab = value;
    else if (rangeFields.includes(key)) {
      const [from = '', to = ''] = value.split(RANGE_SEPARATOR);
      state.filters[key] = [from, to];
    } else state.filters[key] = value;
  }
  return state;
}

/** Defaults are left out, so a plain list keeps a plain URL. */
export function formatListState(state: ListState, defaultLimit = DEFAULT_PAGE_SIZE): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters)) {
    if (Array.isArray(value)) {
      if (value.every(blank)) continue;
      params.set(key, value.map((v) => (blank(v) ? '' : String(v))).join(RANGE_SEPARATOR));
    } else if (!blank(value)) params.set(key, String(value));
  }
  if (state.tab !== '') params.set('tab', state.tab);
  if (state.pageNum > 1) params.set('page', String(state.pageNum));
  if (state.limit !== defaultLimit) params.set('size', String(state.limit));
  if (state.orderBy[0]) params.set('sort', `${state.orderBy[0].field}.${state.orderBy[0].dir}`);
  const text = params.toString();
  return text ? `?${text}` : '';
}
