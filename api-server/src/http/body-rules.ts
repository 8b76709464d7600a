/**
 * Generic shape rules every request body passes before any route code or SQL sees it (issue 12
 * finding 7): nesting depth, `__proto__` keys, finite and safe numbers, id-like fields inside int32,
 * `cond` a plain object of scalars or scalar arrays, `page` sane integers. Field-level rules (null or
 * '' per declaration, varchar lengths) belong to the resource kit.
 */

export const BodyMessages = {
  tooDeep: '请求内容嵌套层级过深',
  forbiddenKey: '请求内容包含不允许的字段名',
  badNumber: '数值超出允许范围',
  badId: '编号格式错误或超出范围',
  badCond: '查询条件格式错误',
  badPage: '分页参数无效',
  badOrderBy: '排序参数格式错误',
  cond2: '不支持的查询条件（cond2），请将条件放在 cond 中',
} as const;

/** Deepest legitimate body: { cond: { field: [..] } } or { rows: [{ ladder: [{..}] }] }. */
export const MAX_BODY_DEPTH = 8;
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;
export const MAX_PAGE_NUM = 1_000_000;
export const MAX_PAGE_LIMIT = 1000;
/** Entries of one `cond` array value (an `in` filter, a range). */
export const MAX_COND_ARRAY = 1000;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** A field that names a record by its integer key: `id`, `userId`, `entIds`… */
export const isIdField = (key: string) => key === 'id' || key === 'ids' || /[a-z]Ids?$/.test(key);

/** Depth, forbidden keys and number sanity, walked without recursion. */
export function structureError(root: unknown): string | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return BodyMessages.badNumber;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return BodyMessages.tooDeep;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') return BodyMessages.forbiddenKey;
      stack.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return null;
}

/**
 * An id value the database can take: numbers and digit strings inside int32, no objects or booleans.
 * Other strings pass, so a route answers its own message (请指定公告); the database safety net
 * (db-errors.ts) covers a route that forgets.
 */
function idValueOk(value: unknown): boolean {
  if (value === undefined || value === null || typeof value === 'string' && !/^\s*-?\d+\s*$/.test(value)) return true;
  if (typeof value === 'number') return Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
  if (typeof value === 'string') {
    const n = Number(value.trim());
    return Number.isSafeInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
  }
  return false;
}

function idError(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > MAX_COND_ARRAY || !value.every(idValueOk);
  return !idValueOk(value);
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

function condError(cond: unknown): string | null {
  if (cond === undefined || cond === null) return null;
  if (!isPlainObject(cond)) return BodyMessages.badCond;
  for (const [key, value] of Object.entries(cond)) {
    if (Array.isArray(value)) {
      if (value.length > MAX_COND_ARRAY || !value.every(isScalar)) return BodyMessages.badCond;
    } else if (!isScalar(value)) return BodyMessages.badCond;
    if (isIdField(key) && idError(value)) return BodyMessages.badId;
  }
  return null;
}

function saneInt(value: unknown, max: number): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

/** The first shape problem of a (plaintext) body, as a Chinese 1001 message; null when fine. */
export function bodyShapeError(body: Record<string, unknown>): string | null {
  const structure = structureError(body);
  if (structure) return structure;
  for (const [key, value] of Object.entries(body)) {
    if (isIdField(key) && idError(value)) return BodyMessages.badId;
  }
  const error = condError(body.cond);
  if (error) return error;
  // Spec §3 names `cond2` beside cond without saying what it filters, and no screen sends it: a
  // non-empty one is refused rather than accepted and silently ignored (docs/decisions.md, issue 21).
  if (body.cond2 !== undefined && body.cond2 !== null && !(isPlainObject(body.cond2) && Object.keys(body.cond2).length === 0)) return BodyMessages.cond2;
  if (body.page !== undefined && body.page !== null) {
    if (!isPlainObject(body.page)) return BodyMessages.badPage;
    if (!saneInt(body.page.pageNum, MAX_PAGE_NUM) || !saneInt(body.page.limit, MAX_PAGE_LIMIT)) return BodyMessages.badPage;
  }
  if (body.orderBy !== undefined && body.orderBy !== null) {
    if (!Array.isArray(body.orderBy) || body.orderBy.length > 10 || !body.orderBy.every(isPlainObject)) return BodyMessages.badOrderBy;
  }
  return null;
}
