/**
 * Enterprise money (spec §2 /ent balance menus, §7 ent payChannel/balance calls; DOMAIN.md §3): an
 * account per enterprise × pay channel, its ledger, recharge applications and refunds. Balances move
 * only through the server's ledger service; these declarations give the screens and the routes.
 */
import { defineEntity } from '../entity';
import { MONEY_MESSAGES, refundHandleProcess } from '../rules/money';
import { MONTH_PATTERN } from '../validators';

const SYS_SPR = ['SYS', 'SPR'] as const;
const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;
const entId = { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 220 } as const;
/** An application's enterprise: an ENT account applies for itself whatever the body names (DOMAIN.md §1: never for a sub-enterprise's money). */
const applyingEnt = { ...entId, fromCaller: ['ENT'] } as const;
const channel = { label: '支付通道', type: 'ref', ref: 'payChannel', show: 'channelName', required: true, create: true, search: 'eq', width: 130 } as const;
const reason = { reason: { label: '原因', type: 'textarea', required: true, max: 200 } } as const;

/** Opened by SYS or the supplier on a channel the supplier configured; overdraft is SYS's (18520). */
export const entAccount = defineEntity({
  name: 'entAccount',
  table: 'ent_account',
  key: 'id',
  labelField: 'accountName',
  title: '通道账户',
  derive: (row) => ({ accountName: `${String(row.entName ?? '')} · ${String(row.channelName ?? '')}` }),
  paths: { query: 'ent/query/payChannel', mgr: 'ent/mgr/payChannel' },
  codes: { query: 18510, mgr: 18515 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    /** Names a row in dialog titles: the server computes "企业 · 通道". */
    accountName: { label: '账户', type: 'text', virtual: true, list: false, detail: false },
    entId,
    channel,
    available: { label: '可用余额(元)', type: 'money', column: 'availableFen', sort: true, width: 140 },
    locked: { label: '锁定金额(元)', type: 'money', column: 'lockedFen', sort: true, width: 130 },
    allowOverdraft: { label: '允许透支', type: 'enum', enum: 'yesNo', search: 'eq', width: 90 },
    overdraftLimit: { label: '透支额度(元)', type: 'money', column: 'overdraftLimitFen', width: 130 },
    status: { label: '状态', type: 'enum', enum: 'status', width: 80 },
    createdAt: { ...createdAt, label: '开通时间' },
  },
  commands: {
    // 透支设置 (DOMAIN.md §3, SYS · 18520): on needs a limit > 0 (the effect checks it, api-server domain/ent/money.effects.ts).
    toggleAllowOverdraft: {
      label: '透支设置', for: ['SYS'], code: 18520, success: '透支设置已保存',
      fields: {
        allowOverdraft: { label: '允许透支', type: 'enum', enum: 'yesNo', required: true, message: '请选择是否允许透支' },
        overdraftLimit: { label: '透支额度(元)', type: 'money', requiredWhen: { allowOverdraft: 1 }, message: '请填写透支额度' },
      },
    },
  },
});

const rechargeFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  applyNo: { label: '申请编号', type: 'text', search: 'like', sort: true, width: 150, serial: { prefix: 'RA', width: 8 } },
  entId: applyingEnt,
  channel: { ...channel, column: 'payChannel' },
  amount: { label: '充值金额(元)', type: 'money', column: 'amountFen', required: true, create: true, search: 'range', sort: true, width: 140 },
  voucher: { label: '付款凭证', type: 'file', required: true, create: true, width: 190, filePath: 'ent/query/balance/apply/file' },
  status: { label: '状态', type: 'enum', enum: 'balanceApplyStatus', search: 'eq', sort: true, width: 120, createdAs: 0 },
  reason: { label: '审核/处理说明', type: 'text', width: 180 },
  createdAt: { ...createdAt, label: '申请时间' },
} as const;

/**
 * 充值申请 (DOMAIN.md §3): submitted → reviewed → processing → success/failed, or review failed, or
 * cancelled. Manual channels are credited by the supplier (credit/notArrived); on bank channels the
 * adapter answers when processing starts and the server moves 20 → 50/51 (or 21 on a system error).
 */
export const balanceApply = defineEntity({
  name: 'balanceApply',
  table: 'balance_apply',
  key: 'id',
  labelField: 'applyNo',
  title: '充值申请',
  // 合计 (issue 22): credited and in-flight recharges add up; refused, failed and cancelled ones are shown apart.
  totals: { by: 'status', parts: [
    { label: '成功', values: [50], tone: 'success' },
    { label: '处理中', values: [0, 10, 20], tone: 'primary' },
    { label: '失败/取消', values: [11, 21, 51, 90], excluded: true, tone: 'danger' },
  ] },
  paths: { query: 'ent/query/balance/apply', mgr: 'ent/mgr/balance/apply' },
  codes: { query: 18610, mgr: 18620 },
  fields: rechargeFields,
  checks: [(r) => (Number(r.amount) > 0 ? null : `充值${MONEY_MESSAGES.amountPositive}`)],
  // Kit v3 commands; their business work (the credit, the adapter's answer) is api-server domain/ent/money.effects.ts.
  state: ['status'],
  commands: {
    cancel: { label: '取消申请', from: [0], to: 90, code: 18620, for: ['SYS', 'ENT'], intent: 'warning', confirm: '确定要取消该充值申请吗？' },
    approve: { label: '审核通过', from: [0], to: 10, code: 18630, for: SYS_SPR, intent: 'success', confirm: '确定审核通过该充值申请吗？' },
    reject: { label: '审核不通过', from: [0], to: 11, code: 18630, for: SYS_SPR, intent: 'danger', fields: reason, writes: { reason: 'reason' } },
    revoke: { label: '撤销申请', from: [10], to: 90, code: 18630, for: ['SYS'], intent: 'warning', fields: reason, writes: { reason: 'reason' } },
    process: { label: '开始处理', from: [10], to: 20, code: 18630, for: SYS_SPR, intent: 'primary', confirm: '确定开始处理该充值申请吗？' },
    credit: { label: '确认到账', from: [20], to: 50, code: 18630, for: SYS_SPR, intent: 'success', confirm: '确认款项已到账？确认后金额将计入企业可用余额。' },
    notArrived: { label: '未到账', from: [20], to: 51, code: 18630, for: SYS_SPR, intent: 'danger', confirm: '确认未查询到到账记录？' },
  },
});

const refundFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  refundNo: { label: '退款编号', type: 'text', search: 'like', sort: true, width: 150, serial: { prefix: 'RF', width: 8 } },
  entId: applyingEnt,
  channel,
  balanceType: { label: '余额类型', type: 'enum', enum: 'refundBalanceType', required: true, create: true, search: 'eq', defaultValue: 10, width: 130 },
  applyId: { label: '充值记录', type: 'ref', ref: 'balanceApply', show: 'applyNo', create: true, nullable: true, dependsOn: { entId: 'entId', channel: 'channel' }, width: 150 },
  amount: { label: '退款金额(元)', type: 'money', column: 'amountFen', required: true, create: true, search: 'range', sort: true, width: 140 },
  payeeAcctName: { label: '收款户名', type: 'text', required: true, max: 100, create: true, list: false },
  payeeAcct: { label: '收款账号', type: 'text', rule: 'bankCard', create: true, width: 180 },
  payeeBank: { label: '开户银行', type: 'text', required: true, max: 100, create: true, list: false },
  remark: { label: '退款说明', type: 'textarea', rule: 'remark', create: true, nullable: true, list: false },
  status: { label: '状态', type: 'enum', enum: 'refundStatus', search: 'eq', sort: true, width: 100, createdAs: 0 },
  reason: { label: '审核/处理说明', type: 'text', width: 180 },
  createdAt: { ...createdAt, label: '申请时间' },
} as const;

/** 退款记录: applying locks the amount; rejecting or a failed refund unlocks it, success deducts it. */
export const refundApply = defineEntity({
  name: 'refundApply',
  table: 'refund_apply',
  key: 'id',
  labelField: 'refundNo',
  title: '退款申请',
  derive: (row) => refundHandleProcess(Number(row.status)),
  totals: { by: 'status', parts: [
    { label: '退款成功', values: [30], tone: 'success' },
    { label: '处理中', values: [0, 10], tone: 'primary' },
    { label: '驳回/失败', values: [20, 40], excluded: true, tone: 'danger' },
  ] },
  paths: { query: 'ent/query/refund', mgr: 'ent/mgr/balance/refund' },
  codes: { query: 18710, mgr: 18720 },
  fields: refundFields,
  // A refund of a recharge (余额类型 20) names it.
  checks: [(r) => (Number(r.amount) > 0 ? null : `退款${MONEY_MESSAGES.amountPositive}`), (r) => (r.balanceType === 20 && (r.applyId ?? null) === null ? MONEY_MESSAGES.rechargeRequired : null)],
  // Kit v3 commands; the ledger moves (unlock, deduct) are api-server domain/ent/money.effects.ts.
  state: ['status'],
  commands: {
    approve: { label: '审核通过', from: [0], to: 10, code: 18730, for: SYS_SPR, intent: 'success', confirm: '审核通过后将向企业付款，确定吗？' },
    reject: { label: '驳回', from: [0], to: 20, code: 18730, for: SYS_SPR, intent: 'danger', fields: reason, writes: { reason: 'reason' } },
    succeed: { label: '退款成功', from: [10], to: 30, code: 18730, for: SYS_SPR, intent: 'success', confirm: '确认退款已付出？确认后锁定金额将被扣减。' },
    fail: { label: '退款失败', from: [10], to: 40, code: 18730, for: SYS_SPR, intent: 'danger', fields: reason, writes: { reason: 'reason' } },
  },
});

/** One row per balance change (DOMAIN.md §3), written only by the ledger service. */
export const balanceLog = defineEntity({
  name: 'balanceLog',
  table: 'balance_log',
  key: 'id',
  labelField: 'bizNo',
  title: '收支记录',
  paths: { query: 'ent/query/balance/log', mgr: 'ent/mgr/balance/log' },
  codes: { query: 18650 },
  timestamps: false,
  // Moves are written in time order; by time, 近30天 and the first page walk one index (createdAt, id).
  newestBy: 'createdAt',
  fields: {
    id: { label: '流水号', type: 'int', sort: true, width: 90 },
    entId,
    channel,
    bizType: { label: '业务类型', type: 'enum', enum: 'balanceBizType', search: 'eq', width: 100 },
    bizNo: { label: '业务编号', type: 'text', search: 'eq', width: 160 },
    type: { label: '变动类型', type: 'enum', enum: 'balanceChange', search: 'eq', width: 90 },
    amount: { label: '变动金额(元)', type: 'money', column: 'amountFen', search: 'range', width: 130 },
    availBefore: { label: '变动前可用(元)', type: 'money', column: 'availBeforeFen', width: 140 },
    availAfter: { label: '变动后可用(元)', type: 'money', column: 'availAfterFen', width: 140 },
    lockedBefore: { label: '变动前锁定(元)', type: 'money', column: 'lockedBeforeFen', list: false },
    lockedAfter: { label: '变动后锁定(元)', type: 'money', column: 'lockedAfterFen', width: 140 },
    operatorName: { label: '操作人', type: 'text', width: 110 },
    createdAt: { ...createdAt, label: '时间' },
  },
});

/**
 * 收支记录(简): one line per business number (a recharge, an order, a refund) with its moves summed,
 * answered by `ent/query/balance/log/simpleList` from balance_log (no table of its own).
 */
export const balanceLogGroup = defineEntity({
  name: 'balanceLogGroup',
  table: 'balance_log',
  key: 'bizNo',
  labelField: 'bizNo',
  title: '收支记录(简)',
  paths: { query: 'ent/query/balance/log', mgr: 'ent/mgr/balance/log' },
  codes: { query: 18650 },
  timestamps: false,
  fields: {
    entId,
    channel,
    bizType: { label: '业务类型', type: 'enum', enum: 'balanceBizType', width: 90 },
    bizNo: { label: '业务编号', type: 'text', search: 'eq', width: 150 },
    added: { label: '增加(元)', type: 'money', width: 110 },
    locked: { label: '锁定(元)', type: 'money', width: 110 },
    unlocked: { label: '解锁(元)', type: 'money', width: 110 },
    deducted: { label: '扣减(元)', type: 'money', width: 110 },
    outstanding: { label: '仍锁定(元)', type: 'money', width: 110 },
    rowCount: { label: '变动笔数', type: 'int', width: 80 },
    firstAt: { label: '首次变动', type: 'datetime', list: false },
    lastAt: { label: '最后变动', type: 'datetime', width: 160 },
  },
});

/** 完税记录: the tax-paid proof of one enterprise's month, uploaded by its supplier or the platform. */
export const entTaxProof = defineEntity({
  name: 'entTaxProof',
  table: 'ent_tax_proof',
  key: 'id',
  labelField: 'month',
  title: '完税记录',
  paths: { query: 'ent/query/taxProof/inventory', mgr: 'ent/mgr/taxProof/inventory' },
  codes: { query: 18740, mgr: 18750 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    entId,
    month: { label: '所属月份', type: 'text', input: 'month', required: true, max: 7, rule: { rules: [{ kind: 'pattern', pattern: MONTH_PATTERN, message: '所属月份格式应为yyyy-MM' }] }, create: true, update: true, search: 'eq', sort: true, width: 100 },
    personCount: { label: '完税人数', type: 'int', required: true, create: true, update: true, width: 90 },
    taxAmount: { label: '完税金额(元)', type: 'money', column: 'taxAmountFen', required: true, create: true, update: true, search: 'range', sort: true, width: 130 },
    file: { label: '完税凭证', type: 'file', required: true, create: true, update: true, width: 150, filePath: 'ent/query/taxProof/inventory/file' },
    remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false },
    createdAt,
  },
  checks: [(proof) => (Number(proof.personCount) > 0 ? null : '完税人数须大于0')],
});

/**
 * 综合统计: one enterprise's month over all its channels, from the ledger (recharges credited, payout
 * and refund deductions) and the calc-fee log (service fees); the closing balance (available + locked)
 * is the running sum of credits minus deductions.
 */
export const entMonthStats = defineEntity({
  name: 'entMonthStats',
  table: 'ent_month_stats',
  key: 'statKey',
  labelField: 'month',
  title: '综合统计',
  paths: { query: 'ent/query/stats', mgr: 'ent/mgr/stats' },
  codes: { query: 18530 },
  timestamps: false,
  fields: {
    statKey: { label: '统计键', type: 'text', list: false, detail: false },
    month: { label: '月份', type: 'text', input: 'month', search: 'eq', sort: true, width: 90 },
    entId: { ...entId, required: false, create: false, width: 240 },
    recharge: { label: '充值(元)', type: 'money', column: 'rechargeFen', sort: true, width: 130 },
    paid: { label: '代发扣款(元)', type: 'money', column: 'paidFen', sort: true, width: 140 },
    fee: { label: '服务费(元)', type: 'money', column: 'feeFen', width: 120 },
    refund: { label: '退款(元)', type: 'money', column: 'refundFen', width: 120 },
    closing: { label: '期末余额(元)', type: 'money', column: 'closingFen', width: 140 },
  },
});
