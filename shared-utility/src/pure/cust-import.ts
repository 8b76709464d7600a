/**
 * 人才导入 rows (spec §3 customer fields, §5 rules): one check used by the import preview in the
 * browser and by cust/mgr/import on the server, so the preview refuses exactly what the server does.
 */
import { ENUMS } from './enums';
import { idNumberKey } from './rules/identity';
import { checkIdNumber } from './rules/talent';
import { checkRules, FIELD_RULES, type FieldRuleName } from './validators';

/** The custImport template's header row, in column order (api-server documents/templates.ts). */
export const CUST_IMPORT_HEADERS = ['姓名', '证件类型', '证件号码', '手机号', '银行卡号', '开户银行', '备注'] as const;
export const CUST_IMPORT_MAX_ROWS = 2000;
export const DEFAULT_ID_TYPE = 111;

export const CUST_IMPORT_MESSAGES = {
  rowsRequired: '导入文件中没有人才数据',
  tooManyRows: `单次最多导入${CUST_IMPORT_MAX_ROWS}条人才，请拆分文件后再导入`,
  idType: '请选择有效的证件类型',
  idNumberExists: '证件号码已存在',
  bankNameLength: '开户银行不能超过50个字符',
  remarkLength: '备注不能超过200个字符',
  idNumberRepeated: (first: number) => `证件号码与第${first}行重复`,
  row: (n: number, message: string) => `第${n}行：${message}`,
} as const;

/** A row as stored: ID type as its code, empty remark as null. */
export interface CustImportRow {
  name: string;
  idType: number;
  idNumber: string;
  phone: string;
  bankCard: string;
  bankName: string | null;
  remark: string | null;
}

const text = (value: unknown): string =>
  value === undefined || value === null || typeof value === 'object' ? '' : String(value).trim();

/** An ID type code, or its label (居民身份证); empty means 111; null when unknown. */
export function parseIdType(value: unknown): number | null {
  const raw = text(value);
  if (raw === '') return DEFAULT_ID_TYPE;
  const found = ENUMS.idType.find((o) => String(o.value) === raw || o.label === raw);
  return found ? Number(found.value) : null;
}

/** Field rules in the template's column order; the ID type is checked against the enumeration. */
const ROW_RULES: Array<[keyof CustImportRow, FieldRuleName | null]> = [
  ['name', 'name'],
  ['idType', null],
  ['idNumber', 'idNumber'],
  ['phone', 'phone'],
  ['bankCard', 'bankCard'],
  ['remark', 'remark'],
];

/** The row's first failing message, or the normalised row. */
export function checkCustImportRow(raw: unknown): { row: CustImportRow } | { error: string } {
  const source = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const idType = parseIdType(source.idType);
  const row: CustImportRow = {
    name: text(source.name),
    idType: idType ?? DEFAULT_ID_TYPE,
    idNumber: text(source.idNumber),
    phone: text(source.phone),
    bankCard: text(source.bankCard),
    bankName: text(source.bankName) || null,
    remark: text(source.remark) || null,
  };
  for (const [field, rule] of ROW_RULES) {
    const message =
      rule === null ? (idType === null ? CUST_IMPORT_MESSAGES.idType : null) : checkRules(FIELD_RULES[rule], row[field]);
    if (message) return { error: message };
    if (field === 'idNumber') {
      const idMessage = checkIdNumber(row.idType, row.idNumber);
      if (idMessage) return { error: idMessage };
    }
  }
  if ((row.bankName ?? '').length > 50) return { error: CUST_IMPORT_MESSAGES.bankNameLength };
  if ((row.remark ?? '').length > 200) return { error: CUST_IMPORT_MESSAGES.remarkLength };
  return { row };
}

export interface CheckedCustImportRow {
  /** 1-based data row, the number messages use (第N行 is the Excel row below the header). */
  rowNo: number;
  row: CustImportRow | null;
  error: string | null;
}

/**
 * Every row checked: field rules, then repeats within the file. A person already registered is no
 * error (DOMAIN.md §6: the import adds the cooperation rows); `existing` is kept for callers that
 * must refuse them.
 */
export function checkCustImportRows(rows: unknown[], existing: ReadonlySet<string> = new Set()): CheckedCustImportRow[] {
  const seen = new Map<string, number>();
  return rows.map((raw, i) => {
    const rowNo = i + 1;
    const checked = checkCustImportRow(raw);
    if ('error' in checked) return { rowNo, row: null, error: checked.error };
    const key = idNumberKey(checked.row.idNumber);
    const first = seen.get(key);
    if (first !== undefined) return { rowNo, row: checked.row, error: CUST_IMPORT_MESSAGES.idNumberRepeated(first) };
    seen.set(key, rowNo);
    if (existing.has(key)) return { rowNo, row: checked.row, error: CUST_IMPORT_MESSAGES.idNumberExists };
    return { rowNo, row: checked.row, error: null };
  });
}

/** One row's outcome in an import's answer (the server's, read by the kit's `excelImport`). */
export interface ImportRowResult {
  rowNo: number;
  ok: boolean;
  message?: string;
}

/**
 * The refusal of a batch when a row fails its check: the message names the first failing row
 * (第N行：…), `rows` every refused row with its reason. No row of a refused batch is stored.
 */
export function importRefusal(checked: ReadonlyArray<{ rowNo: number; error: string | null }>): { message: string; rows: ImportRowResult[] } | null {
  const failed = checked.filter((c) => c.error !== null);
  if (failed.length === 0) return null;
  return { message: CUST_IMPORT_MESSAGES.row(failed[0].rowNo, failed[0].error!), rows: failed.map((c) => ({ rowNo: c.rowNo, ok: false, message: c.error! })) };
}
