import { useCallback, useEffect, useRef, useState } from 'react';
import { requestList } from '../../api';
import type { Row } from '../screen';

export interface PageParams {
  limit: number;
  pageNum: number;
}

export type OrderBy = Array<{ field: string; dir: 'asc' | 'desc' }>;

export interface TableData<R> {
  loading: boolean;
  records: R[];
  total: number;
  reload: () => void;
}

/**
 * One list call per change of path, conditions, page or order (compared by value, so inline
 * objects do not refetch). Answers of superseded calls are dropped.
 */
export function useTableData<R extends Row = Row>(
  path: string,
  cond: Record<string, unknown>,
  page: PageParams,
  orderBy?: OrderBy,
): TableData<R> {
  const [state, setState] = useState<{ loading: boolean; records: R[]; total: number }>({ loading: true, records: [], total: 0 });
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);
  const key = JSON.stringify([path, cond, page, orderBy ?? []]);

  useEffect(() => {
    const call = ++latest.current;
    const [p, c, pg, ob] = JSON.parse(key) as [string, Record<string, unknown>, PageParams, OrderBy];
    setState((s) => ({ ...s, loading: true }));
    requestList<R>(p, { cond: c, page: pg, ...(ob.length ? { orderBy: ob } : {}) }).then(
      (result) => call === latest.current && setState({ loading: false, records: result.records, total: result.total }),
      // The request layer already showed the error; keep the previous rows.
      () => call === latest.current && setState((s) => ({ ...s, loading: false })),
    );
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
