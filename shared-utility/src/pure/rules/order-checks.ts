/**
 * Payout orders (DOMAIN.md §4): the Excel template's header, a row's checks over facts the server
 * has looked up (first failure wins; rerun on edit, submit and preprocess), and the status machines.
 */
import { CUST_IMPORT_MESSAGES, parseIdType } from '../cust-import';
import type { AccountType } from '../enums';
import type { TransitionDef } from '../entity';
import { formatFen, parseMoneyToFen } from '../money';
import { codeOf } from '../permissions';
import { MESSAGES } from '../validators';
import type { CalcMode } from './fees';
import { isValidResidentId, RESIDENT_ID_TYPE } from './identity';

/**
 * The payout row, declared once (issue 23 "one of each"): the template's columns in order, each with its
 * field on the wire and in the sheet reader, its header title, and the most characters a stored row keeps
 * (the temp order detail's maxima). The template (documents/templates.ts), 制单's sheet reader
 * (finance-app order/payout-sheet.ts), the open API, the server's stored row (order/service.ts storedRow)
 * and the entity tempOrderDetail read it; checkPayoutRow below checks its fields.
 */
export const PAYOUT_ROW = {
  name: { title: '姓名*', max: 50 },
  idType: { title: '证件类型' },
  idNumber: { title: '证件号码*', max: 40 },
  phone: { title: '手机号', max: 20 },
  account: { title: '收款账号*', max: 40 },
  bankName: { title: '开户行', max: 100 },
  amount: { title: '金额(元)*', max: 30 },
  remark: { title: '备注', max: 200 },
} as const;
export type PayoutField = keyof typeof PAYOUT_ROW;
/** The row's fields in the template's column order. */
export const PAYOUT_FIELDS = Object.keys(PAYOUT_ROW) as PayoutField[];
/** The template's header row (row 1 of the sheet). */
export const PAYOUT_HEADERS: readonly string[] = PAYOUT_FIELDS.map((field) => PAYOUT_ROW[field].title);
export const PAYOUT_MAX_ROWS = 5000;

export const PAYOUT_MESSAGES = {
  header: '模板表头不正确',
  tooManyRows: `单次最多导入${PAYOUT_MAX_ROWS}条明细，请拆分文件后再导入`,
  rowErrors: (n: number) => `存在${n}条异常明细，请修改或删除后再提交`,
  nameRequired: MESSAGES.nameRequired,
  idType: CUST_IMPORT_MESSAGES.idType,
  idNumberRequired: MESSAGES.idNumberRequired,
  residentId: '身份证号码校验错误',
  accountRequired: '请输入收款账号',
  account: MESSAGES.bankCard,
  amountRequired: '请输入金额',
  amount: '金额必须大于0且最多两位小数',
  nameMismatch: '姓名与人才档案不一致',
  cardInvalid: '银行卡校验错误',
  cardKind: '不支持向该类账户付款',
  payeeNotPositive: '实发金额必须大于0',
  notTaker: '该人才未承接该任务包',
  notRealName: '未实名',
  realNameFailed: '实名认证失败',
  idPhoto: '缺少身份证照片',
  noCoopEnt: '未关联企业',
  coopEntSuspended: '与企业合作已暂停',
  notSigned: '未签约',
  signFailed: '签约失败或已过期',
  notTaxRegistered: '未完成税务登记',
  taxRegFailed: '税务登记失败或已注销',
  noCoopSup: '未关联供应商',
  coopSupSuspended: '与供应商合作已暂停',
  overSingle: (limitFen: number) => `超出单笔限额${formatFen(limitFen)}元`,
  overMonthly: (limitFen: number) => `超出本月个人限额${formatFen(limitFen)}元`,
  manualOnly: '仅人工通道可手工更新明细状态',
} as const;

/** The header row as read from the sheet: cells trimmed, full-width brackets accepted. */
export function checkPayoutHeader(cells: readonly unknown[]): string | null {
  const normalise = (cell: unknown) => String(cell ?? '').trim().replace(/（/g, '(').replace(/）/g, ')');
  const same = PAYOUT_HEADERS.every((header, i) => normalise(cells[i]) === header) && cells.slice(PAYOUT_HEADERS.length).every((c) => normalise(c) === '');
  return same ? null : PAYOUT_MESSAGES.header;
}

/** An amount cell in 元 as fen: > 0 with at most 2 decimals, else null. */
export function parsePayoutAmount(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const fen = parseMoneyToFen(value);
  return fen !== null && fen > 0 ? fen : null;
}

/** A payout row as a temp order keeps it (and an order's line copies it): the cells trimmed to the row's maxima. */
export interface StoredPayoutRow {
  rowNo: number;
  name: string;
  /** null when the cell names none of spec §3's ID types (the row check answers 10). */
  idType: number | null;
  idNumber: string;
  phone: string | null;
  account: string;
  bankName: string | null;
  /** The amount cell as sent; amountFen null when it is not an amount (the row check answers its error). */
  amountText: string;
  amountFen: number | null;
  remark: string | null;
}

const payoutCell = (value: unknown, max: number) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '');

/** A row of the wire (`{name, idType, idNumber, phone?, account, bankName?, amount, remark?}`) as stored: kept as sent, never refused. */
export function storedPayoutRow(raw: Readonly<Record<string, unknown>>, rowNo: number): StoredPayoutRow {
  const R = PAYOUT_ROW;
  const optional = (field: 'phone' | 'bankName' | 'remark') => payoutCell(raw[field], R[field].max) || null;
  return {
    rowNo,
    name: payoutCell(raw.name, R.name.max),
    idType: parseIdType(raw.idType),
    idNumber: payoutCell(raw.idNumber, R.idNumber.max).toUpperCase(),
    phone: optional('phone'),
    account: payoutCell(raw.account, R.account.max).replace(/\s+/g, ''),
    bankName: optional('bankName'),
    amountText: payoutCell(raw.amount, R.amount.max),
    amountFen: parsePayoutAmount(raw.amount),
    remark: optional('remark'),
  };
}

/**
 * 编辑明细: the payout fields sent over the stored row — a field left out keeps its stored value (the
 * amount as it was sent) — stored again under the row's number.
 */
export function editedPayoutRow(before: StoredPayoutRow, given: Readonly<Record<string, unknown>>): StoredPayoutRow {
  const merged = Object.fromEntries(PAYOUT_FIELDS.map((f) => [f, given[f] !== undefined ? given[f] : f === 'amount' ? before.amountText : before[f]]));
  return storedPayoutRow(merged, before.rowNo);
}

/** A row as the browser sends it (order/mgr/temp/create). */
/** A payout row as sent: any of PAYOUT_ROW's fields, unchecked. */
export type PayoutRow = { [F in PayoutField]?: unknown };

/** What the server knows about the row's payee, card, enterprise and limits. */
export interface PayoutRowFacts {
  /** The talent with this ID type and number, or null. realName 0 none / 10 success / 20 failed. */
  talent: { name: string; realName: number; idPhotoFront: boolean; idPhotoBack: boolean } | null;
  /** The account's card record or BIN entry: validated 0/1/2, type DC/CC/SCC, attribute C/B. */
  card: { validated: number; cardType: string | null; cardAttr: string | null } | null;
  coopEntStatus: number | null;
  coopSupStatus: number | null;
  /** Of the talent's custCoopSup: sign 0/10/20/30/40, tax registration 0/10/20/30/40 (0 when none). */
  signStatus: number;
  taxRegStatus: number;
  ent: { requireIdPhoto: boolean; requireSign: boolean; requireTaxReg: boolean; calcMode: CalcMode };
  /** Inner mode: the row's priced payee, null before pricing. */
  payeeFen: number | null;
  /** Whether the talent took the temp order's package in 10/20; null when the order has no packageCode. */
  packageTaker: boolean | null;
  /** The effective per-person limits, null for limitType −1. */
  limits: { singleFen: number; monthlyFen: number } | null;
  /** The person's lines under the effective supplier this month, and this temp order's earlier rows. */
  monthUsedFen: number;
  earlierRowsFen: number;
}

export interface RowCheck {
  errorType: number;
  errorMsg: string | null;
}

const ok: RowCheck = { errorType: 0, errorMsg: null };
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** The table's format checks (type 10), in its order; the first failing message or null. */
function rowFormatError(row: PayoutRow, facts: PayoutRowFacts, amountFen: number | null): string | null {
  const M = PAYOUT_MESSAGES;
  const idType = parseIdType(row.idType);
  const idNumber = text(row.idNumber);
  const account = text(row.account);
  if (!text(row.name)) return M.nameRequired;
  if (idType === null) return M.idType;
  if (!idNumber) return M.idNumberRequired;
  if (!account) return M.accountRequired;
  if (!text(row.amount)) return M.amountRequired;
  if (idType === RESIDENT_ID_TYPE && !isValidResidentId(idNumber)) return M.residentId;
  if (amountFen === null) return M.amount;
  if (!/^\d{10,30}$/.test(account)) return M.account;
  if (facts.talent && facts.talent.name.trim() !== text(row.name)) return M.nameMismatch;
  if (facts.card?.validated === 2) return M.cardInvalid;
  if (facts.card && (facts.card.cardType === 'CC' || facts.card.cardType === 'SCC' || facts.card.cardAttr === 'B')) return M.cardKind;
  if (facts.ent.calcMode === 1 && facts.payeeFen !== null && facts.payeeFen <= 0) return M.payeeNotPositive;
  if (facts.packageTaker === false) return M.notTaker;
  return null;
}

/** One row's error type and message (0 / null when it may be paid), the DOMAIN table in order. */
export function checkPayoutRow(row: PayoutRow, facts: PayoutRowFacts): RowCheck {
  const M = PAYOUT_MESSAGES;
  const amountFen = parsePayoutAmount(row.amount);
  const format = rowFormatError(row, facts, amountFen);
  if (format) return { errorType: 10, errorMsg: format };
  const fail = (errorType: number, errorMsg: string): RowCheck => ({ errorType, errorMsg });
  const { talent, ent, limits } = facts;
  if (!talent || talent.realName === 0) return fail(50, M.notRealName);
  if (talent.realName === 20) return fail(60, M.realNameFailed);
  if (ent.requireIdPhoto && !(talent.idPhotoFront && talent.idPhotoBack)) return fail(70, M.idPhoto);
  if (facts.coopEntStatus === null) return fail(80, M.noCoopEnt);
  if (facts.coopEntStatus === 1) return fail(90, M.coopEntSuspended);
  if (ent.requireSign && (facts.signStatus === 0 || facts.signStatus === 10)) return fail(100, M.notSigned);
  if (ent.requireSign && (facts.signStatus === 30 || facts.signStatus === 40)) return fail(110, M.signFailed);
  if (ent.requireTaxReg && (facts.taxRegStatus === 0 || facts.taxRegStatus === 10)) return fail(120, M.notTaxRegistered);
  if (ent.requireTaxReg && (facts.taxRegStatus === 30 || facts.taxRegStatus === 40)) return fail(130, M.taxRegFailed);
  if (facts.coopSupStatus === null) return fail(140, M.noCoopSup);
  if (facts.coopSupStatus === 1) return fail(150, M.coopSupSuspended);
  if (limits && amountFen! > limits.singleFen) return fail(200, M.overSingle(limits.singleFen));
  if (limits && facts.monthUsedFen + facts.earlierRowsFen + amountFen! > limits.monthlyFen) return fail(200, M.overMonthly(limits.monthlyFen));
  return ok;
}

/**
 * Permission codes of the transitions. DOMAIN §4 numbers them 25020/25030/25060/24060/24070/25510;
 * the project's catalogue (permissions.ts) wins: upload, submit and transOrder are 制单
 * (25030 → ACT_TEMP_ORDER_MGR), order review 24060 → ACT_TEMP_ORDER_REVIEW, reprocess/close 24070 →
 * ACT_TEMP_ORDER_MGR, manual detail status 25510 → ACT_ORDER_DETAIL_STATUS (25510 is 计费记录 there).
 */
const CODES = {
  tempOrder: codeOf('ACT_TEMP_ORDER_MGR'),
  tempReview: codeOf('ACT_TEMP_ORDER_REVIEW'),
  orderReview: codeOf('ACT_TEMP_ORDER_REVIEW'),
  orderHandle: codeOf('ACT_TEMP_ORDER_MGR'),
  detailStatus: codeOf('ACT_ORDER_DETAIL_STATUS'),
};

const ENT_SYS: AccountType[] = ['ENT', 'SYS'];
const SPR_SYS: AccountType[] = ['SPR', 'SYS'];
const reason = { reason: { label: '原因', type: 'textarea' as const, required: true, max: 500 } };

/** Manual line results (updateStatus): manual channels 0/99 only, a line in 10 of an order in 52/60. */
export function checkManualDetailUpdate(channel: number, orderStatus: number, detailStatus: number): string | null {
  const allowed = (channel === 0 || channel === 99) && (orderStatus === 52 || orderStatus === 60) && detailStatus === 10;
  return allowed ? null : PAYOUT_MESSAGES.manualOnly;
}

/** A transition the system takes by itself (worker, adapter, last line resolved). */
export interface SystemTransition {
  from: number[];
  to: number;
  trigger: string;
  /** The audit action the system records for it. */
  action?: string;
}

export interface TransitionTable {
  /** Transitions people take, by name, in the kit's machine shape (`from: []` creates the record). */
  transitions: Record<string, TransitionDef>;
  system: SystemTransition[];
  end: number[];
}

/** At most this many 54→50 resubmits of one order. */
export const ORDER_MAX_RESUBMITS = 3;
export const TEMP_ORDER_EDITABLE = [0, 21];
export const TEMP_ORDER_DELETABLE = [0, 10, 21];
/** A closed temp order (an open-API one people will not pay): kept, never edited again. */
export const TEMP_ORDER_CLOSED = 40;
/**
 * Whether 提交 goes to review (20) rather than straight to 10: a rejected temp order always; a new one when its
 * enterprise's tempOrderReview is on now (`entTempReview`, read with the row); otherwise as it was written.
 */
export const tempReviewOnSubmit = (row: Readonly<Record<string, unknown>>) =>
  Number(row.status) === 21 || (Number(row.status) === 0 ? Number(row.entTempReview) === 1 : Number(row.needReview) === 1);

export const transitionTables: Record<'tempOrder' | 'order' | 'orderDetail', TransitionTable> = {
  tempOrder: {
    transitions: {
      upload: { label: '上传制单', from: [], to: 0, for: ENT_SYS, code: CODES.tempOrder },
      // tempOrderReview = 0 submits straight to 10; = 1 goes through review.
      submit: { label: '提交', from: [0], to: 10, for: ENT_SYS, code: CODES.tempOrder },
      submitReview: { label: '提交审核', from: [0, 21], to: 20, for: ENT_SYS, code: CODES.tempOrder },
      approve: { label: '审核通过', from: [20], to: 10, for: SPR_SYS, code: CODES.tempReview },
      reject: { label: '审核不通过', from: [20], to: 21, for: SPR_SYS, code: CODES.tempReview, fields: reason },
      transOrder: { label: '提交订单', from: [10], to: 30, for: ENT_SYS, code: CODES.tempOrder },
      // An open-API temp order is never edited or deleted by people: it is closed (kept for the client's query).
      close: { label: '关闭', from: [10, 21], to: 40, for: ENT_SYS, code: CODES.tempOrder },
    },
    system: [],
    end: [30, 40],
  },
  order: {
    transitions: {
      create: { label: '提交订单', from: [], to: 0, for: ENT_SYS, code: CODES.tempOrder },
      reprocess: { label: '重新处理', from: [12], to: 10, for: ENT_SYS, code: CODES.orderHandle },
      closeFailed: { label: '关闭', from: [12], to: 64, for: ENT_SYS, code: CODES.orderHandle },
      claim: { label: '领取审核', from: [20], to: 22, for: SPR_SYS, code: CODES.orderReview },
      pass: { label: '审核通过', from: [22], to: 50, for: SPR_SYS, code: CODES.orderReview },
      fail: { label: '审核不通过', from: [22], to: 24, for: SPR_SYS, code: CODES.orderReview, fields: reason },
      resubmit: { label: '重新提交', from: [54], to: 50, for: SPR_SYS, code: CODES.orderHandle },
      closeRejected: { label: '关闭', from: [54], to: 64, for: ['SPR', 'SYS', 'ENT'], code: CODES.orderHandle },
      // The first manual line result (updateStatus) moves the order on, as a channel ack would.
      manualMark: { label: '手工更新明细', from: [52], to: 60, for: SPR_SYS, code: CODES.detailStatus },
    },
    system: [
      { from: [0], to: 10, trigger: 'worker, FIFO per enterprise', action: 'startPreprocess' },
      { from: [10], to: 12, trigger: 'preprocess failed', action: 'preprocessFailed' },
      { from: [10], to: 20, trigger: 'all locked; review needed (channel 0 or orderReview = 1)', action: 'awaitReview' },
      { from: [10], to: 50, trigger: 'all locked; no review', action: 'locked' },
      { from: [50], to: 52, trigger: 'adapter accepted', action: 'submitted' },
      { from: [50], to: 54, trigger: 'adapter rejected', action: 'submitRejected' },
      { from: [52], to: 60, trigger: 'channel ack', action: 'channelAck' },
      { from: [60], to: 62, trigger: 'last line resolved: all success', action: 'finished' },
      { from: [60], to: 162, trigger: 'last line resolved: mixed', action: 'partlyFailed' },
      { from: [60], to: 64, trigger: 'last line resolved: all failed', action: 'payoutFailed' },
    ],
    end: [24, 62, 162, 64],
  },
  orderDetail: {
    transitions: {
      markSuccess: { label: '代发成功', from: [10], to: 20, for: SPR_SYS, code: CODES.detailStatus },
      markFailed: { label: '代发失败', from: [10], to: 30, for: SPR_SYS, code: CODES.detailStatus, fields: reason },
    },
    system: [
      { from: [0], to: 10, trigger: 'adapter accepted' },
      { from: [10], to: 20, trigger: 'channel success' },
      { from: [10], to: 30, trigger: 'channel failed' },
      { from: [0], to: 50, trigger: 'order closed (24/64): unlock, reverse fee' },
    ],
    end: [20, 30, 50],
  },
};
