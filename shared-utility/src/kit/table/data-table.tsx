import { Button, Checkbox, Classes, Icon, NonIdealState } from '@blueprintjs/core';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { ENUMS, enumTone } from '../../pure';
import { cellText, EMPTY_MARK, feeLadderLines, isNegativeMoney, type FeeLadderEntry } from '../format';
import type { Column, Row } from '../screen';
import { ensureTableStyles } from './table-styles';
import { StatusTag } from './status-tag';
import type { OrderBy } from './use-table-data';

export const ROW_HEIGHT = 40;
/** Narrowest a shared text column gets before the grid scrolls sideways. */
export const TEXT_MIN_WIDTH = 80;
const TEXT_MAX_MIN_WIDTH = 140;
/** A shared column's least width is this share of its declared width (declared for the first kit's fixed grid). */
const SHARE_OF_DECLARED = 0.6;
const TOOLTIP_DELAY_MS = 500;

export interface DataTableProps<R extends Row> {
  rows: R[];
  columns: Column<R>[];
  rowKey: string;
  loading?: boolean;
  selectable?: boolean;
  selectedKeys?: ReadonlySet<unknown>;
  onSelectionChange?: (keys: Set<unknown>) => void;
  /** Detail of the expanded row, shown in a row below it; one row at a time. */
  expandable?: (row: R) => ReactNode;
  expandedKey?: unknown;
  onExpandedChange?: (key: unknown) => void;
  orderBy?: OrderBy;
  onOrderByChange?: (orderBy: OrderBy) => void;
  /** Row action buttons (already filtered by permission): the 操作 column, fixed to the grid's right edge. */
  rowActions?: (row: R) => ReactNode;
  /** Kept for callers of the first kit; the 操作 column is sized to its buttons. */
  actionsWidth?: number;
}

/** How a column takes the grid's width (issue 22): sized to its content, or sharing what is left. */
export type ColumnLayout = 'fit' | 'share';

export function columnLayout<R extends Row>(column: Column<R>): ColumnLayout {
  if (column.money || column.date || column.enum || column.ratio || column.int || column.ladder) return 'fit';
  // Derived columns say what their field is (a name drawn as a link still shares); hand-made ones fit a custom cell.
  if (column.fit !== undefined) return column.fit ? 'fit' : 'share';
  return column.render && !column.longText ? 'fit' : 'share';
}

/** The least width of a shared text column: 60 % of its declared width, within 80–140 px (100 undeclared). */
export function shareMinWidth<R extends Row>(column: Column<R>): number {
  const wanted = column.width ? Math.round(column.width * SHARE_OF_DECLARED) : 100;
  return Math.max(TEXT_MIN_WIDTH, Math.min(wanted, TEXT_MAX_MIN_WIDTH));
}

/** The grid never grows past the viewport less the search form, toolbar and pagination. */
const MAX_GRID_HEIGHT = 'max(320px, calc(100vh - 280px))';

/** asc → desc → unsorted, one sorted column at a time. */
function nextOrder(orderBy: OrderBy, field: string): OrderBy {
  const current = orderBy.find((o) => o.field === field)?.dir;
  if (current === 'asc') return [{ field, dir: 'desc' }];
  if (current === 'desc') return [];
  return [{ field, dir: 'asc' }];
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** The content of one cell: a tag for a toned status, money in tabular digits, a ladder line by line, else text. */
export function CellContent<R extends Row>({ row, column }: { row: R; column: Column<R> }): ReactNode {
  if (column.render) return column.render(row);
  const value = row[column.key];
  if (column.ladder) {
    const lines = Array.isArray(value) ? feeLadderLines(value as FeeLadderEntry[]) : [];
    return lines.length ? lines.map((l) => <div key={l}>{l}</div>) : cellText(row, column) || EMPTY_MARK;
  }
  const text = cellText(row, column);
  if (text === '' || isEmpty(value)) return <span className="fp-grid-empty">{EMPTY_MARK}</span>;
  if (column.enum) {
    const tone = enumTone(ENUMS[column.enum], value);
    return tone ? <StatusTag tone={tone}>{text}</StatusTag> : text;
  }
  if (column.money) return <span className={isNegativeMoney(value) ? 'fp-money fp-money--negative' : 'fp-money'}>{text}</span>;
  return text;
}

/** One tooltip for the whole grid: a cut text shows whole after the delay while hovered. */
function useClipTip(): { tip: { text: string; x: number; y: number } | null; onOver: (e: MouseEvent) => void; onOut: () => void } {
  const [tip, setTip] = useState<{ text: string; x: number; y: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onOut = () => {
    clearTimeout(timer.current);
    setTip(null);
  };
  const onOver = (e: MouseEvent) => {
    const clip = (e.target as HTMLElement).closest?.('.fp-grid-clip') as HTMLElement | null;
    if (!clip) return onOut();
    if (clip.scrollWidth <= clip.clientWidth) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const rect = clip.getBoundingClientRect();
      setTip({ text: clip.textContent ?? '', x: rect.left, y: rect.bottom + 4 });
    }, TOOLTIP_DELAY_MS);
  };
  return { tip, onOver, onOut };
}

/**
 * The grid of a table view (issue 22): a table that fills its card — codes, money, dates, tags and the
 * 操作 column sized to their content, text columns sharing the rest and cut with an ellipsis (whole in
 * a tooltip); the header stays on top, the 操作 column on the right edge, and what does not fit
 * scrolls sideways beneath it with a visible scrollbar.
 */
export function DataTable<R extends Row>(props: DataTableProps<R>) {
  ensureTableStyles();
  const { rows, columns, rowKey, selectable, selectedKeys = new Set(), expandable, expandedKey, orderBy = [], rowActions } = props;
  const keyOf = (row: R) => row[rowKey];
  const allSelected = rows.length > 0 && rows.every((r) => selectedKeys.has(keyOf(r)));
  const someSelected = rows.some((r) => selectedKeys.has(keyOf(r)));
  const { tip, onOver, onOut } = useClipTip();

  const toggle = (row: R) => {
    const next = new Set(selectedKeys);
    if (next.has(keyOf(row))) next.delete(keyOf(row));
    else next.add(keyOf(row));
    props.onSelectionChange?.(next);
  };
  const toggleAll = () => props.onSelectionChange?.(allSelected ? new Set() : new Set(rows.map(keyOf)));
  const span = columns.length + (selectable ? 1 : 0) + (expandable ? 1 : 0) + (rowActions ? 1 : 0);

  const header = (column: Column<R>) => {
    const sorted = orderBy.find((o) => o.field === column.key)?.dir;
    const align = column.money || column.int || column.ratio ? ' fp-grid-num' : '';
    const layout = columnLayout(column);
    return (
      <th key={column.key} className={`fp-grid-${layout}${align}`} scope="col" aria-sort={column.sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}>
        {column.sortable ? (
          // A real button (issue 27): the anchor without href was not in the tab order.
          <button type="button" className="fp-grid-sort" onClick={() => props.onOrderByChange?.(nextOrder(orderBy, column.key))}>
            {column.title} <Icon size={12} icon={sorted === 'asc' ? 'sort-asc' : sorted === 'desc' ? 'sort-desc' : 'double-caret-vertical'} />
          </button>
        ) : (
          column.title
        )}
      </th>
    );
  };

  const cell = (row: R, column: Column<R>) => {
    const layout = columnLayout(column);
    const align = column.money || column.int || column.ratio ? ' fp-grid-num' : '';
    if (layout === 'fit')
      return (
        <td key={column.key} className={`fp-grid-fit${align}${column.ladder ? ' fp-grid-lines' : ''}`}>
          <CellContent row={row} column={column} />
        </td>
      );
    return (
      <td key={column.key} className="fp-grid-share">
        <div className="fp-grid-room" style={{ width: shareMinWidth(column) }} />
        <div className="fp-grid-clip">
          <CellContent row={row} column={column} />
        </div>
      </td>
    );
  };

  const expandedRow = expandable && expandedKey !== undefined ? rows.find((r) => keyOf(r) === expandedKey) : undefined;
  return (
    <>
      <div className={`fp-grid${props.loading ? ' fp-grid--loading' : ''}`} style={{ maxHeight: MAX_GRID_HEIGHT }} data-testid="kit-grid" onMouseOver={onOver} onMouseLeave={onOut}>
        <table className="fp-grid-table">
          <thead>
            <tr>
              {selectable && (
                <th className="fp-grid-fit fp-grid-narrow" scope="col">
                  <Checkbox aria-label="全选" checked={allSelected} indeterminate={!allSelected && someSelected} onChange={toggleAll} className="fp-grid-check" />
                </th>
              )}
              {expandable && <th className="fp-grid-fit fp-grid-narrow" scope="col" aria-label="展开" />}
              {columns.map(header)}
              {rowActions && (
                <th className="fp-grid-fit fp-grid-actions" scope="col">
                  操作
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const key = keyOf(row);
              const open = expandable && expandedKey !== undefined && expandedKey === key;
              return [
                <tr key={String(key ?? i)} data-row={i}>
                  {selectable && (
                    <td className="fp-grid-fit fp-grid-narrow">
                      <Checkbox aria-label="选择" checked={selectedKeys.has(key)} onChange={() => toggle(row)} className="fp-grid-check" />
                    </td>
                  )}
                  {expandable && (
                    <td className="fp-grid-fit fp-grid-narrow">
                      <Button size="small" variant="minimal" aria-label={open ? '收起' : '展开'} icon={open ? 'chevron-down' : 'chevron-right'} onClick={() => props.onExpandedChange?.(open ? undefined : key)} />
                    </td>
                  )}
                  {columns.map((column) => cell(row, column))}
                  {rowActions && <td className="fp-grid-fit fp-grid-actions">{rowActions(row)}</td>}
                </tr>,
                open && expandedRow ? (
                  <tr key={`${String(key)}-expanded`} className="fp-grid-expanded">
                    <td colSpan={span}>{expandable!(expandedRow)}</td>
                  </tr>
                ) : null,
              ];
            })}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && !props.loading && <NonIdealState icon="inbox" description="暂无数据" className={Classes.TEXT_MUTED} />}
      {tip && (
        <div className="fp-grid-tip" role="tooltip" style={{ left: tip.x, top: tip.y }}>
          {tip.text}
        </div>
      )}
    </>
  );
}
