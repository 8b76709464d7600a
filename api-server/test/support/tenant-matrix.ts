/**
 * The tenant matrix: one entry per API route, declaring how the route relates to organisations.
 * tenant-matrix.test.ts and fuzz.test.ts read the LIVE route table (registeredRoutes(app)), so a new
 * route without an entry here fails those tests until its author adds one. Adding one is a line:
 *
 *   'order/query/list':   list((w) => ({ cond: {}, page: PAGE }), rowsOf('records'), idsIn('id', (w) => w.foreign.orderIds)),
 *   'order/query/get':    { kind: 'get', body: (w) => ({ id: w.foreign.orderIds[0] }) },
 *   'order/mgr/temp/submit': { kind: 'mgr', body: (w) => ({ id: w.foreign.tempOrderIds[0] }) },
 *   'notice/show':        { kind: 'self' },   // the caller's own data, no organisation parameter
 *   'captcha/create':     { kind: 'open' },   // before sign-in
 *
 * kinds:
 * - open: reachable without signing in; no organisation involved.
 * - self: the caller's own account or organisation, never one named in the body.
 * - list: returns records; for every test account the answer must hold no record of the foreign
 *   organisation (`leaked` picks them out of `data`), or refuse (3001).
 * - get: names one record of the foreign organisation; must answer 3001, 3002 or 1004 with no data.
 * - mgr: changes one record of the foreign organisation; must answer 3001/3002/1004 and change
 *   nothing (`snapshot`: what must stay equal, by default every non-bookkeeping table).
 *
 * The foreign organisation is the enterprise ENT0003 with its merchant MER0002 and supplier SPR0002:
 * none of the test accounts (SPR0001, MER0001 and ENT0001 administrators and an ENT0001
 * sub-account) may see it. Add the ids your resource needs to World.foreign in buildWorld().
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { hashPassword } from '../../src/security/password';

export type Body = Record<string, unknown>;

export interface World {
  foreign: {
    entId: number;
    entCode: string;
    merchtId: number;
    supplierId: number;
    /** Talents of ENT0003. */
    custIds: number[];
    idNumbers: string[];
    /** Files and imports of ENT0003's talents. */
    custFileIds: number[];
    custImportIds: number[];
    /** ENT0003's cooperation rows with its enterprise and its supplier, and its talents' cards. */
    custCoopEntIds: number[];
    custCoopSupIds: number[];
    custCardIds: number[];
    /** Sub-accounts of ENT0003 (created by buildWorld). */
    userIds: number[];
    /** Suppliers outside SPR0001 and the virtual supplier under it, and their records. */
    supplierIds: number[];
    supplierConfigIds: number[];
    smsConfigIds: number[];
    taxProofIds: number[];
    tsChannelIds: number[];
    distributorIds: number[];
    /** Files uploaded by the platform (a supplier's tax proofs). */
    fileIds: number[];
    /** MER0002, and ENT0003's contracts, cooperation rows and files; MER0002's contracts. */
    merchtIds: number[];
    entContractIds: number[];
    merchtContractIds: number[];
    coopIds: number[];
    entFileIds: number[];
    /** Notices SPR0001 did not publish (the platform's and SPR0002's). */
    noticeIds: number[];
    /** Audit entries written by ENT0003's sub-accounts. */
    auditIds: number[];
    /** SPR0002's signing agreements and their versions. */
    agreementIds: number[];
    agreementVersionIds: number[];
    /** ENT0003's channel accounts, recharge applications, refunds and ledger rows. */
    accountIds: number[];
    rechargeIds: number[];
    refundIds: number[];
    logIds: number[];
    /** ENT0003's tax-paid proofs. */
    entTaxProofIds: number[];
    /** SPR0002's invoice items and task categories. */
    invoiceItemIds: number[];
    /** ENT0003's invoice applications, their vouchers and invoice files, and its orders' numbers. */
    invoiceApplyIds: number[];
    invoiceVoucherIds: number[];
    invoiceFileIds: number[];
    invoiceOrderNos: string[];
    taskCategoryIds: number[];
    /** ENT0003's task packages, their takers and assigned talents. */
    packageIds: number[];
    packageTakerIds: number[];
    packageAssigneeIds: number[];
    /** ENT0003's temp orders and their rows, its orders' lines and their calc-fee log rows (issue 10). */
    tempOrderIds: number[];
    tempDetailIds: number[];
    orderDetailIds: number[];
    feeLogIds: number[];
  };
  own: { entId: number };
}

export type MatrixEntry =
  | { kind: 'open' | 'self'; note?: string }
  | {
      kind: 'list';
      body: (w: World) => Body;
      /** Records of the foreign organisation found in a successful answer's data. */
      leaked: (data: unknown, w: World) => unknown[];
    }
  | { kind: 'get'; body: (w: World) => Body }
  | {
      kind: 'mgr';
      body: (w: World) => Body;
      /** What must not change (default: every table except the bookkeeping ones). */
      snapshot?: (db: Kysely<Database>, w: World) => Promise<unknown>;
      /** Accounts for which the route ignores the named organisation and acts on their own (may answer 0). */
      appliesToOwn?: AccountName[];
    };

export type AccountName = 'SPR' | 'MER' | 'ENT' | 'SUB';

export const PAGE = { limit: 100, pageNum: 1 };

/**
 * Tables that legitimately change on any call, left out of the "nothing changed" checks of the matrix
 * and the fuzzer: sessions, login attempts, the audit trail (refusals are audited), captchas, the SMS
 * outbox and codes, notice read marks, the caller's own export tokens, saved searches and uploads,
 * and the throttle and rate-limit counters.
 */
export const BOOKKEEPING_TABLES = new Set(['session', 'login_failure', 'audit_log', 'captcha', 'sms_outbox', 'mail_outbox', 'sms_code', 'notice_read', 'export_token', 'saved_search', 'upload_file', 'throttle_hit', 'rate_limit']);

/** Records of a list answer (`data.records` by default, or `data` itself when it is an array). */
export function rowsOf(data: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(data)) return data as Array<Record<string, unknown>>;
  const records = (data as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? (records as Array<Record<string, unknown>>) : [];
}

/** `leaked` for records whose `field` is one of the foreign ids. */
export function idsIn(field: string, ids: (w: World) => unknown[]) {
  return (data: unknown, w: World) => {
    const foreign = new Set(ids(w).map(String));
    return rowsOf(data).filter((r) => foreign.has(String(r[field])));
  };
}

const list = (body: (w: World) => Body, leaked: (data: unknown, w: World) => unknown[]): MatrixEntry => ({ kind: 'list', body, leaked });

/** Simple lists answer [{value, label}]. */
const valuesIn = (ids: (w: World) => unknown[]) => (data: unknown, w: World) => {
  const foreign = new Set(ids(w).map(String));
  return rowsOf(data).filter((r) => foreign.has(String(r.value)));
};

/**
 * The routes of a kit resource (docs/kit.md) aimed at records of the foreign organisation: list,
 * get, simple lists, the writes, the machine's transitions and updateStatus, export.
 */
function kitResource(
  paths: { query: string; mgr: string },
  key: string,
  ids: (w: World) => unknown[],
  routes: { simple?: string[]; writes?: Record<string, (w: World) => Body>; transitions?: string[]; exported?: boolean },
): Record<string, MatrixEntry> {
  const out: Record<string, MatrixEntry> = {
    [`${paths.query}/list`]: list(() => ({ cond: {}, page: PAGE }), idsIn(key, ids)),
    [`${paths.query}/get`]: { kind: 'get', body: (w) => ({ [key]: ids(w)[0] }) },
  };
  for (const name of ['querySimple', ...(routes.simple ?? [])]) out[name.includes('/') ? name : `${paths.query}/${name}`] = list(() => ({}), valuesIn(ids));
  for (const [name, body] of Object.entries(routes.writes ?? {})) out[`${paths.mgr}/${name}`] = { kind: 'mgr', body };
  if (routes.transitions) {
    for (const name of routes.transitions) out[`${paths.mgr}/${name}`] = { kind: 'mgr', body: (w) => ({ [key]: ids(w)[0], reason: '越权操作' }) };
    out[`${paths.mgr}/updateStatus`] = { kind: 'mgr', body: (w) => ({ [key]: ids(w)[0], status: 1, reason: '越权操作' }) };
  }
  if (routes.exported) {
    out[`${paths.query}/genExportExcelToken`] = { kind: 'self', note: 'a token for the caller’s own scoped list' };
    out[`${paths.query}/export`] = { kind: 'self', note: 'consumes the caller’s own token' };
  }
  return out;
}

/** Reference data every holder of the query code reads in full (no organisation owns a row). */
const shared = (note: string): MatrixEntry => ({ kind: 'self', note });
const nothingForeign = () => [] as unknown[];

/** The months of a customSumByRange answer: any month for a foreign organisation is a leak. */
const monthsOf = (data: unknown) => ((data as { months?: unknown[] } | null)?.months ?? []);
/** yyyy-MM now in Asia/Shanghai (the demo's orders fall in this month or the last). */
const thisMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

/** Paths after /api/admin/. Keep them sorted by area. */
export const TENANT_MATRIX: Record<string, MatrixEntry> = {
  // Before sign-in.
  'user/login': { kind: 'open' },
  'captcha/create': { kind: 'open' },
  'captcha/check': { kind: 'open' },
  'captcha/slideCreate': { kind: 'open' },
  'captcha/slideCheck': { kind: 'open' },
  'captcha/sendSMSCode': { kind: 'open', note: 'a recovery code to the named account’s own phone; same answer for any username' },
  'captcha/sendMailCode': { kind: 'open', note: 'a recovery code to the named account’s own e-mail' },
  'user/forgetPassword/verify': { kind: 'open', note: 'a code bound to the account proves it' },
  'user/forgetPassword/reset': { kind: 'open', note: 'a single-use reset token bound to the account' },
  'captcha/publicKey': { kind: 'open' },
  'captcha/document/download': { kind: 'open', note: 'static templates' },

  // The caller's own account, session and organisation.
  'user/loginInfo': { kind: 'self' },
  'user/get': { kind: 'self' },
  'user/update': { kind: 'self' },
  'user/changePassword': { kind: 'self' },
  'user/contact/sendCode': { kind: 'self' },
  'user/contact/update': { kind: 'self' },
  'user/logout': { kind: 'self' },
  'dashboard/summary': { kind: 'self', note: 'figures of the caller’s organisation' },
  'notice/show': { kind: 'self' },
  ...kitResource({ query: 'notice/query', mgr: 'notice/mgr' }, 'id', (w) => w.foreign.noticeIds, {
    writes: { update: (w) => ({ id: w.foreign.noticeIds[0], title: '越权修改' }) },
    exported: true,
  }),
  // A supplier's new notice is its own whatever the body says; the platform's and other suppliers' stay.
  'notice/mgr/create': {
    kind: 'mgr',
    body: () => ({ title: '供应商公告', content: '只发给本供应商名下机构', target: 0 }),
    snapshot: (db, w) => db.selectFrom('notice').selectAll().where('id', 'in', w.foreign.noticeIds).orderBy('id').execute(),
    appliesToOwn: ['SPR'],
  },
  ...kitResource({ query: 'agreement/query', mgr: 'agreement/mgr' }, 'id', (w) => w.foreign.agreementIds, {
    writes: { update: (w) => ({ id: w.foreign.agreementIds[0], name: '越权修改' }) },
    transitions: ['disable', 'enable'],
    exported: true,
  }),
  // A supplier's new agreement is its own whatever supplier the body names.
  'agreement/mgr/create': {
    kind: 'mgr',
    body: (w) => ({ name: '越权协议', supplierId: w.foreign.supplierId, content: '{{姓名}} {{证件号码}}' }),
    snapshot: (db, w) => db.selectFrom('agreement').selectAll().where('supplierId', '=', w.foreign.supplierId).orderBy('id').execute(),
    appliesToOwn: ['SPR'],
  },
  'agreement/query/version/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.agreementVersionIds)),
  'agreement/query/version/get': { kind: 'get', body: (w) => ({ id: w.foreign.agreementVersionIds[0] }) },
  ...kitResource({ query: 'auditLog/query', mgr: 'auditLog/mgr' }, 'id', (w) => w.foreign.auditIds, { exported: true }),
  ...kitResource({ query: 'smsOutbox/query', mgr: 'smsOutbox/mgr' }, 'id', () => [], { exported: true }),
  ...kitResource({ query: 'mailOutbox/query', mgr: 'mailOutbox/mgr' }, 'id', () => [], { exported: true }),
  // 应用版本 (issue 26): the platform's deployment, SYS only — any row another account type gets is a leak;
  // the map file staying the same for them is checked in ops-apps.test.ts.
  'ops/query/apps/list': list(() => ({}), rowsOf),
  'ops/query/apps/history': { kind: 'get', body: () => ({ app: 'people-app' }) },
  'ops/mgr/apps/rollback': { kind: 'mgr', body: () => ({ app: 'people-app' }) },
  // API clients (issue 16): platform records only SYS holds codes for; any row another account type gets is a leak.
  // Their writes are refused by code, so the snapshot is the client tables (cheaper than every table).
  'client/query/list': list(() => ({ cond: {}, page: PAGE }), rowsOf),
  'client/query/get': { kind: 'get', body: () => ({ clientCode: 'CLI00000001' }) },
  'client/query/querySimple': list(() => ({}), rowsOf),
  'client/query/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'client/query/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'client/query/securityFind': { kind: 'get', body: () => ({ clientCode: 'CLI00000001' }) },
  'client/query/mercht/list': list(() => ({ cond: {}, page: PAGE }), rowsOf),
  'client/query/mercht/get': { kind: 'get', body: () => ({ id: 1 }) },
  'client/query/mercht/ent/list': list(() => ({ cond: {}, page: PAGE }), rowsOf),
  'client/query/mercht/ent/get': { kind: 'get', body: () => ({ id: 1 }) },
  ...Object.fromEntries(
    (
      [
        ['client/mgr/create', () => ({ clientName: '越权客户端', signType: 'MD5', encryptMode: 1, ipWhitelist: '127.0.0.1' })],
        ['client/mgr/update', () => ({ clientCode: 'CLI00000001', clientName: '越权修改' })],
        ['client/mgr/delete', () => ({ clientCode: 'CLI00000004' })],
        ['client/mgr/disable', () => ({ clientCode: 'CLI00000001' })],
        ['client/mgr/enable', () => ({ clientCode: 'CLI00000003' })],
        ['client/mgr/updateStatus', () => ({ clientCode: 'CLI00000001', status: 1 })],
        ['client/mgr/security/reset', () => ({ clientCode: 'CLI00000002' })],
        ['client/mgr/security/update', () => ({ clientCode: 'CLI00000001', rsaPublicKey: '-----BEGIN PUBLIC KEY-----' })],
        ['client/mgr/mercht/create', (w) => ({ clientCode: 'CLI00000004', merchtId: w.foreign.merchtIds[0], authorization: 3 })],
        ['client/mgr/mercht/update', () => ({ id: 1, authorization: 1 })],
        ['client/mgr/mercht/delete', () => ({ id: 4 })],
        ['client/mgr/mercht/ent/create', (w) => ({ clientCode: 'CLI00000001', merchtId: w.foreign.merchtIds[0], entId: w.foreign.entId, authorization: 3 })],
        ['client/mgr/mercht/ent/update', () => ({ id: 1, authorization: 1 })],
        ['client/mgr/mercht/ent/delete', () => ({ id: 1 })],
      ] as Array<[string, (w: World) => Body]>
    ).map(([path, body]): [string, MatrixEntry] => [
      path,
      { kind: 'mgr', body, snapshot: async (db) => [await db.selectFrom('client').selectAll().orderBy('clientCode').execute(), await db.selectFrom('client_mercht').selectAll().orderBy('id').execute(), await db.selectFrom('client_mercht_ent').selectAll().orderBy('id').execute()] },
    ]),
  ),
  'notice/read': { kind: 'self', note: 'read marks of the caller' },
  'mercht/query/self': { kind: 'self' },
  'ent/query/self': { kind: 'self' },

  // Merchants and enterprises (issue 14).
  ...kitResource({ query: 'mercht/query', mgr: 'mercht/mgr' }, 'id', (w) => w.foreign.merchtIds, {
    simple: ['queryAllSimple'],
    writes: {
      create: (w) => ({ supplierId: w.foreign.supplierId, name: '越权商户', contactName: '越权', contactPhone: '13912345678', adminUsername: 'matrixMer01' }),
      update: (w) => ({ id: w.foreign.merchtIds[0], name: '越权修改' }),
    },
    transitions: ['disable', 'enable'],
    exported: true,
  }),
  ...kitResource({ query: 'mercht/query/subMercht', mgr: 'mercht/mgr/subMercht' }, 'id', (w) => w.foreign.merchtIds, {
    simple: ['mercht/query/querySubSimple'],
    writes: {
      create: (w) => ({ parentId: w.foreign.merchtIds[0], supplierId: w.foreign.supplierId, name: '越权下级', contactName: '越权', contactPhone: '13912345678', adminUsername: 'matrixSub01' }),
      update: (w) => ({ id: w.foreign.merchtIds[0], name: '越权修改' }),
      delete: (w) => ({ id: w.foreign.merchtIds[0] }),
    },
    transitions: ['disable', 'enable'],
  }),
  'mercht/query/subMercht/listSub': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.merchtIds)),
  'mercht/query/listSup': { kind: 'self', note: 'the caller’s own parent merchant' },
  'mercht/query/querySupSimple': { kind: 'self', note: 'the caller’s own parent merchant' },
  ...kitResource({ query: 'ent/query', mgr: 'ent/mgr' }, 'id', (w) => [w.foreign.entId], {
    simple: ['queryAllSimple'],
    writes: {
      create: (w) => ({ merchtId: w.foreign.merchtIds[0], entName: '越权企业', contactName: '越权', contactPhone: '13912345678', adminUsername: 'matrixEnt01' }),
      update: (w) => ({ id: w.foreign.entId, entName: '越权修改' }),
    },
    transitions: ['disable', 'enable'],
    exported: true,
  }),
  ...kitResource({ query: 'ent/query/sub', mgr: 'ent/mgr/sub' }, 'id', (w) => [w.foreign.entId], {
    writes: {
      create: (w) => ({ parentId: w.foreign.entId, merchtId: w.foreign.merchtIds[0], entName: '越权下级企业', contactName: '越权', contactPhone: '13912345678', adminUsername: 'matrixSubEnt1' }),
      update: (w) => ({ id: w.foreign.entId, entName: '越权修改' }),
      delete: (w) => ({ id: w.foreign.entId }),
    },
    transitions: ['disable', 'enable'],
  }),
  // A merchant (an enterprise) creates subs under itself whatever the body names: only the foreign ones must stay.
  'mercht/mgr/subMercht/create': {
    kind: 'mgr',
    body: (w) => ({ parentId: w.foreign.merchtIds[0], supplierId: w.foreign.supplierId, name: '越权下级', contactName: '越权', contactPhone: '13912345678', adminUsername: 'matrixSub01' }),
    snapshot: (db, w) => db.selectFrom('mercht').selectAll().where('parentId', '=', w.foreign.merchtIds[0]).orderBy('id').execute(),
    appliesToOwn: ['MER'],
  },
  'ent/mgr/sub/create': {
    kind: 'mgr',
    body: (w) => ({ parentId: w.foreign.entId, merchtId: w.foreign.merchtIds[0], entName: '越权下级企业', contactName: '越权', contactPhone: '13912345678', adminUsername: 'matrixSubEnt1' }),
    snapshot: (db, w) => db.selectFrom('ent').selectAll().where('parentId', '=', w.foreign.entId).orderBy('id').execute(),
    appliesToOwn: ['ENT'],
  },
  'ent/query/sub/querySimple': list(() => ({}), valuesIn((w) => [w.foreign.entId])),
  ...kitResource({ query: 'ent/query/config', mgr: 'ent/mgr/config' }, 'entId', (w) => [w.foreign.entId], {
    writes: { create: (w) => ({ entId: w.foreign.entId, limitType: 0, requireIdPhoto: 0, requireSign: 0, requireTaxReg: 0, orderReview: 0, tempOrderReview: 0 }), update: (w) => ({ entId: w.foreign.entId, requireSign: 0 }) },
  }),
  ...kitResource({ query: 'ent/query/file', mgr: 'ent/mgr/file' }, 'id', (w) => w.foreign.entFileIds, {
    writes: {
      create: (w) => ({ entId: w.foreign.entId, fileType: 0, file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0'.repeat(32) } }),
      update: (w) => ({ id: w.foreign.entFileIds[0], file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0'.repeat(32) } }),
      delete: (w) => ({ id: w.foreign.entFileIds[0] }),
    },
  }),
  'ent/query/file/download': { kind: 'get', body: (w) => ({ id: w.foreign.entFileIds[0] }) },
  // Spec §7's own paths (issue 21 item 16, domain/spec-paths.ts): the same routes under the spec's names.
  'ent/query/file': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.entFileIds)),
  'ent/query/config': list(() => ({ cond: {}, page: PAGE }), idsIn('entId', (w) => [w.foreign.entId])),
  ...kitResource({ query: 'contract/ent/query', mgr: 'contract/ent/mgr' }, 'id', (w) => w.foreign.entContractIds, {
    writes: {
      create: (w) => ({ entId: w.foreign.entId, contractNo: 'MATRIX001', category: 0, contractType: 10, startDate: '2030-01-01', endDate: '2030-12-31' }),
      update: (w) => ({ id: w.foreign.entContractIds[0], endDate: '2099-12-31' }),
      delete: (w) => ({ id: w.foreign.entContractIds[0] }),
    },
    transitions: ['terminate'],
  }),
  'contract/ent/query/file': { kind: 'get', body: (w) => ({ id: w.foreign.entContractIds[0] }) },
  ...kitResource({ query: 'contract/mercht/query', mgr: 'contract/mercht/mgr' }, 'id', (w) => w.foreign.merchtContractIds, {
    writes: {
      create: (w) => ({ merchtId: w.foreign.merchtIds[0], contractNo: 'MATRIX002', contractType: 50, startDate: '2030-01-01', endDate: '2030-12-31', status: 0 }),
      update: (w) => ({ id: w.foreign.merchtContractIds[0], endDate: '2099-12-31' }),
      delete: (w) => ({ id: w.foreign.merchtContractIds[0] }),
    },
  }),
  'contract/mercht/query/file': { kind: 'get', body: (w) => ({ id: w.foreign.merchtContractIds[0] }) },
  ...kitResource({ query: 'ent/query/coopEnt', mgr: 'ent/mgr/coopEnt' }, 'id', (w) => w.foreign.coopIds, { transitions: ['suspend', 'resume'] }),

  // Enterprise money (domain/ent/money.ts).
  ...kitResource({ query: 'ent/query/payChannel', mgr: 'ent/mgr/payChannel' }, 'id', (w) => w.foreign.accountIds, {
    simple: [],
    writes: { addOrUpdate: (w) => ({ entId: w.foreign.entId, channel: 1 }) },
    exported: true,
  }),
  'ent/query/channelStats/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.accountIds)),
  'ent/query/channelStats/balance': list((w) => ({ cond: { entId: w.foreign.entId } }), (data) => rowsOf(data)),
  'ent/query/payChannel/balance': { kind: 'get', body: (w) => ({ entId: w.foreign.entId, channel: 0 }) },
  'ent/query/payChannel/payeeAcct': { kind: 'get', body: (w) => ({ entId: w.foreign.entId, channel: 0 }) },
  'ent/query/payChannel/payeeAcctAndBal': { kind: 'get', body: (w) => ({ entId: w.foreign.entId, channel: 0 }) },
  'ent/mgr/payChannel/toggleAllowOverdraft': { kind: 'mgr', body: (w) => ({ id: w.foreign.accountIds[0], allowOverdraft: 1, overdraftLimit: '100.00' }) },
  ...kitResource({ query: 'ent/query/balance/apply', mgr: 'ent/mgr/balance/apply' }, 'id', (w) => w.foreign.rechargeIds, {
    transitions: ['cancel', 'approve', 'reject', 'revoke', 'process', 'credit', 'notArrived'],
    exported: true,
  }),
  'ent/mgr/balance/apply/addBalApply': {
    kind: 'mgr',
    body: (w) => ({ entId: w.foreign.entId, channel: 0, amount: '100.00', voucher: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0'.repeat(32) } }),
    // An ENT caller applies for its own enterprise whatever entId says: ENT0003's money must stay.
    snapshot: (db, w) => moneyOf(db, w.foreign.entId),
    appliesToOwn: ['ENT'],
  },
  'ent/query/balance/apply/file': { kind: 'get', body: (w) => ({ id: w.foreign.rechargeIds[0] }) },
  ...kitResource({ query: 'ent/query/refund', mgr: 'ent/mgr/balance/refund' }, 'id', (w) => w.foreign.refundIds, {
    transitions: ['approve', 'reject', 'succeed', 'fail'],
    exported: true,
  }),
  'ent/mgr/balance/refund/apply': {
    kind: 'mgr',
    body: (w) => ({ entId: w.foreign.entId, channel: 0, balanceType: 10, amount: '1.00', payeeAcctName: '越权', payeeAcct: '6222020200112233445', payeeBank: '越权银行' }),
    snapshot: (db, w) => moneyOf(db, w.foreign.entId),
    appliesToOwn: ['ENT'],
  },
  ...kitResource({ query: 'ent/query/balance/log', mgr: 'ent/mgr/balance/log' }, 'id', (w) => w.foreign.logIds, { simple: [], exported: true }),
  'ent/query/balance/log/simpleList': list((w) => ({ cond: { entId: w.foreign.entId }, page: PAGE }), (data, w) => rowsOf(data).filter((r) => r.entId === w.foreign.entId)),
  // 对账单 (issue 25): the foreign enterprise's statement and its export token are refused (3002).
  'ent/query/statement/get': { kind: 'get', body: (w) => ({ entId: w.foreign.entId, channel: 0, from: `${thisMonth()}-01`, to: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10) }) },
  'ent/query/statement/genExportExcelToken': { kind: 'get', body: (w) => ({ entId: w.foreign.entId, channel: 0, from: `${thisMonth()}-01`, to: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10) }) },
  'ent/query/statement/export': { kind: 'self', note: 'consumes the caller’s own token (its statement was scoped when the token was made, and is again)' },

  // Fees (domain/ent/fee.ts, domain/merchant/fee.ts): ENT0003's price and months, MER0002's cost and months.
  'ent/query/feeConfig/list': list(() => ({ cond: {}, page: PAGE }), idsIn('entId', (w) => [w.foreign.entId])),
  'ent/query/feeConfig/get': { kind: 'get', body: (w) => ({ entId: w.foreign.entId }) },
  'ent/mgr/feeConfig/update': { kind: 'mgr', body: (w) => ({ entId: w.foreign.entId, feePattern: 0, calcMode: 0, rounding: 0, ratio: '9.0000' }) },
  'ent/mgr/feeConfig/reset': { kind: 'mgr', body: (w) => ({ entId: w.foreign.entId }) },
  'ent/query/feeStats/list': list(() => ({ cond: {}, page: PAGE }), idsIn('entId', (w) => [w.foreign.entId])),
  'ent/query/feeStats/get': { kind: 'get', body: (w) => ({ statKey: `${w.foreign.entId}:${thisMonth()}` }) },
  'ent/query/feeStats/customSumByRange': list((w) => ({ cond: { entId: w.foreign.entId } }), monthsOf),
  'ent/query/feeStats/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'ent/query/feeStats/export': { kind: 'self', note: 'consumes the caller’s own token' },
  // 综合统计 and 完税记录 (domain/ent/stats.ts, taxPaidProof.ts): ENT0003's months and proofs.
  'ent/query/stats/list': list(() => ({ cond: {}, page: PAGE }), idsIn('entId', (w) => [w.foreign.entId])),
  'ent/query/stats/get': { kind: 'get', body: (w) => ({ statKey: `${w.foreign.entId}:${thisMonth()}` }) },
  'ent/query/stats/customSumByRange': list((w) => ({ cond: { entId: w.foreign.entId } }), monthsOf),
  'ent/query/stats/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'ent/query/stats/export': { kind: 'self', note: 'consumes the caller’s own token' },
  ...kitResource({ query: 'ent/query/taxProof/inventory', mgr: 'ent/mgr/taxProof/inventory' }, 'id', (w) => w.foreign.entTaxProofIds, {
    simple: [],
    exported: true,
    writes: {
      create: (w) => ({ entId: w.foreign.entId, month: '2026-10', personCount: 3, taxAmount: '1.00', file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0'.repeat(32) } }),
      update: (w) => ({ id: w.foreign.entTaxProofIds[0], personCount: 99 }),
      delete: (w) => ({ id: w.foreign.entTaxProofIds[0] }),
    },
  }),
  'ent/query/taxProof/inventory/file': { kind: 'get', body: (w) => ({ id: w.foreign.entTaxProofIds[0] }) },
  'ent/mgr/taxProof/inventory/file': { kind: 'mgr', body: (w) => ({ id: w.foreign.entTaxProofIds[0], file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0'.repeat(32) } }) },

  // 任务分类 (domain/task/category.ts): SPR0002's categories (a second-level one first).
  ...kitResource({ query: 'package/cat/query', mgr: 'package/cat/mgr' }, 'id', (w) => w.foreign.taskCategoryIds, {
    writes: {
      create: (w) => ({ supplierId: w.foreign.supplierId, categoryName: '越权分类' }),
      update: (w) => ({ id: w.foreign.taskCategoryIds[0], categoryName: '越权修改' }),
      delete: (w) => ({ id: w.foreign.taskCategoryIds[0] }),
    },
  }),

  // 任务包 (domain/task/package.ts): ENT0003's packages, their takers and assigned talents; ENT0003's talents.
  ...kitResource({ query: 'package/query', mgr: 'package/mgr' }, 'id', (w) => w.foreign.packageIds, {
    exported: true,
    transitions: ['show', 'hide', 'finish', 'cancel'],
    writes: {
      create: (w) => ({ entId: w.foreign.entId, name: '越权任务包', packageType: 10, packagePriceType: 10, startDate: '2026-12-01', endDate: '2026-12-31' }),
      update: (w) => ({ id: w.foreign.packageIds[0], name: '越权修改' }),
      delete: (w) => ({ id: w.foreign.packageIds[0] }),
      review: (w) => ({ id: w.foreign.packageIds[0], pass: true }),
    },
  }),
  'package/query/file': { kind: 'get', body: (w) => ({ id: w.foreign.packageIds[0] }) },
  ...kitResource({ query: 'package/talent/query', mgr: 'package/talent/mgr' }, 'id', (w) => w.foreign.custIds, {}),
  'package/assignee/query/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.packageAssigneeIds)),
  'package/assignee/query/get': { kind: 'get', body: (w) => ({ id: w.foreign.packageAssigneeIds[0] }) },
  'package/assignee/mgr/create': { kind: 'mgr', body: (w) => ({ packageId: w.foreign.packageIds[0], custId: w.foreign.custIds[0] }) },
  'package/assignee/mgr/delete': { kind: 'mgr', body: (w) => ({ id: w.foreign.packageAssigneeIds[0] }) },
  ...kitResource({ query: 'package/taker/query', mgr: 'package/taker/mgr' }, 'id', (w) => w.foreign.packageTakerIds, {
    exported: true,
    transitions: ['complete', 'cancel'],
    writes: { create: (w) => ({ packageId: w.foreign.packageIds[0], custId: w.foreign.custIds[0] }) },
  }),
  // 从业者结算 (domain/task/settlement.ts): lines of ENT0003's packages; its packages' summary and settlement.
  'package/settlement/query/list': list(() => ({ cond: {}, page: PAGE }), idsIn('entId', (w) => [w.foreign.entId])),
  // The demo holds no package line of ENT0003: a line the caller does not see answers 3002/1004 alike.
  'package/settlement/query/get': { kind: 'get', body: () => ({ lineId: 2 }) },
  'package/settlement/query/summary': { kind: 'get', body: (w) => ({ id: w.foreign.packageIds[0] }) },
  'package/settlement/mgr/settle': { kind: 'mgr', body: (w) => ({ id: w.foreign.packageIds[0], channel: 1, rows: [{ custId: w.foreign.custIds[0], amount: '1.00' }] }) },

  // 开票信息 and 开票项目 (domain/invoice): ENT0003's information, SPR0002's items.
  'invoice/info/query/list': list(() => ({ cond: {}, page: PAGE }), idsIn('entId', (w) => [w.foreign.entId])),
  'invoice/info/query/get': { kind: 'get', body: (w) => ({ entId: w.foreign.entId }) },
  'invoice/info/mgr/create': { kind: 'mgr', body: (w) => ({ entId: w.foreign.entId, title: '越权抬头', taxNo: '91510100MA6CQ4W9XH', invoiceKind: 2, medium: 1 }) },
  'invoice/info/mgr/update': { kind: 'mgr', body: (w) => ({ entId: w.foreign.entId, title: '越权修改' }) },
  ...kitResource({ query: 'invoice/item/query', mgr: 'invoice/item/mgr' }, 'id', (w) => w.foreign.invoiceItemIds, {
    simple: ['listSimple'],
    exported: true,
    writes: {
      create: (w) => ({ supplierId: w.foreign.supplierId, itemName: '越权项目', taxCode: '3040802010000000000', taxRate: '6.0000' }),
      update: (w) => ({ id: w.foreign.invoiceItemIds[0], itemName: '越权修改' }),
      delete: (w) => ({ id: w.foreign.invoiceItemIds[0] }),
    },
  }),
  // 开票申请 (domain/invoice/invoiceApply): ENT0003's applications, vouchers and files; SPR0002's items, ENT0003's orders.
  'invoice/act/query/my/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.invoiceApplyIds)),
  'invoice/act/query/my/get': { kind: 'get', body: (w) => ({ id: w.foreign.invoiceApplyIds[0] }) },
  'invoice/act/query/my/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'invoice/act/query/my/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'invoice/act/query/my/applyOptions': list((w) => ({ entId: w.foreign.entId }), (data, w) => [
    ...((data as { items?: Array<{ value: number }> } | null)?.items ?? []).filter((i) => w.foreign.invoiceItemIds.includes(i.value)),
    ...((data as { orders?: Array<{ orderNo: string }> } | null)?.orders ?? []).filter((o) => w.foreign.invoiceOrderNos.includes(o.orderNo)),
  ]),
  'invoice/act/query/my/preview': { kind: 'get', body: (w) => ({ entId: w.foreign.entId, orderNos: w.foreign.invoiceOrderNos.slice(0, 1), itemId: w.foreign.invoiceItemIds[0] }) },
  'invoice/act/mgr/my/create': { kind: 'mgr', body: (w) => ({ entId: w.foreign.entId, orderNos: w.foreign.invoiceOrderNos.slice(0, 1), itemId: w.foreign.invoiceItemIds[0], invoiceKind: 2, medium: 1 }) },
  'invoice/act/mgr/my/update': { kind: 'mgr', body: (w) => ({ id: w.foreign.invoiceApplyIds[0], remark: '越权修改' }) },
  'invoice/act/mgr/my/cancel': { kind: 'mgr', body: (w) => ({ id: w.foreign.invoiceApplyIds[0] }) },
  'invoice/act/mgr/my/updateStatus': { kind: 'mgr', body: (w) => ({ id: w.foreign.invoiceApplyIds[0], status: 50 }) },
  'invoice/act/mgr/my/inviVoucherCreate': { kind: 'mgr', body: (w) => ({ applyId: w.foreign.invoiceApplyIds[0], voucherType: 20, file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0', name: '越权.pdf' } }) },
  'invoice/act/query/toMe/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.invoiceApplyIds)),
  'invoice/act/query/toMe/get': { kind: 'get', body: (w) => ({ id: w.foreign.invoiceApplyIds[0] }) },
  'invoice/act/query/toMe/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'invoice/act/query/toMe/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'invoice/act/query/toMe/applyInfo/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.invoiceApplyIds)),
  'invoice/act/query/toMe/applyInfo/get': { kind: 'get', body: (w) => ({ id: w.foreign.invoiceApplyIds[0] }) },
  'invoice/act/query/toMe/applyInfo/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'invoice/act/query/toMe/applyInfo/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'invoice/act/mgr/toMe/export2': { kind: 'self', note: 'a token for the caller’s own scoped application information' },
  'invoice/act/mgr/toMe/export': { kind: 'self', note: 'spec §7 path: a token for the caller’s own scoped list (export mode 10)' },
  'invoice/act/mgr/toMe/create': { kind: 'mgr', body: (w) => ({ entId: w.foreign.entId, itemId: w.foreign.invoiceItemIds[0], invoiceKind: 2, medium: 1, amount: '100.00' }) },
  ...Object.fromEntries(
    ['reviewPass', 'reviewFail', 'issue', 'issueFail', 'discard', 'updateStatus', 'review', 'inviUpdateExpress'].map((name): [string, MatrixEntry] => [
      `invoice/act/mgr/toMe/${name}`,
      {
        kind: 'mgr',
        body: (w) => ({ id: w.foreign.invoiceApplyIds[0], applyId: w.foreign.invoiceApplyIds[0], status: 22, pass: false, reason: '越权操作', expressCompany: 'SF', expressNo: 'SF1234567890', voucherType: 10, file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0', name: '越权.pdf' } }),
      },
    ]),
  ),
  // Only the fields it reads: the fuzzer breaks a template's first id key, which must be the one used.
  'invoice/act/mgr/toMe/inviVoucherCreate': { kind: 'mgr', body: (w) => ({ applyId: w.foreign.invoiceApplyIds[0], voucherType: 10, file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0', name: '越权.pdf' } }) },
  'invoice/act/mgr/toMe/inviVoucherDelete': { kind: 'mgr', body: (w) => ({ id: w.foreign.invoiceVoucherIds[0] }) },
  'invoice/act/mgr/toMe/inviFileCreate': { kind: 'mgr', body: (w) => ({ applyId: w.foreign.invoiceApplyIds[0], invoiceNo: '26112000000000000009', invoiceDate: '2026-11-20', total: '1.00', tax: '0.06', file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0', name: '越权.pdf' } }) },
  'invoice/act/mgr/toMe/inviFileUpdate': { kind: 'mgr', body: (w) => ({ id: w.foreign.invoiceFileIds[0], invoiceNo: '26112000000000000009', invoiceDate: '2026-11-20', total: '1.00', tax: '0.06', file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0', name: '越权.pdf' } }) },
  'invoice/act/mgr/toMe/inviFileDelete': { kind: 'mgr', body: (w) => ({ id: w.foreign.invoiceFileIds[0] }) },
  'invoice/act/mgr/toMe/ocrVatInvoice': { kind: 'get', body: (w) => ({ file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0', name: '越权.pdf' } }) },
  ...Object.fromEntries(
    ['my', 'toMe'].flatMap((dir): Array<[string, MatrixEntry]> => [
      [`invoice/act/query/${dir}/inviVouchers`, { kind: 'get', body: (w) => ({ applyId: w.foreign.invoiceApplyIds[0] }) }],
      [`invoice/act/query/${dir}/inviFileList`, { kind: 'get', body: (w) => ({ applyId: w.foreign.invoiceApplyIds[0] }) }],
      [`invoice/act/query/${dir}/inviVoucherFile`, { kind: 'get', body: (w) => ({ id: w.foreign.invoiceVoucherIds[0] }) }],
      [`invoice/act/query/${dir}/inviFile`, { kind: 'get', body: (w) => ({ id: w.foreign.invoiceFileIds[0] }) }],
    ]),
  ),
  'mercht/query/feeConfig/list': list(() => ({ cond: {}, page: PAGE }), idsIn('merchtId', (w) => w.foreign.merchtIds)),
  'mercht/query/feeConfig/get': { kind: 'get', body: (w) => ({ merchtId: w.foreign.merchtIds[0] }) },
  'mercht/mgr/feeConfig/update': { kind: 'mgr', body: (w) => ({ merchtId: w.foreign.merchtIds[0], feePattern: 0, rounding: 0, ratio: '1.0000' }) },
  'mercht/mgr/feeConfig/reset': { kind: 'mgr', body: (w) => ({ merchtId: w.foreign.merchtIds[0] }) },
  'mercht/query/feeStats/list': list(() => ({ cond: {}, page: PAGE }), idsIn('merchtId', (w) => w.foreign.merchtIds)),
  'mercht/query/feeStats/get': { kind: 'get', body: (w) => ({ statKey: `${w.foreign.merchtIds[0]}:${thisMonth()}` }) },
  'mercht/query/feeStats/customSumByRange': list((w) => ({ cond: { merchtId: w.foreign.merchtIds[0] } }), monthsOf),
  'mercht/query/feeStats/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'mercht/query/feeStats/export': { kind: 'self', note: 'consumes the caller’s own token' },

  // Administrators.
  'user/subuser/list': list(
    (w) => ({ cond: { terCode: w.foreign.entCode, adminType: 40 }, page: PAGE }),
    idsIn('userId', (w) => w.foreign.userIds),
  ),
  'user/subuser/get': { kind: 'get', body: (w) => ({ userId: w.foreign.userIds[0] }) },
  'user/subuser/perm/get': { kind: 'get', body: (w) => ({ subUserId: w.foreign.userIds[0] }) },
  'user/subuser/create': {
    kind: 'mgr',
    body: (w) => ({ username: 'matrixMade1', password: 'Matrix@2026', name: '越权创建', phone: '13912345678', sex: 0, status: 0, adminType: 40, terCode: w.foreign.entCode }),
  },
  'user/subuser/update': { kind: 'mgr', body: (w) => ({ userId: w.foreign.userIds[0], name: '越权修改' }) },
  'user/subuser/delete': { kind: 'mgr', body: (w) => ({ userId: w.foreign.userIds[0] }) },
  'user/subuser/updateStatus': { kind: 'mgr', body: (w) => ({ userId: w.foreign.userIds[0], status: 1 }) },
  'user/subuser/disable': { kind: 'mgr', body: (w) => ({ userId: w.foreign.userIds[0] }) },
  'user/subuser/enable': { kind: 'mgr', body: (w) => ({ userId: w.foreign.userIds[0] }) },
  'user/subuser/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'user/subuser/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'user/subuser/changePassword': { kind: 'mgr', body: (w) => ({ userId: w.foreign.userIds[0], newPassword: 'Matrix@2026' }) },
  'user/subuser/perm/update': { kind: 'mgr', body: (w) => ({ subUserId: w.foreign.userIds[0], permCodes: [1011] }) },

  // Talents.
  'cust/query/list': list(
    (w) => ({ cond: { entId: w.foreign.entId }, page: PAGE }),
    idsIn('id', (w) => w.foreign.custIds),
  ),
  'cust/query/get': { kind: 'get', body: (w) => ({ id: w.foreign.custIds[0] }) },
  'cust/query/querySimple': list(() => ({}), valuesIn((w) => w.foreign.custIds)),
  'cust/query/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'cust/query/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'cust/query/file': { kind: 'get', body: (w) => ({ custId: w.foreign.custIds[0] }) },
  'cust/query/file/download': { kind: 'get', body: (w) => ({ id: w.foreign.custFileIds[0] }) },
  'cust/mgr/create': {
    kind: 'mgr',
    body: (w) => ({ entId: w.foreign.entId, name: '越权新增', idType: 111, idNumber: '11010519491231002X', phone: '13912345678' }),
    // An ENT caller registers the person for its own enterprise whatever entId says: ENT0003's rows must stay.
    snapshot: (db, w) => db.selectFrom('cust_coop_ent').selectAll().where('entId', '=', w.foreign.entId).orderBy('id').execute(),
    appliesToOwn: ['ENT'],
  },
  'cust/mgr/update': { kind: 'mgr', body: (w) => ({ id: w.foreign.custIds[0], name: '越权修改' }) },
  'cust/mgr/disable': { kind: 'mgr', body: (w) => ({ id: w.foreign.custIds[0], reason: '越权操作' }) },
  'cust/mgr/enable': { kind: 'mgr', body: (w) => ({ id: w.foreign.custIds[0] }) },
  'cust/mgr/updateStatus': { kind: 'mgr', body: (w) => ({ id: w.foreign.custIds[0], status: 1, reason: '越权操作' }) },
  'cust/mgr/realName': { kind: 'mgr', body: (w) => ({ id: w.foreign.custIds[0] }) },
  'cust/mgr/ocrIdCard': { kind: 'get', body: (w) => ({ file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}` } }) },
  'cust/mgr/file/save': { kind: 'mgr', body: (w) => ({ custId: w.foreign.custIds[0], fileType: 0, file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}` } }) },
  'cust/mgr/import/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.custImportIds)),
  'cust/mgr/importList': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.custImportIds)),
  'cust/mgr/import/get': { kind: 'get', body: (w) => ({ id: w.foreign.custImportIds[0] }) },
  'cust/mgr/importDetails': { kind: 'get', body: (w) => ({ id: w.foreign.custImportIds[0] }) },
  'cust/mgr/importDFile': { kind: 'get', body: (w) => ({ id: w.foreign.custImportIds[0], kind: 'result' }) },
  // 合作企业, 合作供应商/签约 and 银行卡 (domain/cust/coop.ts, card.ts).
  'cust/query/custCoopEnt': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.custCoopEntIds)),
  'cust/query/custCoopEnt/get': { kind: 'get', body: (w) => ({ id: w.foreign.custCoopEntIds[0] }) },
  'cust/mgr/addEntCoopData': { kind: 'mgr', body: (w) => ({ custId: w.foreign.custIds[0], entId: w.foreign.entId }) },
  'cust/mgr/updateEntCoopData': { kind: 'mgr', body: (w) => ({ id: w.foreign.custCoopEntIds[0], status: 1, remark: '越权暂停' }) },
  'cust/query/custCoopSup': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.custCoopSupIds)),
  'cust/query/custCoopSup/get': { kind: 'get', body: (w) => ({ id: w.foreign.custCoopSupIds[0] }) },
  'cust/query/custCoopSup/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'cust/query/custCoopSup/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'cust/mgr/addSupCoopData': { kind: 'mgr', body: (w) => ({ custId: w.foreign.custIds[0], supplierId: w.foreign.supplierId }) },
  'cust/mgr/updateSupCoopData': { kind: 'mgr', body: (w) => ({ id: w.foreign.custCoopSupIds[0], signStatus: 10, signChannel: 2 }) },
  'cust/mgr/taxRealNameFile': {
    kind: 'mgr',
    body: (w) => ({ id: w.foreign.custCoopSupIds[0], taxFile: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0'.repeat(32), name: '越权.pdf' } }),
  },
  'cust/query/listCustCard': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.custCardIds)),
  'cust/mgr/addCustCard': { kind: 'mgr', body: (w) => ({ custId: w.foreign.custIds[0], cardNo: '6217000010012345677' }) },
  'cust/mgr/deleteCustCard': { kind: 'mgr', body: (w) => ({ id: w.foreign.custCardIds[0] }) },
  'cust/mgr/recheckCustCard': { kind: 'mgr', body: (w) => ({ id: w.foreign.custCardIds[0] }) },
  // 银行卡号: the platform's card BIN table (SYS only).
  ...kitResource({ query: 'bankCard/query', mgr: 'bankCard/mgr' }, 'id', nothingForeign, {
    writes: { add: () => ({ bin: '999999', bankName: '越权银行', cardType: 'DC', cardLength: 19 }), update: () => ({ id: 1, bankName: '越权银行' }) },
  }),
  'bankCard/mgr/addByDetail': { kind: 'mgr', body: () => ({ cardNo: '9999990000000000000', bankName: '越权银行', cardType: 'DC' }) },
  'cust/mgr/import': {
    kind: 'mgr',
    body: (w) => ({ entId: w.foreign.entId, rows: [{ name: '越权导入', idType: '111', idNumber: '11010519491231002X', phone: '13912345678', bankCard: '6222020200112233445' }] }),
    // An ENT caller imports into its own enterprise whatever entId says: only ENT0003's talents must stay.
    snapshot: (db, w) => db.selectFrom('cust').selectAll().where('entId', '=', w.foreign.entId).orderBy('id').execute(),
    appliesToOwn: ['ENT'],
  },

  // The kit's own routes.
  'user/savedSearch/list': { kind: 'self' },
  'user/savedSearch/save': { kind: 'self' },
  'user/savedSearch/delete': { kind: 'self', note: 'deletes only the caller’s own searches' },
  'file/upload': { kind: 'self' },
  'file/download': { kind: 'get', body: (w) => ({ id: w.foreign.fileIds[0] }) },

  // 供应商管理: tax sources, channels and platforms are platform-wide reference data.
  ...kitResource({ query: 'taxSource/query', mgr: 'taxSource/mgr' }, 'id', nothingForeign, {
    writes: { create: () => ({ name: '越权税源地', province: '海南', city: '海口', singleLimit: '1.00', monthlyLimit: '1.00', vatRate: '6.0000' }), update: () => ({ id: 1, name: '越权修改' }) },
    transitions: ['disable', 'enable'],
    exported: true,
  }),
  'taxSource/query/get': shared('platform-wide reference data'),
  'taxSource/query/custStats/list': list(() => ({ cond: {} }), nothingForeign),
  'taxSource/query/tsStats/list': list(() => ({ cond: {} }), nothingForeign),
  ...kitResource({ query: 'supplier/query', mgr: 'supplier/mgr' }, 'id', (w) => w.foreign.supplierIds, {
    writes: { create: () => ({ name: '越权供应商', merchtType: 300, taxSourceId: 1, contactName: '越权', contactPhone: '13912345678' }), update: (w) => ({ id: w.foreign.supplierIds[0], name: '越权修改' }) },
    transitions: ['disable', 'enable'],
    exported: true,
  }),
  ...kitResource({ query: 'supplier/query/config', mgr: 'supplier/mgr/config' }, 'id', (w) => w.foreign.supplierConfigIds, {
    writes: {
      create: (w) => ({ supplierId: w.foreign.supplierId, channel: 3, configType: 101, payeeAcctName: '越权', payeeAcct: '6222020200112233445', payeeBank: '越权银行', status: 0 }),
      update: (w) => ({ id: w.foreign.supplierConfigIds[0], payeeAcctName: '越权修改' }),
    },
  }),
  ...kitResource({ query: 'supplier/query/sms/config', mgr: 'supplier/mgr/sms/config' }, 'id', (w) => w.foreign.smsConfigIds, {
    writes: {
      addOrUpdate: (w) => ({ supplierId: w.foreign.supplierId, smsType: 20, signName: '越权', templateCode: 'X', templateText: '越权' }),
      delete: (w) => ({ id: w.foreign.smsConfigIds[0] }),
    },
  }),
  ...kitResource({ query: 'supplier/query/taxProof/invoice', mgr: 'supplier/mgr/taxProof/invoice' }, 'id', (w) => w.foreign.taxProofIds, {
    writes: {
      create: (w) => ({ supplierId: w.foreign.supplierId, month: '2026-11', invoiceNo: 'X1', amount: '1.00', file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0'.repeat(32) } }),
      update: (w) => ({ id: w.foreign.taxProofIds[0], invoiceNo: 'X2' }),
      delete: (w) => ({ id: w.foreign.taxProofIds[0] }),
    },
  }),
  'supplier/query/taxProof/invoice/file': { kind: 'get', body: (w) => ({ id: w.foreign.taxProofIds[0] }) },
  'supplier/mgr/taxProof/invoice/file': { kind: 'mgr', body: (w) => ({ id: w.foreign.taxProofIds[0], file: { url: `/api/admin/file/download?id=${w.foreign.fileIds[0]}`, fileMd5: '0'.repeat(32) } }) },
  'supplier/query/config': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.supplierConfigIds)),
  'supplier/query/sms/config': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.smsConfigIds)),
  ...kitResource({ query: 'supplier/distor/config', mgr: 'supplier/distor/config' }, 'id', (w) => w.foreign.distributorIds, {
    writes: { add: (w) => ({ supplierId: w.foreign.supplierIds[0], upstreamId: w.foreign.supplierId, ratio: '1.0000' }), update: (w) => ({ id: w.foreign.distributorIds[0], ratio: '9.0000' }) },
  }),
  ...kitResource({ query: 'payChannel/query', mgr: 'payChannel/mgr' }, 'channel', nothingForeign, {
    simple: ['listAll', 'payChannel/querySimple'],
    writes: { create: () => ({ channel: 50, name: '越权通道', adapter: 'MANUAL', manualCredit: 1 }), update: () => ({ channel: 1, name: '越权修改' }) },
    transitions: ['disable', 'enable'],
    exported: true,
  }),
  'payChannel/query/get': shared('platform-wide reference data'),
  ...kitResource({ query: 'payChannel/config/bank/query', mgr: 'payChannel/config/bank/mgr' }, 'id', nothingForeign, {
    writes: { add: () => ({ channel: 1, bankCode: 'X', bankName: '越权银行', singleLimit: '1.00', dayLimit: '1.00', status: 0 }), update: () => ({ id: 1, bankName: '越权修改' }) },
  }),
  'payChannel/config/bank/query/get': shared('platform-wide reference data'),
  ...kitResource({ query: 'xkj/platform/query', mgr: 'xkj/platform/mgr' }, 'id', nothingForeign, {
    simple: ['listSimple'],
    writes: { create: () => ({ name: '越权平台', virtualType: 10, apiUrl: 'https://x.example.com' }), update: () => ({ id: 1, name: '越权修改' }) },
    transitions: ['disable', 'enable'],
    exported: true,
  }),
  'xkj/platform/query/get': shared('platform-wide reference data'),
  ...kitResource({ query: 'xkj/supplier/tsChannel/query', mgr: 'xkj/supplier/tsChannel/mgr' }, 'id', (w) => w.foreign.tsChannelIds, {
    writes: {
      create: (w) => ({ supplierId: w.foreign.supplierId, platformId: 2, account: '越权账号', status: 0 }),
      update: (w) => ({ id: w.foreign.tsChannelIds[0], account: '越权修改' }),
    },
  }),

  // Payout orders (issue 10): 制单 and its rows, orders, lines, the calc-fee log, live progress.
  'order/query/temp/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.tempOrderIds)),
  'order/query/temp/file': { kind: 'get', body: (w) => ({ id: w.foreign.tempOrderIds[0] }) },
  'order/query/temp/get': { kind: 'get', body: (w) => ({ id: w.foreign.tempOrderIds[0] }) },
  'order/query/temp/excelFile': { kind: 'get', body: (w) => ({ id: w.foreign.tempOrderIds[0] }) },
  'order/query/temp/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'order/query/temp/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'order/query/detail/temp/list': list(() => ({ cond: {}, page: PAGE }), idsIn('id', (w) => w.foreign.tempDetailIds)),
  'order/query/detail/temp/get': { kind: 'get', body: (w) => ({ id: w.foreign.tempDetailIds[0] }) },
  'order/query/detail/temp/genExportExcelToken': { kind: 'self', note: 'a token for the caller’s own scoped list' },
  'order/query/detail/temp/export': { kind: 'self', note: 'consumes the caller’s own token' },
  'order/mgr/temp/create': { kind: 'mgr', body: (w) => ({ entId: w.foreign.entId, channel: 1, rows: [{ name: '越权', idType: '111', idNumber: w.foreign.idNumbers[0], account: '6222020000000000001', amount: '1.00' }] }) },
  'order/mgr/temp/addDetail': { kind: 'mgr', body: (w) => ({ tempOrderId: w.foreign.tempOrderIds[0], name: '越权', idType: '111', idNumber: w.foreign.idNumbers[0], account: '6222020000000000001', amount: '1.00' }) },
  'order/mgr/temp/updateDetail': { kind: 'mgr', body: (w) => ({ id: w.foreign.tempDetailIds[0], name: '越权' }) },
  'order/mgr/temp/deleteDetail': { kind: 'mgr', body: (w) => ({ id: w.foreign.tempDetailIds[0] }) },
  ...Object.fromEntries(
    ['submit', 'submitReview', 'approve', 'reject', 'review', 'sendPayCode', 'transOrder', 'delete', 'close'].map((name): [string, MatrixEntry] => [
      `order/mgr/temp/${name}`,
      { kind: 'mgr', body: (w) => ({ id: w.foreign.tempOrderIds[0], pass: true, reason: '越权操作', smsCode: '000000' }) },
    ]),
  ),
  'order/mgr/temp/createFromFailed': { kind: 'mgr', body: (w) => ({ orderNo: w.foreign.invoiceOrderNos[0] }) },
  ...kitResource({ query: 'order/query', mgr: 'order/mgr' }, 'orderNo', (w) => w.foreign.invoiceOrderNos, {
    transitions: ['claim', 'pass', 'fail', 'reprocess', 'closeFailed', 'resubmit', 'closeRejected'],
    exported: true,
  }),
  ...kitResource({ query: 'order/query/detail', mgr: 'order/mgr/detail' }, 'id', (w) => w.foreign.orderDetailIds, { transitions: ['markSuccess', 'markFailed'], exported: true }),
  'order/query/detail/bankReceiptFile': { kind: 'get', body: (w) => ({ id: w.foreign.orderDetailIds[0] }) },
  ...kitResource({ query: 'order/query/calcFeeLog', mgr: 'order/mgr/calcFeeLog' }, 'id', (w) => w.foreign.feeLogIds, { exported: true }),
  'order/query/calcFeeLog/detail': { kind: 'get', body: (w) => ({ id: w.foreign.feeLogIds[0] }) },
  'order/query/genModeExportToken': { kind: 'self', note: 'a token for the caller’s own scoped orders' },
  'order/query/exportMode': { kind: 'self', note: 'consumes the caller’s own token; rows from the caller’s scoped orders' },
  'order/query/progress/ticket': { kind: 'self', note: 'a single-use ticket for the caller’s own progress stream' },
  'order/query/progress': { kind: 'open', note: 'the single-use ticket is the credential; events are filtered by its owner’s scope' },

  // One masked value (issue 22 item 6): a foreign talent's ID number stays hidden (other entities: issue22-masking.test.ts).
  'common/reveal': { kind: 'get', body: (w) => ({ entity: 'cust', key: w.foreign.custIds[0], field: 'idNumber' }) },

  // Search over several kinds of records.
  'search/query': list(
    (w) => ({ q: w.foreign.entCode }),
    (data, w) => rowsOf(data).filter((r) => r.subtitle === w.foreign.entCode || w.foreign.idNumbers.includes(String(r.subtitle))),
  ),
};

/** Looks up an entry; the message tells a route's author exactly what to add. */
/** An enterprise's money: its accounts, recharge applications, refunds and ledger. */
async function moneyOf(db: Kysely<Database>, entId: number) {
  return Promise.all(
    (['ent_account', 'balance_apply', 'refund_apply', 'balance_log'] as const).map((table) => db.selectFrom(table).selectAll().where('entId', '=', entId).orderBy('id').execute()),
  );
}

export function matrixEntry(path: string): MatrixEntry {
  const entry = TENANT_MATRIX[path];
  if (entry) return entry;
  throw new Error(
    `Route "${path}" has no tenant-matrix entry. Add one to api-server/test/support/tenant-matrix.ts (TENANT_MATRIX), ` +
      `e.g. '${path}': { kind: 'get', body: (w) => ({ id: w.foreign.entId }) } — kinds: open | self | list | get | mgr; ` +
      'list needs body + leaked, get/mgr a body naming a record of the foreign organisation (ENT0003 / MER0002 / SPR0002).',
  );
}

/** The foreign organisation's ids, plus sub-accounts of ENT0003 to aim at. */
export async function buildWorld(db: Kysely<Database>): Promise<World> {
  const ent = await db.selectFrom('ent').selectAll().where('entCode', '=', 'ENT0003').executeTakeFirstOrThrow();
  const own = await db.selectFrom('ent').select('id').where('entCode', '=', 'ENT0001').executeTakeFirstOrThrow();
  const custs = await db.selectFrom('cust').select(['id', 'idNumber']).where('entId', '=', ent.id).orderBy('id').execute();
  const now = Date.now();
  const userIds: number[] = [];
  for (const username of ['foreignSub1', 'foreignSub2']) {
    const row = await db
      .insertInto('admin_user')
      .values({
        username,
        ...(await hashPassword('Foreign@2026')),
        name: '外部子账号',
        phone: '13912345678',
        wechat: null,
        email: null,
        sex: 0,
        avatar: null,
        remark: null,
        status: 0,
        adminType: 40,
        terCode: ent.entCode,
        orgId: ent.id,
        isTopAdmin: 0,
        guideStep: -1,
        parentUserId: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('userId')
      .executeTakeFirstOrThrow();
    await db.insertInto('admin_user_perm').values({ userId: row.userId, code: 1011 }).execute();
    userIds.push(row.userId);
  }
  if (custs.length === 0) throw new Error('the demo data has no talent of ENT0003');
  const spr1 = await db.selectFrom('mercht').select('id').where('merchtCode', '=', 'SPR0001').executeTakeFirstOrThrow();
  const supplierIds = (
    await db
      .selectFrom('mercht')
      .select('id')
      .where('merchtType', '>=', 100)
      .where('id', '!=', spr1.id)
      .where((eb) => eb.or([eb('parentId', 'is', null), eb('parentId', '!=', spr1.id)]))
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  const ofSupplier = async (table: 'supplier_config' | 'supplier_sms_config' | 'supplier_tax_proof' | 'supplier_ts_channel' | 'distributor_config') =>
    (await db.selectFrom(table).select('id').where('supplierId', 'in', supplierIds).orderBy('id').execute()).map((r) => r.id);
  const taxProofIds = await ofSupplier('supplier_tax_proof');
  const proofFiles = await db.selectFrom('supplier_tax_proof').select('file').where('id', 'in', taxProofIds).execute();
  await db.insertInto('notice').values({ title: '外部供应商公告', content: '仅发给 SPR0002 名下机构', target: 0, status: 0, publisherId: ent.supplierId, createdAt: now, updatedAt: now }).execute();
  const ofEnt = async (table: 'ent_account' | 'balance_apply' | 'refund_apply' | 'balance_log' | 'ent_tax_proof') =>
    (await db.selectFrom(table).select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id);
  const audited = await db
    .insertInto('audit_log')
    .values({ operatorId: userIds[0], operatorName: '外部子账号', operatorAccount: 'foreignSub1', createdAt: now, action: 'update', entity: 'cust', entityId: String(custs[0].id), changes: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    foreign: {
      entId: ent.id,
      entCode: ent.entCode,
      merchtId: ent.merchtId,
      supplierId: ent.supplierId,
      custIds: custs.map((c) => c.id),
      idNumbers: custs.map((c) => c.idNumber),
      custFileIds: (await db.selectFrom('cust_file').select('id').where('custId', 'in', custs.map((c) => c.id)).orderBy('id').execute()).map((r) => r.id),
      custImportIds: (await db.selectFrom('cust_import').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      custCoopEntIds: (await db.selectFrom('cust_coop_ent').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      custCoopSupIds: (await db.selectFrom('cust_coop_sup').select('id').where('supplierId', '=', ent.supplierId!).orderBy('id').execute()).map((r) => r.id),
      custCardIds: (await db.selectFrom('cust_card').select('id').where('custId', 'in', custs.map((c) => c.id)).orderBy('id').execute()).map((r) => r.id),
      userIds,
      supplierIds,
      supplierConfigIds: await ofSupplier('supplier_config'),
      smsConfigIds: await ofSupplier('supplier_sms_config'),
      taxProofIds,
      tsChannelIds: await ofSupplier('supplier_ts_channel'),
      distributorIds: await ofSupplier('distributor_config'),
      fileIds: proofFiles.map((p) => Number(/id=(\d+)/.exec(p.file)![1])),
      merchtIds: [ent.merchtId],
      entContractIds: (await db.selectFrom('ent_contract').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      merchtContractIds: (await db.selectFrom('mercht_contract').select('id').where('merchtId', '=', ent.merchtId).orderBy('id').execute()).map((r) => r.id),
      coopIds: (await db.selectFrom('ent_coop').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      entFileIds: (await db.selectFrom('ent_file').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      noticeIds: (await db.selectFrom('notice').select('id').where((eb) => eb.or([eb('publisherId', 'is', null), eb('publisherId', '!=', spr1.id)])).orderBy('id').execute()).map((r) => r.id),
      auditIds: [audited.id],
      agreementIds: (await db.selectFrom('agreement').select('id').where('supplierId', '=', ent.supplierId).orderBy('id').execute()).map((r) => r.id),
      agreementVersionIds: (
        await db.selectFrom('agreement_version').select('agreement_version.id').innerJoin('agreement', 'agreement.id', 'agreement_version.agreementId').where('agreement.supplierId', '=', ent.supplierId).orderBy('agreement_version.id').execute()
      ).map((r) => r.id),
      accountIds: await ofEnt('ent_account'),
      rechargeIds: await ofEnt('balance_apply'),
      refundIds: await ofEnt('refund_apply'),
      logIds: await ofEnt('balance_log'),
      entTaxProofIds: await ofEnt('ent_tax_proof'),
      invoiceItemIds: (await db.selectFrom('invoice_item').select('id').where('supplierId', 'in', supplierIds).orderBy('id').execute()).map((r) => r.id),
      invoiceApplyIds: (await db.selectFrom('invoice_apply').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      invoiceVoucherIds: (await db.selectFrom('invoice_voucher as v').innerJoin('invoice_apply as a', 'a.id', 'v.applyId').select('v.id').where('a.entId', '=', ent.id).orderBy('v.id').execute()).map((r) => r.id),
      invoiceFileIds: (await db.selectFrom('invoice_file as f').innerJoin('invoice_apply as a', 'a.id', 'f.applyId').select('f.id').where('a.entId', '=', ent.id).orderBy('f.id').execute()).map((r) => r.id),
      invoiceOrderNos: (await db.selectFrom('pay_order').select('orderNo').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.orderNo),
      taskCategoryIds: (await db.selectFrom('task_category').select('id').where('supplierId', 'in', supplierIds).orderBy('parentId', 'desc').orderBy('id').execute()).map((r) => r.id),
      packageIds: (await db.selectFrom('work_package').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      packageTakerIds: (await db.selectFrom('work_package_taker').innerJoin('work_package', 'work_package.id', 'work_package_taker.packageId').select('work_package_taker.id').where('work_package.entId', '=', ent.id).orderBy('work_package_taker.id').execute()).map((r) => r.id),
      packageAssigneeIds: (await db.selectFrom('work_package_talent').innerJoin('work_package', 'work_package.id', 'work_package_talent.packageId').select('work_package_talent.id').where('work_package.entId', '=', ent.id).orderBy('work_package_talent.id').execute()).map((r) => r.id),
      tempOrderIds: (await db.selectFrom('temp_order').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      tempDetailIds: (await db.selectFrom('temp_order_detail as d').innerJoin('temp_order as t', 't.id', 'd.tempOrderId').select('d.id').where('t.entId', '=', ent.id).orderBy('d.id').execute()).map((r) => r.id),
      orderDetailIds: (await db.selectFrom('order_detail').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
      feeLogIds: (await db.selectFrom('calc_fee_log').select('id').where('entId', '=', ent.id).orderBy('id').execute()).map((r) => r.id),
    },
    own: { entId: own.id },
  };
}
