import { Button } from '@blueprintjs/core';
import { EMPTY_MARK, fetchFile, previewFile, type Row } from '@flexpay/shared-utility';
import { ORDER_PATHS } from './paths';

/** Only one receipt blob lives at a time: the previous one is released when the next opens. */
let shown: string | null = null;

/** A successful line's bank receipt, fetched by signed GET and shown in the shell's file-preview dialog. */
export async function previewReceipt(row: Row): Promise<void> {
  const { blob, filename } = await fetchFile(ORDER_PATHS.bankReceiptFile, { id: Number(row.id) });
  if (shown) URL.revokeObjectURL(shown);
  shown = URL.createObjectURL(blob);
  previewFile({ url: shown, type: filename.split('.').pop() ?? 'pdf' });
}

export function receiptCell(row: Row) {
  // The kit's one empty-cell mark (issue 22 item 5), as every other empty cell of the row.
  if (!row.receiptFile) return <>{EMPTY_MARK}</>;
  return <Button variant="minimal" size="small" intent="primary" className="fp-kit-file-link" text={String(row.receiptFile)} onClick={() => void previewReceipt(row).catch(() => undefined)} />;
}
