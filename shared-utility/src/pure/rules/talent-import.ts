/**
 * 人才导入 on the server (pure; pure/rules/server.ts, imported by path so the browser bundle does not carry it):
 * what each row of an import answers, a stored row as the history shows it, and the lines of the result workbook.
 */
import { CUST_IMPORT_HEADERS, CUST_IMPORT_MAX_ROWS, CUST_IMPORT_MESSAGES } from '../cust-import';
import { ENUMS, enumLabel } from '../enums';
import { personalView } from './talent';

export const IMPORT_OUTCOMES = { created: '新增人才', linked: '人员已登记，已添加合作关系', alreadyLinked: '人员已登记，合作关系已存在' } as const;

/** A row's outcome: a new person is created; one already registered is linked when a cooperation row was missing. */
export const importOutcome = (isNew: boolean, linked: boolean): string =>
  isNew ? IMPORT_OUTCOMES.created : linked ? IMPORT_OUTCOMES.linked : IMPORT_OUTCOMES.alreadyLinked;

/** Why an import's body is refused before its rows are read: no rows, or more than one import takes. */
export const importCountRefusal = (rows: unknown): string | null =>
  !Array.isArray(rows) || rows.length === 0 ? CUST_IMPORT_MESSAGES.rowsRequired : rows.length > CUST_IMPORT_MAX_ROWS ? CUST_IMPORT_MESSAGES.tooManyRows : null;

type StoredRow = Record<string, unknown>;

/** A stored import row as importDetails shows it: the ID number masked, `ok` a boolean. */
export const importRowView = (row: StoredRow): StoredRow => ({ ...row, idNumber: personalView(row.idNumber as string, false), ok: Number(row.ok) === 1 });

/** The result workbook: a header, then one line per stored row (with the talent's code and ID type) and its outcome. */
export const importResultLines = (rows: StoredRow[]): unknown[][] => [
  ['行号', CUST_IMPORT_HEADERS[0], CUST_IMPORT_HEADERS[1], CUST_IMPORT_HEADERS[2], '人才编号', '结果', '说明'],
  ...rows.map(importRowView).map((r) => [r.rowNo, r.name, enumLabel(ENUMS.idType, r.idType, ''), r.idNumber, r.custCode ?? '', r.ok ? '成功' : '失败', r.message ?? '']),
];
