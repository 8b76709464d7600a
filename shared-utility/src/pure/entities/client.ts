/**
 * API clients (spec §2 /client, §3 sign type, encryption, business API codes, client authorization;
 * DOMAIN.md §8): an outside system calling the open API under /api/open, the merchants it may act for
 * and, within them, the enterprises, each with the business API codes it may call.
 */
import { defineEntity } from '../entity';
import { ENUMS } from '../enums';
import type { FieldRules } from '../validators';

export const CLIENT_MESSAGES = {
  modeMismatch: '签名方式与加密模式不匹配',
  ipWhitelist: 'IP白名单须为IPv4或IPv6地址（可带网段，如 203.0.113.0/24），以逗号或换行分隔，最多20个',
  apiCodes: '请选择有效的业务接口',
  apiCodesRequired: '部分授权须至少选择一个业务接口',
  merchantFirst: '请先授权商户',
  entWithinMerchant: '企业的业务接口须在商户的授权范围内',
  entOfMerchant: '该企业不属于所选商户',
  merchantShrinks: '商户的授权范围不能小于其下企业的授权，请先调整企业授权',
  merchantHasEnts: '请先删除该商户下的企业授权',
  rsaKey: 'RSA公钥格式错误，请粘贴PEM格式的RSA公钥（不少于2048位）',
  noKeyToReset: 'RSA签名且不加密的客户端没有平台生成的密钥，请在密钥设置中粘贴客户端的RSA公钥',
} as const;

/** The business API codes of spec §3 in their order. */
export const BUSINESS_API_CODES: readonly number[] = ENUMS.businessApi.map((o) => o.value);

/** Encryption modes 1 and 3 sign with MD5, 2 and 4 with RSA; 3 and 4 also AES-encrypt the business data. */
const MODE_SIGN: Record<number, 'MD5' | 'RSA'> = { 1: 'MD5', 2: 'RSA', 3: 'MD5', 4: 'RSA' };
export const signTypeOfMode = (encryptMode: number): 'MD5' | 'RSA' | null => MODE_SIGN[encryptMode] ?? null;
export const modeUsesAes = (encryptMode: number): boolean => encryptMode === 3 || encryptMode === 4;

/** 3 全部授权: every code; 2 部分授权: the listed ones; 0 未处理 and 1 已拒绝: none. */
export function effectiveApiCodes(authorization: unknown, apiCodes: readonly unknown[] | null | undefined): number[] {
  if (Number(authorization) === 3) return [...BUSINESS_API_CODES];
  if (Number(authorization) !== 2) return [];
  const listed = new Set((apiCodes ?? []).map(Number));
  return BUSINESS_API_CODES.filter((c) => listed.has(c));
}

/** A stored or sent code list, checked: distinct business codes; null when anything else. */
export function parseApiCodes(raw: unknown): number[] | null {
  const list = typeof raw === 'string' ? safeJson(raw) : raw;
  if (!Array.isArray(list) || list.length > BUSINESS_API_CODES.length) return null;
  const codes = list.map(Number);
  if (codes.some((c) => !BUSINESS_API_CODES.includes(c)) || new Set(codes).size !== codes.length) return null;
  return BUSINESS_API_CODES.filter((c) => codes.includes(c));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const apiCodeNames = (codes: readonly number[]): string =>
  codes.map((c) => ENUMS.businessApi.find((o) => o.value === c)?.label ?? String(c)).join('、');

type StoredRow = Readonly<Record<string, unknown>>;
const FULL = 3;

/** The effective codes of a stored or written authorisation row (its authorization and apiCodes). */
export const authorizedCodes = (row: StoredRow): number[] => effectiveApiCodes(row.authorization, parseApiCodes(row.apiCodes) ?? []);

/** 可调用接口 of an authorisation row: 全部接口, the codes' names, or 无. */
function deriveApiCodeNames(row: StoredRow): Record<string, unknown> {
  const codes = authorizedCodes(row);
  return { apiCodeNames: Number(row.authorization) === FULL ? '全部接口' : codes.length ? apiCodeNames(codes) : '无' };
}

/** 密钥状态 of a stored client: which keys are set, a generated one by its last 4 characters only (the ellipsis stands for the hidden ones). */
export function clientSecretState(row: StoredRow): string {
  const tail = (value: unknown) => `…${String(value)}`;
  const sign = row.signType === 'MD5' ? (row.md5KeyTail ? `MD5${tail(row.md5KeyTail)}` : 'MD5未生成') : row.rsaPublicKey ? 'RSA公钥已设置' : 'RSA公钥未设置';
  const aes = modeUsesAes(Number(row.encryptMode)) ? (row.aesKeyTail ? ` · AES${tail(row.aesKeyTail)}` : ' · AES未生成') : '';
  return sign + aes;
}

/* ---------- IP whitelist: IPv4 and IPv6 addresses, optionally with a prefix length ---------- */

const MAX_WHITELIST_ENTRIES = 20;

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255)) return null;
  return parts.map(Number);
}

function ipv6Bytes(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split('::').length > 2) return null;
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const words = (list: string[]): number[] | null => {
    const out: number[] = [];
    for (const [i, g] of list.entries()) {
      // An embedded IPv4 address may end the address (::ffff:203.0.113.5).
      if (i === list.length - 1 && g.includes('.')) {
        const v4 = ipv4Bytes(g);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(g)) out.push(parseInt(g, 16));
      else return null;
    }
    return out;
  };
  const first = words(groups(head));
  const last = tail === null ? [] : words(groups(tail));
  if (!first || !last) return null;
  const missing = 8 - first.length - last.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  const all = [...first, ...Array<number>(tail === null ? 0 : missing).fill(0), ...last];
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

/** An address as bytes (4 or 16); an IPv4-mapped IPv6 address is its IPv4 address. */
export function ipBytes(text: string): number[] | null {
  const v4 = ipv4Bytes(text);
  if (v4) return v4;
  const v6 = ipv6Bytes(text);
  if (v6 && v6.slice(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff) return v6.slice(12);
  return v6;
}

interface WhitelistEntry {
  bytes: number[];
  prefix: number;
}

function entryOf(text: string): WhitelistEntry | null {
  const [address, prefixText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const bytes = ipBytes(address);
  if (!bytes) return null;
  const bits = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { bytes, prefix: Number(prefixText) };
}

export const whitelistEntries = (text: string): string[] => text.split(/[\s,，;；]+/).filter(Boolean);

export function ipWhitelistValid(text: string): boolean {
  const entries = whitelistEntries(text);
  return entries.length > 0 && entries.length <= MAX_WHITELIST_ENTRIES && entries.every((e) => entryOf(e) !== null);
}

/** Whether a caller's address is inside one of the whitelist's entries. */
export function ipAllowed(whitelist: string, ip: string): boolean {
  const caller = ipBytes(ip);
  if (!caller) return false;
  return whitelistEntries(whitelist).some((text) => {
    const entry = entryOf(text);
    if (!entry || entry.bytes.length !== caller.length) return false;
    for (let bit = 0; bit < entry.prefix; bit++) {
      const mask = 0x80 >> bit % 8;
      if ((entry.bytes[bit >> 3] & mask) !== (caller[bit >> 3] & mask)) return false;
    }
    return true;
  });
}

const ipWhitelistRule: FieldRules = {
  rules: [
    { kind: 'required', message: '请输入IP白名单' },
    { kind: 'length', max: 1000, message: 'IP白名单不能超过1000个字符' },
    { kind: 'custom', test: ipWhitelistValid, message: CLIENT_MESSAGES.ipWhitelist },
  ],
};

/* ---------- entities ---------- */

const statusField = { label: '状态', type: 'enum', enum: 'status', search: 'eq', sort: true, width: 80 } as const;
const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;
const remark = { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false } as const;

const clientFields = {
  clientCode: { label: '客户端编号', type: 'text', search: 'like', sort: true, width: 115, serial: { prefix: 'CLI', width: 8 } },
  clientName: { label: '客户端名称', type: 'text', required: true, max: 50, create: true, update: true, search: 'like', sort: true, width: 150 },
  signType: { label: '签名方式', type: 'enum', enum: 'signType', required: true, create: true, update: true, search: 'eq', width: 90, defaultValue: 'RSA' },
  encryptMode: { label: '加密模式', type: 'enum', enum: 'encryption', required: true, create: true, update: true, search: 'eq', width: 130, defaultValue: 4 },
  ipWhitelist: {
    label: 'IP白名单', type: 'textarea', rule: ipWhitelistRule, create: true, update: true, width: 140,
    placeholder: '调用方服务器的出口IP，每行一个，可写网段如 203.0.113.0/24',
  },
  /** Which keys are set, with only the last 4 characters of a generated one (derived from the stored row). */
  secretState: { label: '密钥状态', type: 'text', virtual: true, width: 165 },
  status: { ...statusField, createdAs: 0 },
  remark,
  createdAt,
} as const;

/** An outside system of the open API (SYS only); its keys live in the security calls, never in the record. */
export const client = defineEntity({
  name: 'client',
  table: 'client',
  key: 'clientCode',
  labelField: 'clientName',
  title: '客户端',
  paths: { query: 'client/query', mgr: 'client/mgr' },
  codes: { query: 28110, mgr: 28120 },
  fields: clientFields,
  // The sign type must be the one the encryption mode signs with.
  checks: [(c) => (signTypeOfMode(Number(c.encryptMode)) === c.signType ? null : CLIENT_MESSAGES.modeMismatch)],
  derive: (row) => ({ secretState: clientSecretState(row) }),
  state: ['status'],
  commands: {
    disable: {
      label: '禁用', from: [0], to: 1, code: 28120, for: ['SYS'], intent: 'warning',
      confirm: '禁用后该客户端的所有开放接口请求都将被拒绝，确定要禁用吗？',
    },
    enable: { label: '启用', from: [1], to: 0, code: 28120, for: ['SYS'], intent: 'success', confirm: '确定要启用该客户端吗？' },
    // 密钥设置 (the client's RSA public key pasted) and 重置密钥 (new MD5/AES keys, answered once) arrive
    // RSA-encrypted; their work is the server's effects (domain/client/client.effects.ts). The trail names what happened, never a key.
    security: {
      label: '密钥设置', code: 28210, for: ['SYS'], path: 'security/update', auditAs: 'updateSecret', encrypted: true,
      fields: { rsaPublicKey: { label: '客户端RSA公钥', type: 'textarea', secret: true, message: CLIENT_MESSAGES.rsaKey } },
    },
    // Only where the platform generates a key: MD5 signing or an AES mode.
    resetSecret: {
      label: '重置密钥', code: 28210, for: ['SYS'], path: 'security/reset', encrypted: true, stale: CLIENT_MESSAGES.noKeyToReset, staleCode: 1001,
      when: (row) => row.signType === 'MD5' || modeUsesAes(Number(row.encryptMode)),
    },
  },
});

const clientRef = { label: '客户端', type: 'ref', ref: 'client', show: 'clientName', required: true, create: true, search: 'eq', width: 150 } as const;
const merchtRef = { label: '商户', type: 'ref', ref: 'merchant', show: 'merchtName', required: true, create: true, search: 'eq', width: 220 } as const;
const authorization = { label: '授权状态', type: 'enum', enum: 'clientAuthorization', required: true, create: true, update: true, search: 'eq', width: 90, defaultValue: 3 } as const;
/** Sent and stored as a JSON array of business codes; lists show apiCodeNames instead. */
const apiCodes = { label: '业务接口', type: 'json', create: true, update: true, list: false, detail: false, defaultValue: [] } as const;
const apiCodeNamesField = { label: '可调用接口', type: 'text', virtual: true, width: 230 } as const;
const updatedAt = { label: '更新时间', type: 'datetime', sort: true, width: 170 } as const;

/** 授权商户管理: which merchants a client may act for, and with which business codes. */
/** Listed codes must be business codes; partial (2) needs at least one; other authorizations keep none (they are stored as []). */
export function authorizationCodesError(next: StoredRow): string | null {
  const codes = parseApiCodes(next.apiCodes ?? '[]');
  if (!codes) return CLIENT_MESSAGES.apiCodes;
  return Number(next.authorization) === 2 && codes.length === 0 ? CLIENT_MESSAGES.apiCodesRequired : null;
}

export const clientMercht = defineEntity({
  name: 'clientMercht',
  table: 'client_mercht',
  key: 'id',
  labelField: 'merchtId',
  title: '授权商户',
  paths: { query: 'client/query/mercht', mgr: 'client/mgr/mercht' },
  codes: { query: 28220, mgr: 28220 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    clientCode: clientRef,
    merchtId: merchtRef,
    authorization,
    apiCodes,
    apiCodeNames: apiCodeNamesField,
    remark,
    updatedAt,
  },
  checks: [authorizationCodesError],
  derive: deriveApiCodeNames,
});

/** 授权企业管理: enterprises of an authorised merchant (or of its sub-merchants), codes within the merchant's. */
export const clientMerchtEnt = defineEntity({
  name: 'clientMerchtEnt',
  table: 'client_mercht_ent',
  key: 'id',
  labelField: 'entId',
  title: '授权企业',
  paths: { query: 'client/query/mercht/ent', mgr: 'client/mgr/mercht/ent' },
  codes: { query: 28240, mgr: 28240 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    clientCode: { ...clientRef, width: 140 },
    merchtId: { ...merchtRef, width: 180 },
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 210, dependsOn: { merchtId: 'merchtId' } },
    authorization,
    apiCodes,
    apiCodeNames: { ...apiCodeNamesField, width: 190 },
    remark,
    updatedAt,
  },
  checks: [authorizationCodesError],
  derive: deriveApiCodeNames,
});
