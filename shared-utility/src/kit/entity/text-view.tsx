/**
 * A row action showing a text made from the row, read-only (签约协议's 预览: the template filled with a
 * sample signer by the signing flow's own renderer). Declared by its title, an optional note above the
 * text, an optional table of items the row carries (计费区间's bands) and the text itself, each read from
 * the row; the kit draws the dialog.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import type { Row } from '../screen';
import { type CustomAction, type Gate, kitDrawnRowAction } from './define';

export interface TextViewOptions extends Gate {
  key: string;
  label: string;
  /** The row action name the server must list in `_actions`. */
  needs?: string;
  title: (row: Row) => string;
  /** A line above the text (what the text shows). */
  note?: (row: Row) => string;
  /** Items the row carries shown as a table above the text; `empty` when the row has none. */
  table?: {
    items: (row: Row) => Row[];
    columns: Array<{ title: string; value: (item: Row) => string; numeric?: boolean }>;
    empty: string;
  };
  text: (row: Row) => string;
  /** The text's test id (e2e); the table's is `<testId>-table`. */
  testId?: string;
}

const TEXT_STYLE = { whiteSpace: 'pre-wrap', lineHeight: 1.8, maxHeight: '55vh', overflowY: 'auto', padding: '4px 2px' } as const;

function ItemsTable({ table, row, testId }: { table: NonNullable<TextViewOptions['table']>; row: Row; testId?: string }) {
  const items = table.items(row);
  if (items.length === 0) return <p>{table.empty}</p>;
  const align = (numeric?: boolean) => (numeric ? { textAlign: 'right' as const } : undefined);
  return (
    <HTMLTable compact striped style={{ width: '100%', marginBottom: 8 }} data-testid={testId && `${testId}-table`}>
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th key={column.title} scope="col" style={align(column.numeric)}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={index}>
            {table.columns.map((column) => (
              <td key={column.title} style={align(column.numeric)}>
                {column.value(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function TextViewDialog({ options, row, close }: { options: TextViewOptions; row: Row; close: () => void }) {
  return (
    <Dialog isOpen title={options.title(row)} icon="document" onClose={close} style={{ width: 720 }}>
      <DialogBody>
        {options.note && (
          <Callout compact intent="primary" icon="info-sign" style={{ marginBottom: 12 }}>
            {options.note(row)}
          </Callout>
        )}
        {options.table && <ItemsTable table={options.table} row={row} testId={options.testId} />}
        <div data-testid={options.testId} style={TEXT_STYLE}>
          {options.text(row)}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={close} />} />
    </Dialog>
  );
}

/** The declared row action (kind `custom` drawn by the kit, so the screen writes no dialog). */
export function textView(options: TextViewOptions): CustomAction {
  return kitDrawnRowAction(options, ({ row, close }) => <TextViewDialog options={options} row={row} close={close} />);
}
