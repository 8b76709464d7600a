/**
 * 人才导入: turns the records of the custImport template into import rows and checks them with the
 * same spec §5 rules the server applies (FIELD_RULES), so the preview shows what the server refuses.
 */
import {
  checkCustImportRows,
  CUST_IMPORT_HEADERS,
  CUST_IMPORT_MAX_ROWS,
  CUST_IMPORT_MESSAGES,
  ENUMS,
  parseIdType,
} from '@flexpay/shared-utility';

export const TEMPLATE_HEADERS = CUST_IMPORT_HEADERS;
export const IMPORT_MAX_ROWS = CUST_IMPORT_MAX_ROWS;

export const IMPORT_MESSAGES = {
  header: `文件表头与模板不一致，请下载模板后填写（${TEMPLATE_HEADERS.join('、')}）`,
  empty: CUST_IMPORT_MESSAGES.rowsRequired,
  tooMany: CUST_IMPORT_MESSAGES.tooManyRows,
  asText: (label: string) => `${label}位数过长，请在 Excel 中以文本格式填写`,
  success: (n: number) => `成功导入 ${n} 条人才`,
} as const;

/** One row as sent to cust/mgr/import (开户银行 has no column on the talent yet and is not sent). */
export interface ImportRow {
  name: string;
  idType: string;
  idNumber: string;
  phone: string;
  bankCard: string;
  remark: string;
}

export interface PreviewRow extends ImportRow {
  /** 1-based data row: the number the server's messages use (第N行). */
  rowNo: number;
  /** Label of the ID type for the preview (or the text as written when unknown). */
  idTypeLabel: string;
  error: string | null;
}

const FIELD_OF: Record<string, keyof ImportRow | null> = {
  姓名: 'name',
  证件类型: 'idType',
  证件号码: 'idNumber',
  手机号: 'phone',
  银行卡号: 'bankCard',
  开户银行: null,
  备注: 'remark',
};

/** Whether the sheet's columns are exactly the template's (the keys of a parsed record, in order). */
export function headerMatches(record: Record<string, unknown> | undefined): boolean {
  if (!record) return true;
  const keys = Object.keys(record);
  return keys.length === TEMPLATE_HEADERS.length && keys.every((k, i) => k.trim() === TEMPLATE_HEADERS[i]);
}

const cellString = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

/** Long digit strings typed as numbers lose their last digits in Excel; ask for text cells instead. */
const unsafeNumber = (value: unknown) => typeof value === 'number' && !Number.isSafeInteger(value);

/** Records of parseWorkbook → preview rows with their messages (field rules, then in-file repeats). */
export function previewRows(records: Array<Record<string, unknown>>): PreviewRow[] {
  const rows = records.map((record) => {
    const row: ImportRow = { name: '', idType: '', idNumber: '', phone: '', bankCard: '', remark: '' };
    for (const [header, value] of Object.entries(record)) {
      const field = FIELD_OF[header.trim()];
      if (field) row[field] = cellString(value);
    }
    return row;
  });
  // The server's own row check (shared rules, in-file repeats); Excel's lost digits are caught first.
  const checked = checkCustImportRows(rows);
  return rows.map((row, i) => {
    const record = records[i];
    const error =
      (unsafeNumber(record['证件号码']) ? IMPORT_MESSAGES.asText('证件号码') : null) ??
      checked[i].error ??
      (unsafeNumber(record['银行卡号']) ? IMPORT_MESSAGES.asText('银行卡号') : null);
    const idType = parseIdType(row.idType);
    const idTypeLabel = idType === null ? row.idType : (ENUMS.idType.find((o) => o.value === idType)?.label ?? row.idType);
    return { ...row, rowNo: checked[i].rowNo, idTypeLabel, error };
  });
}

/** What the import call sends: ID types as codes, empty remarks dropped. */
export function importPayload(rows: PreviewRow[]): Array<Record<string, unknown>> {
  return rows.map((r) => ({
    name: r.name,
    idType: parseIdType(r.idType) ?? r.idType,
    idNumber: r.idNumber,
    phone: r.phone,
    bankCard: r.bankCard,
    ...(r.remark ? { remark: r.remark } : {}),
  }));
}

/** 证件号码 in lists: first 3 and last 4 characters, the middle starred (short numbers keep 1 + 1). */
export function maskIdNumber(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  if (text === '') return '-';
  if (text.length <= 2) return `${text[0]}${'*'.repeat(text.length - 1)}`;
  const head = text.length > 8 ? 3 : 1;
  const tail = text.length > 8 ? 4 : 1;
  return `${text.slice(0, head)}${'*'.repeat(text.length - head - tail)}${text.slice(-tail)}`;
}
