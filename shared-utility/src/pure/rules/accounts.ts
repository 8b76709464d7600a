/**
 * The accounts area's rules only the server runs (imported by path through rules/server.ts, so the browser's
 * shared-utility bundle does not carry them): who may grant which codes, a permission list as sent, a client's
 * authorisations' codes, whose record a reveal read, the sub-account refusals.
 */
import { CLIENT_MESSAGES, parseApiCodes } from '../entities/client';
import { accountTypeOf } from '../enums';
import { defaultCodesFor, LimitType, PERMISSION_BY_CODE } from '../permissions';

/** The refusals of the sub-account routes (the server's guard and effects). */
export const ADMIN_MESSAGES = {
  // Says nothing about which organisation holds the name (issue 12 finding 5).
  duplicate: '该用户名不可用，请换一个用户名',
  self: '请在个人设置中修改自己的账号',
  topAdmin: '不能操作机构主账号',
  terCode: '机构编码不存在',
  adminType: '请选择有效的账号类型',
  permCodes: '权限代码无效',
} as const;

/** Codes a caller may grant an account of a type: held by the caller and allowed for that type. */
export function grantableCodes(held: readonly number[], adminType: number): number[] {
  const type = accountTypeOf(adminType);
  const allowed = new Set(type ? defaultCodesFor(type) : []);
  return held.filter((c) => allowed.has(c));
}

/** A permission list as sent (权限 update): its codes sorted without repeats, or null when one is not a grantable (limited) code. */
export function limitedCodeList(raw: unknown): number[] | null {
  const valid = Array.isArray(raw) && raw.every((c) => Number.isInteger(c) && PERMISSION_BY_CODE.get(c as number)?.limit === LimitType.LIMITED);
  return valid ? [...new Set(raw as number[])].sort((a, b) => a - b) : null;
}

/** Whose record a reveal read, in words for 操作日志: the person's name and code (a talent's 人才编号, an administrator's username). */
export function revealOwner(shown: Readonly<Record<string, unknown>>): string {
  return [shown.custName ?? shown.name, shown.custCode ?? shown.username].filter((v) => typeof v === 'string' && v !== '').join(' ');
}

type StoredRow = Readonly<Record<string, unknown>>;
const PARTIAL = 2;

/** Whether every code of `inner` is among `outer` (an enterprise's within its merchant's). */
export const codesWithin = (inner: readonly number[], outer: readonly number[]): boolean => inner.every((c) => outer.includes(c));

/** The stored codes of a write: the sorted list under partial authorization, [] otherwise; invalid codes stay as sent, for the check to refuse. */
export function normalisedAuthorization<R extends Record<string, unknown>>(values: R, before: StoredRow | null): R {
  if (values.authorization === undefined && values.apiCodes === undefined) return values;
  const listed = parseApiCodes(values.apiCodes ?? before?.apiCodes ?? '[]');
  if (!listed) return values;
  return { ...values, apiCodes: JSON.stringify(Number(values.authorization ?? before?.authorization) === PARTIAL ? listed : []) };
}
