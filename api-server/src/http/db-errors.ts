import { Code, type CodeValue } from './codes';

/** A unique-constraint violation: better-sqlite3 (SQLITE_CONSTRAINT_UNIQUE) or PostgreSQL (23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

export const DbMessages = {
  badValue: '输入的数据格式不正确或超出允许范围',
  required: '请填写必填项',
  duplicate: '数据已存在，请勿重复提交',
  missingRef: '关联的数据不存在',
} as const;

/**
 * Safety net (issue 12 finding 7): a value the database refuses is the client's fault, not 5000.
 * PostgreSQL 22003 numeric out of range, 22001 string too long, 22P02 invalid text representation,
 * 22007/22008 bad date, 23502 / SQLite NOT NULL → 1001; unique → 1009; foreign key → 1004.
 * Routes should validate first; this only keeps a missed case from answering 5000.
 */
export function dbErrorAnswer(error: unknown): { code: CodeValue; message: string } | null {
  if (!error || typeof error !== 'object') return null;
  // better-sqlite3 refuses to bind booleans, objects and arrays.
  if ((error as Error).name === 'TypeError' && /can only bind/.test(String((error as Error).message))) return { code: Code.VALIDATION, message: DbMessages.badValue };
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  switch (code) {
    case '22003':
    case '22001':
    case '22P02':
    case '22007':
    case '22008':
    case '22021': // invalid byte sequence (a NUL character)
    case '54000': // program limit exceeded (an index row too large)
    case 'SQLITE_TOOBIG':
      return { code: Code.VALIDATION, message: DbMessages.badValue };
    case '23502':
    case 'SQLITE_CONSTRAINT_NOTNULL':
      return { code: Code.VALIDATION, message: DbMessages.required };
    case '23505':
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return { code: Code.CONFLICT, message: DbMessages.duplicate };
    case '23503':
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return { code: Code.NOT_FOUND, message: DbMessages.missingRef };
  }
  return null;
}

/** Fields of a driver error that describe it without row contents (PostgreSQL's detail holds the row). */
const SAFE_FIELDS = ['name', 'code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine', 'dataType'] as const;

/**
 * What may be logged of an error: database errors lose `detail`, `where`, `hint`, parameters and any
 * quoted value in the message (22P02 quotes the input; 23502's detail is the failing row, password
 * hash included). Other errors keep name, message and stack.
 */
export function redactError(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const e = error as Record<string, unknown>;
  const isDb = typeof e.code === 'string' && (/^[0-9A-Z]{5}$/.test(e.code) || e.code.startsWith('SQLITE_'));
  if (!isDb) return { name: e.name, message: e.message, code: e.code, stack: e.stack };
  const out: Record<string, unknown> = {};
  for (const field of SAFE_FIELDS) if (e[field] !== undefined) out[field] = e[field];
  out.message = String(e.message ?? '').replace(/"[^"]*"|'[^']*'|\([^)]*\)/g, '…');
  return out;
}
