/**
 * The payout sheet (DOMAIN.md §4 Excel): header row 1 exactly the template's, blank rows skipped, at
 * most 5 000 rows; the cells become the rows order/mgr/temp/create takes. DOM-free (the matrix comes
 * from the kit's SheetJS reader), so jest reads real workbooks through it.
 */
import { PAYOUT_FIELDS, PAYOUT_HEADERS, PAYOUT_MAX_ROWS, PAYOUT_MESSAGES, checkPayoutHeader, parseIdType, type PayoutRow } from '@flexpay/shared-utility';

export const PAYOUT_SHEET_MESSAGES = {
  empty: '导入文件中没有明细数据',
  digits: (rowNo: number, title: string) => `第${rowNo}行${title.replace('*', '')}位数过长，请在 Excel 中以文本格式填写`,
  unreadable: '文件解析失败，请确认是有效的 Excel 文件',
} as const;

export type PayoutSheet = { rows: PayoutRow[] } | { problem: string };

const text = (cell: unknown) => (cell === undefined || cell === null ? '' : String(cell).trim());
/** Excel keeps 15 significant digits: an ID or account typed as a number has lost its tail. */
const lostDigits = (cell: unknown) => typeof cell === 'number' && Math.abs(cell) > Number.MAX_SAFE_INTEGER;

/** The sheet's rows, or the one problem that refuses the whole file. */
export function readPayoutSheet(matrix: readonly unknown[][]): PayoutSheet {
  const filled = (cells: readonly unknown[]) => cells.some((c) => text(c) !== '');
  const [header = [], ...body] = matrix;
  if (checkPayoutHeader(header)) return { problem: PAYOUT_MESSAGES.header };
  const data = body.filter(filled);
  if (data.length === 0) return { problem: PAYOUT_SHEET_MESSAGES.empty };
  if (data.length > PAYOUT_MAX_ROWS) return { problem: PAYOUT_MESSAGES.tooManyRows };
  const rows: PayoutRow[] = [];
  for (const [i, cells] of data.entries()) {
    const row: Record<string, unknown> = {};
    for (const [c, field] of PAYOUT_FIELDS.entries()) {
      if (lostDigits(cells[c])) return { problem: PAYOUT_SHEET_MESSAGES.digits(i + 1, PAYOUT_HEADERS[c]) };
      row[field] = text(cells[c]);
    }
    // The ID type is sent as its code when the cell names one (居民身份证 or 111); anything else goes as
    // written and the server's row check answers 10 for it.
    const idType = parseIdType(row.idType);
    row.idType = idType ?? row.idType;
    rows.push(row as PayoutRow);
  }
  return { rows };
}
