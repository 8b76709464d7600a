/**
 * The Excel sheet of a declared import, DOM-free: its columns (an entity's fields, or declared ones),
 * the header check, cells mapped to field names, the per-row check the server runs on the same rows,
 * the template built from the columns, and the server's per-row answer merged into the preview.
 */
import type { Entity, FieldName, ImportRowResult } from '../../pure';
import type { Row } from '../screen';
import { columnWidths, type WorkBook, type Xlsx } from '../excel/xlsx';

export interface ImportColumn {
  /** Header text (an entity field's label). */
  title: string;
  /** The row key the cell fills; a column without one stays in the template but is not read (开户银行). */
  name?: string;
}

export interface ImportSheet {
  /** Template file name, and what the rows are called in messages (人才). */
  title: string;
  noun: string;
  columns: ImportColumn[];
  /** The template's illustrative row, in column order. */
  example: string[];
  maxRows: number;
  /** One message or null per row: the shared rule check the server applies to the same rows. */
  check: (rows: Row[]) => Array<string | null>;
}

export interface ImportSheetOptions<E extends Entity> {
  title: string;
  /** Entity field names (titled by their label) or declared columns, in the template's order. */
  columns: ReadonlyArray<FieldName<E> | ImportColumn>;
  example: string[];
  maxRows: number;
  check: ImportSheet['check'];
}

export function importSheet<E extends Entity>(entity: E, options: ImportSheetOptions<E>): ImportSheet {
  const columns = options.columns.map((c) => (typeof c === 'string' ? { title: entity.fields[c].label, name: c } : c));
  return { ...options, noun: entity.title, columns };
}

export const IMPORT_MESSAGES = {
  header: (titles: string[]) => `文件表头与模板不一致，请下载模板后填写（${titles.join('、')}）`,
  empty: (noun: string) => `导入文件中没有${noun}数据`,
  tooMany: (max: number, noun: string) => `单次最多导入${max}条${noun}，请拆分文件后再导入`,
  digits: (title: string) => `${title}位数过长，请在 Excel 中以文本格式填写`,
  unreadable: '文件解析失败，请确认是有效的 Excel 文件',
  imported: '已导入',
  notImported: '未导入',
  passed: '通过',
} as const;

export interface SheetRow {
  /** 1-based data row, the number the server's messages use (第N行). */
  rowNo: number;
  /** Cells of the named columns, trimmed text. */
  values: Row;
  error: string | null;
}

export type ReadSheet = { rows: SheetRow[] } | { problem: string };

const text = (cell: unknown): string => (cell === undefined || cell === null ? '' : String(cell).trim());

/** Excel keeps 15 significant digits: a long number typed as a number (ID, card) lost its tail. */
const lostDigits = (cell: unknown) => typeof cell === 'number' && Math.abs(cell) > Number.MAX_SAFE_INTEGER;

/**
 * The first sheet as a cell matrix (header row first) → rows keyed by the named columns, each with
 * its message: lost digits first, then the declared check. A sheet-wide problem (header, count)
 * refuses the file.
 */
export function readSheet(sheet: ImportSheet, matrix: unknown[][]): ReadSheet {
  const titles = sheet.columns.map((c) => c.title);
  const filled = (cells: unknown[]) => cells.some((c) => text(c) !== '');
  if (!matrix.some(filled)) return { problem: IMPORT_MESSAGES.empty(sheet.noun) };
  const [header, ...body] = matrix;
  const found = header.map(text);
  while (found.length > 0 && found[found.length - 1] === '') found.pop();
  if (found.join('\n') !== titles.join('\n')) return { problem: IMPORT_MESSAGES.header(titles) };
  const data = body.filter(filled);
  if (data.length === 0) return { problem: IMPORT_MESSAGES.empty(sheet.noun) };
  if (data.length > sheet.maxRows) return { problem: IMPORT_MESSAGES.tooMany(sheet.maxRows, sheet.noun) };
  const rows = data.map((cells, i) => {
    const values: Row = {};
    let error: string | null = null;
    sheet.columns.forEach((column, c) => {
      if (!column.name) return;
      values[column.name] = text(cells[c]);
      if (error === null && lostDigits(cells[c])) error = IMPORT_MESSAGES.digits(column.title);
    });
    return { rowNo: i + 1, values, error };
  });
  const checked = sheet.check(rows.map((r) => r.values));
  return { rows: rows.map((r, i) => ({ ...r, error: r.error ?? checked[i] ?? null })) };
}

/** The template: the column titles and the example row, columns as wide as their text. */
export function templateWorkbook(XLSX: Xlsx, sheet: ImportSheet): WorkBook {
  const matrix = [sheet.columns.map((c) => c.title), sheet.example];
  const ws = XLSX.utils.aoa_to_sheet(matrix);
  ws['!cols'] = columnWidths(matrix).map((wch) => ({ wch: Math.max(12, wch) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, ws, sheet.noun);
  return book;
}

/** One row's outcome in the server's answer (docs/kit.md `excelImport`): declared once, in pure/cust-import.ts. */
export type { ImportRowResult };

/**
 * The result of each sent row: the server's verdict where it names the row; a row it does not name
 * shares the batch's fate (imported with an accepted batch, not imported with a refused one).
 */
export function rowOutcomes(rows: SheetRow[], answer: ImportRowResult[], refused: boolean): Array<{ rowNo: number; ok: boolean; message: string }> {
  const byRow = new Map(answer.map((r) => [r.rowNo, r]));
  return rows.map(({ rowNo }) => {
    const verdict = byRow.get(rowNo);
    const ok = verdict ? verdict.ok && !refused : !refused;
    return { rowNo, ok, message: verdict?.message ?? (ok ? IMPORT_MESSAGES.imported : IMPORT_MESSAGES.notImported) };
  });
}

/** The answer's rows, from an accepted answer `{rows}` or a refusal's data `{rows}`. */
export function answerRows(data: unknown): ImportRowResult[] {
  const rows = (data as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as ImportRowResult[]) : [];
}
