/** Test stand-in for @flexpay/shared-utility: the real pure modules plus recording fakes of the browser services. */
import { BehaviorSubject, Subject } from 'rxjs';
import type { AccountType, PermTreeNode } from '../../shared-utility/src/pure';

export * from '../../shared-utility/src/pure';

export interface SignedInUser {
  userId: number;
  username: string;
  name: string;
  phone: string;
  avatar: string;
  guideStep: number;
  adminType: number;
  accountType: AccountType;
  isTopAdmin: number;
  permCodes: number[];
  permTree: PermTreeNode[];
  entMO?: { entName?: string } | null;
  merchtMO?: { name?: string } | null;
}

export const calls: { fn: string; args: unknown[] }[] = [];
const record = (fn: string, ...args: unknown[]) => calls.push({ fn, args });

export const sessionSubject = new BehaviorSubject<SignedInUser | null>(null);
export const permissionsSubject = new BehaviorSubject<ReadonlySet<number>>(new Set());
export const session$ = sessionSubject.asObservable();
export const permissions$ = permissionsSubject.asObservable();
export const previewFileSubject = new Subject<{ url: string; type?: string }>();
export const previewFile$ = previewFileSubject.asObservable();
export const entDetailSubject = new Subject<Readonly<Record<string, unknown>>>();
export const showEntDetail$ = entDetailSubject.asObservable();
export const packageDetailSubject = new Subject<Readonly<Record<string, unknown>>>();
export const showPackageDetail$ = packageDetailSubject.asObservable();

export let requestImpl: (path: string, body?: unknown) => Promise<unknown> = async () => true;
export function setRequestImpl(fn: (path: string, body?: unknown) => Promise<unknown>) {
  requestImpl = fn;
}
export function request<T>(path: string, body?: unknown, opts?: unknown): Promise<T> {
  record('request', path, body, opts);
  return requestImpl(path, body) as Promise<T>;
}
export async function downloadTemplate(key: string) {
  record('downloadTemplate', key);
}
export async function logout() {
  record('logout');
}
export function patchSession(partial: Partial<SignedInUser>) {
  record('patchSession', partial);
  const cur = sessionSubject.value;
  if (cur) sessionSubject.next({ ...cur, ...partial });
}
export function displayName(u: SignedInUser) {
  return u.name || u.phone || `管理员[${u.username}]`;
}
export function organisationName(u: SignedInUser) {
  if (u.accountType === 'ENT') return u.entMO?.entName ?? '';
  if (u.accountType === 'SYS') return 'FlexPay 平台运营';
  return u.merchtMO?.name ?? '';
}
export function avatarThumb(url: string) {
  return url ? `${url}?x-oss-process=image/resize,w_80,h_80` : '';
}
export const showError = (m: string) => record('showError', m);
export const showSuccess = (m: string) => record('showSuccess', m);
export const showWarning = (m: string) => record('showWarning', m);
export const requestRefresh = (p: string) => record('requestRefresh', p);
export function startWatermark(lines: string[]) {
  record('startWatermark', lines);
  return () => record('stopWatermark');
}
export function watermarkLines(u: SignedInUser) {
  return [displayName(u), organisationName(u)];
}
