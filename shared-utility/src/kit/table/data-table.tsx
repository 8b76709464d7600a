import { Button, Card, Checkbox, Classes, HotkeysProvider, Icon, NonIdealState } from '@blueprintjs/core';
import { Cell, Column as TableColumn, ColumnHeaderCell, RenderMode, SelectionModes, Table2, TableLoadingOption, type ColumnProps } from '@blueprintjs/table';
import type { ReactElement, ReactNode } from 'react';
import { cellText } from '../format';
import type { Column, Row } from '../screen';
import { LongText } from './long-text';
import type { OrderBy } from './use-table-data';

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 30;
const NARROW = 44;

export interface DataTableProps<R extends Row> {
  rows: R[];
  columns: Column<R>[];
  rowKey: string;
  loading?: boolean;
  selectable?: boolean;
  selectedKeys?: ReadonlySet<unknown>;
  onSelectionChange?: (keys: Set<unknown>) => void;
  /** Detail of the expanded row, shown in a panel below the grid; one row at a time. */
  expandable?: (row: R) => ReactNode;
  expandedKey?: unknown;
  onExpandedChange?: (key: unknown) => void;
  orderBy?: OrderBy;
  onOrderByChange?: (orderBy: OrderBy) => void;
  /** Row action buttons (already filtered by permission). */
  rowActions?: (row: R) => ReactNode;
  actionsWidth?: number;
}

/** asc → desc → unsorted, one sorted column at a time. */
/** The grid never grows past the viewport less the search form, toolbar and pagination. */
const MAX_GRID_HEIGHT = 'max(320px, calc(100vh - 280px))';

function nextOrder(orderBy: OrderBy, field: string): OrderBy {
  const current = orderBy.find((o) => o.field === field)?.dir;
  if (current === 'asc') return [{ field, dir: 'desc' }];
  if (current === 'desc') return [];
  return [{ field, dir: 'asc' }];
}

/** The grid of a table view: @blueprintjs/table Table2 with checkbox, expand and action columns. */
export function DataTable<R extends Row>(props: DataTableProps<R>) {
  const { rows, columns, rowKey, selectable, selectedKeys = new Set(), expandable, expandedKey, orderBy = [], rowActions } = props;
  const keyOf = (row: R) => row[rowKey];
  const allSelected = rows.length > 0 && rows.every((r) => selectedKeys.has(keyOf(r)));
  const someSelected = rows.some((r) => selectedKeys.has(keyOf(r)));

  const toggle = (row: R) => {
    const next = new Set(selectedKeys);
    if (next.has(keyOf(row))) next.delete(keyOf(row));
    else next.add(keyOf(row));
    props.onSelectionChange?.(next);
  };
  const toggleAll = () => props.onSelectionChange?.(allSelected ? new Set() : new Set(rows.map(keyOf)));

  const tableColumns: ReactElement<ColumnProps>[] = [];
  const widths: number[] = [];
  if (selectable) {
    widths.push(NARROW);
    tableColumns.push(
      <TableColumn
        key="__select"
        columnHeaderCellRenderer={() => (
          <ColumnHeaderCell nameRenderer={() => <Checkbox aria-label="全选" checked={allSelected} indeterminate={!allSelected && someSelected} onChange={toggleAll} style={{ margin: 0 }} />} />
        )}
        cellRenderer={(i) => (
          <Cell>
            <Checkbox aria-label="选择" checked={selectedKeys.has(keyOf(rows[i]))} onChange={() => toggle(rows[i])} style={{ margin: 0 }} />
          </Cell>
        )}
      />,
    );
  }
  if (expandable) {
    widths.push(NARROW);
    tableColumns.push(
      <TableColumn
        key="__expand"
        name=""
        cellRenderer={(i) => {
          const open = expandedKey !== undefined && expandedKey === keyOf(rows[i]);
          return (
            <Cell>
              <Button
                size="small"
                variant="minimal"
                aria-label={open ? '收起' : '展开'}
                icon={open ? 'chevron-down' : 'chevron-right'}
                onClick={() => props.onExpandedChange?.(open ? undefined : keyOf(rows[i]))}
              />
            </Cell>
          );
        }}
      />,
    );
  }
  for (const column of columns) {
    widths.push(column.width ?? 150);
    const sorted = orderBy.find((o) => o.field === column.key)?.dir;
    tableColumns.push(
      <TableColumn
        key={column.key}
        columnHeaderCellRenderer={() => (
          <ColumnHeaderCell
            name={column.title}
            nameRenderer={(name) =>
              column.sortable ? (
                <a role="button" onClick={() => props.onOrderByChange?.(nextOrder(orderBy, column.key))} style={{ color: 'inherit' }}>
                  {name} <Icon size={12} icon={sorted === 'asc' ? 'sort-asc' : sorted === 'desc' ? 'sort-desc' : 'double-caret-vertical'} />
                </a>
              ) : (
                <span>{name}</span>
              )
            }
          />
        )}
        cellRenderer={(i) => {
          const row = rows[i];
          const content = column.render ? column.render(row) : column.longText ? <LongText text={cellText(row, column)} /> : cellText(row, column);
          return <Cell style={column.money ? { textAlign: 'right' } : undefined}>{content}</Cell>;
        }}
      />,
    );
  }
  if (rowActions) {
    widths.push(props.actionsWidth ?? 200);
    tableColumns.push(<TableColumn key="__actions" name="操作" cellRenderer={(i) => <Cell>{rowActions(rows[i])}</Cell>} />);
  }

  const expandedRow = expandable && expandedKey !== undefined ? rows.find((r) => keyOf(r) === expandedKey) : undefined;
  return (
    <HotkeysProvider>
      {/* Taller pages scroll inside the grid, so Table2 draws only the visible rows (100-row pages stay fast).
          An empty page is the header alone, clipped: Table2's empty body would show as a grey band above 暂无数据. */}
      <div style={{ height: `min(${HEADER_HEIGHT + rows.length * ROW_HEIGHT + 2}px, ${MAX_GRID_HEIGHT})`, overflow: 'hidden' }}>
        <Table2
          numRows={rows.length}
          columnWidths={widths}
          defaultRowHeight={ROW_HEIGHT}
          rowHeights={rows.map(() => ROW_HEIGHT)}
          enableGhostCells={false}
          enableRowHeader={false}
          // Pages hold at most 100 rows: drawing every cell in one pass beats batched rendering over frames.
          renderMode={RenderMode.NONE}
          enableColumnResizing
          selectionModes={SelectionModes.NONE}
          loadingOptions={props.loading ? [TableLoadingOption.CELLS] : []}
          cellRendererDependencies={[rows, selectedKeys, expandedKey, orderBy, props.loading]}
        >
          {tableColumns}
        </Table2>
      </div>
      {rows.length === 0 && !props.loading && <NonIdealState icon="inbox" description="暂无数据" className={Classes.TEXT_MUTED} />}
      {expandedRow && <Card style={{ marginTop: 8 }}>{expandable!(expandedRow)}</Card>}
    </HotkeysProvider>
  );
}
