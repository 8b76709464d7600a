import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { showError } from '../../ui';
import type { Column, Row } from '../screen';
import { exportRows, loadXlsx } from './xlsx';

export interface ExportButtonProps<R extends Row> {
  columns: Column<R>[];
  /** The current results; used when no row is selected. */
  rows: R[];
  selection?: R[];
  fileName?: string;
  text?: string;
}

/** Exports the selected rows, or the current results when nothing is selected; SheetJS loads on click. */
export function ExportButton<R extends Row>({ columns, rows, selection = [], fileName, text = '导出' }: ExportButtonProps<R>) {
  const [busy, setBusy] = useState(false);
  const data = selection.length > 0 ? selection : rows;
  const run = async () => {
    setBusy(true);
    try {
      exportRows(await loadXlsx(), data, columns, { fileName });
    } catch {
      showError('导出失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  return <Button icon="export" intent={Intent.SUCCESS} loading={busy} disabled={data.length === 0} text={text} onClick={() => void run()} />;
}
