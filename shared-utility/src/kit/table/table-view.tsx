import { Drawer } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ExportButton } from '../excel/export-button';
import type { ListDef, Row } from '../screen';
import { DataTable } from './data-table';
import { DEFAULT_PAGE_SIZE, scrollToTop } from './pager';
import { Pagination } from './pagination';
import { emptySearch, searchCond } from './search-cond';
import { SearchForm } from './search-form';
import { useTableData, type OrderBy } from './use-table-data';

export interface TableViewContext<R extends Row> {
  records: R[];
  selection: R[];
  reload: () => void;
}

export interface TableViewProps<R extends Row> {
  list: ListDef<R>;
  /** Conditions always sent besides the search form (e.g. the parent record of a drawer). */
  fixedCond?: Row;
  /** Toolbar content above the grid. */
  toolbar?: (ctx: TableViewContext<R>) => ReactNode;
  rowActions?: (row: R, ctx: TableViewContext<R>) => ReactNode;
  actionsWidth?: number;
  /** Changing this number reloads the current page (e.g. after a form saved). */
  reloadSignal?: number;
  exportFileName?: string;
}

/** Search form, grid, expansion panel and pagination over one list call (spec §2 table view). */
export function TableView<R extends Row>({ list, fixedCond, toolbar, rowActions, actionsWidth, reloadSignal, exportFileName }: TableViewProps<R>) {
  const [draft, setDraft] = useState<Row>(() => emptySearch(list.searchFields));
  const [applied, setApplied] = useState<Row>({});
  const [page, setPage] = useState({ pageNum: 1, limit: list.pageSize ?? DEFAULT_PAGE_SIZE });
  const [orderBy, setOrderBy] = useState<OrderBy>([]);
  const [selectedKeys, setSelectedKeys] = useState<Set<unknown>>(new Set());
  const [expandedKey, setExpandedKey] = useState<unknown>(undefined);
  const top = useRef<HTMLDivElement>(null);

  const cond = useMemo(() => ({ ...searchCond(applied), ...fixedCond }), [applied, fixedCond]);
  const data = useTableData<R>(list.path, cond, page, orderBy);
  const { reload } = data;

  useEffect(() => {
    if (reloadSignal) reload();
  }, [reloadSignal, reload]);
  // A new result set invalidates row-bound state.
  useEffect(() => {
    setSelectedKeys(new Set());
    setExpandedKey(undefined);
  }, [data.records]);

  const selection = data.records.filter((r) => selectedKeys.has(r[list.rowKey]));
  const ctx: TableViewContext<R> = { records: data.records, selection, reload };

  const search = () => {
    setApplied(draft);
    setPage((p) => ({ ...p, pageNum: 1 }));
    // Same conditions on the first page would not change the list key: search again explicitly.
    if (JSON.stringify(searchCond(draft)) === JSON.stringify(searchCond(applied)) && page.pageNum === 1) reload();
  };
  const reset = () => {
    const blank = emptySearch(list.searchFields);
    setDraft(blank);
    setApplied(blank);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const changePage = (pageNum: number, limit: number) => {
    setPage({ pageNum, limit });
    scrollToTop(scrollParent(top.current));
  };

  return (
    <div ref={top}>
      {list.searchFields.length > 0 && (
        <SearchForm
          fields={list.searchFields}
          values={draft}
          onChange={setDraft}
          onSearch={search}
          onReset={reset}
          loading={data.loading}
          extra={list.exportable && <ExportButton columns={list.columns} rows={data.records} selection={selection} fileName={exportFileName} />}
        />
      )}
      {toolbar && <div style={{ display: 'flex', gap: 8, marginBottom: 10 }}>{toolbar(ctx)}</div>}
      <DataTable
        rows={data.records}
        columns={list.columns}
        rowKey={list.rowKey}
        loading={data.loading}
        selectable={list.selectable}
        selectedKeys={selectedKeys}
        onSelectionChange={setSelectedKeys}
        expandable={list.expandable}
        expandedKey={expandedKey}
        onExpandedChange={setExpandedKey}
        orderBy={orderBy}
        onOrderByChange={(next) => {
          setOrderBy(next);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        rowActions={rowActions && ((row) => rowActions(row, ctx))}
        actionsWidth={actionsWidth}
      />
      <Pagination total={data.total} pageNum={page.pageNum} pageSize={page.limit} disabled={data.loading} onChange={changePage} />
    </div>
  );
}

/** The nearest scrolling ancestor (the app's content pane), else the document. */
function scrollParent(element: HTMLElement | null): Element | null {
  for (let el = element?.parentElement; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight) return el;
  }
  return document.scrollingElement;
}

export const TABLE_DRAWER_WIDTH = 900;

export interface TableDrawerProps<R extends Row> extends TableViewProps<R> {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  /** The search model (usually the parent record's keys): a changed model starts a fresh table. */
  model: Row;
}

/**
 * A table view in a 900 px drawer. Blueprint 6 drawers unmount their content when closed, so each
 * opening fetches afresh; a model that changes while open restarts the table (new key) as well.
 */
export function TableDrawer<R extends Row>({ isOpen, title, onClose, model, ...view }: TableDrawerProps<R>) {
  const modelKey = JSON.stringify(model);
  const fixedCond = useMemo(() => ({ ...(JSON.parse(modelKey) as Row), ...view.fixedCond }), [modelKey, view.fixedCond]);
  return (
    <Drawer isOpen={isOpen} title={title} size={TABLE_DRAWER_WIDTH} onClose={onClose}>
      <div style={{ padding: 16, overflow: 'auto' }}>
        <TableView key={modelKey} {...view} fixedCond={fixedCond} />
      </div>
    </Drawer>
  );
}
