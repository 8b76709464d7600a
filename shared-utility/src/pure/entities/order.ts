/**
 * Payout orders (DOMAIN.md §4, spec §2 /order, §7 order calls): 制单 (temp orders and their rows),
 * 代发订单 (orders), 订单明细 (their lines) and 计费记录 (the calc-fee log). Declared once; the
 * finance-app screens and the api-server routes (api-server/src/domain/order) derive from these.
 *
 * Machines: the transitions people take, from the transition tables of rules/order-checks.ts (the
 * system's own steps — worker, adapter, last line resolved — are in those tables' `system` lists and
 * run in api-server/src/domain/order/worker.ts).
 */
import { type TransitionDef, defineEntity, defineMachine } from '../entity';
import { codeOf } from '../permissions';
import { feeBandsShown } from '../rules/order-pricing';
import { PAYOUT_ROW, TEMP_ORDER_DELETABLE, TEMP_ORDER_EDITABLE, tempReviewOnSubmit, transitionTables } from '../rules/order-checks';

const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;
const entId = { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 220 } as const;
const channel = { label: '支付通道', type: 'ref', ref: 'payChannel', show: 'channelName', column: 'payChannel', required: true, create: true, search: 'eq', width: 130 } as const;
/**
 * A payout line's ID, card and phone numbers are masked for everyone (issue 22 item 6); they are
 * revealed by 25020 制单 — the code that writes the rows and handles the order (重新处理, 重新提交,
 * 失败明细重新制单), not 20110, a talent code a 制单员 may not hold (docs/decisions.md "payout lines").
 */
const LINE_REVEAL = codeOf('ACT_TEMP_ORDER_MGR');
const lineMask = (masked: 'idNumber' | 'bankCard' | 'phone') => ({ masked, revealCode: LINE_REVEAL }) as const;
const money = (label: string, column: string, extra: Record<string, unknown> = {}) => ({ label, type: 'money', column, width: 130, ...extra }) as const;

/**
 * The named transitions of a table, leaving out those that create the record (`from: []`) and those
 * named; a transition asking a reason writes it to the record's `reason` field.
 */
function people(table: keyof typeof transitionTables, without: string[] = []): Record<string, TransitionDef<'reason'>> {
  return Object.fromEntries(
    Object.entries(transitionTables[table].transitions)
      .filter(([name, t]) => t.from.length > 0 && !without.includes(name))
      .map(([name, t]): [string, TransitionDef<'reason'>] => [name, t.fields?.reason ? { ...t, writes: { reason: 'reason' } } : (t as TransitionDef<never>)]),
  );
}

const TEMP = people('tempOrder');
const editableRow = (row: Readonly<Record<string, unknown>>) => TEMP_ORDER_EDITABLE.includes(Number(row.tempStatus)) && !row.tempOpenClientCode;

const tempOrderFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  tempOrderNo: { label: '制单编号', type: 'text', column: 'tempNo', search: 'like', sort: true, width: 150, serial: { prefix: 'TO', width: 8 } },
  entId,
  channel,
  packageCode: { label: '任务包编号', type: 'text', max: 32, create: true, nullable: true, search: 'eq', width: 140 },
  lineCount: { label: '明细笔数', type: 'int', column: 'detailCount', sort: true, width: 90 },
  amount: money('金额(元)', 'amountFen', { search: 'range', sort: true }),
  errorCount: { label: '异常笔数', type: 'int', width: 90 },
  status: { label: '状态', type: 'enum', enum: 'tempOrderStatus', search: 'eq', sort: true, width: 100 },
  /** Whether 提交 goes to review (20) or straight to 10: the enterprise's tempOrderReview when it is submitted (a rejected one is always reviewed again). */
  needReview: { label: '需要审核', type: 'enum', enum: 'yesNo', list: false },
  /** The API client that sent it (open API payouts: people may only close them). */
  openClientCode: { label: '接口客户', type: 'text', list: false },
  reason: { label: '审核说明', type: 'text', width: 180 },
  orderNo: { label: '订单编号', type: 'text', search: 'eq', width: 150 },
  remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, nullable: true, list: false },
  excelFile: { label: '原始文件', type: 'file', list: false, filePath: 'order/query/temp/excelFile' },
  operatorName: { label: '制单人', type: 'text', width: 100 },
  createdAt,
} as const;

/**
 * 制单: a payout sheet's rows checked against the talents' gates (DOMAIN.md §4), edited in 0/21,
 * submitted (to 10, or to review 20 when tempOrderReview = 1), reviewed by the supplier, and turned
 * into an order by transOrder (ENT confirms with an SMS payment code).
 */
export const tempOrder = defineEntity({
  name: 'tempOrder',
  table: 'temp_order',
  key: 'id',
  labelField: 'tempOrderNo',
  title: '制单',
  paths: { query: 'order/query/temp', mgr: 'order/mgr/temp' },
  codes: { query: 25010, mgr: 25020, export: 25010 },
  totals: { by: 'status', parts: [
    { label: '已处理', values: [30], tone: 'success' },
    { label: '待处理', values: [0, 10, 20], tone: 'primary' },
    { label: '审核失败/已关闭', values: [21, 40], excluded: true, tone: 'danger' },
  ] },
  fields: tempOrderFields,
  // 提交 and 提交审核 write whether the temp order went through review with its status.
  state: ['status', 'needReview'],
  commands: {
    ...TEMP,
    // 提交 goes straight to 10 only when no review is asked; otherwise 提交审核 (the enterprise's setting read with the row).
    // 提交 and 提交审核 are one call: the row decides which (a rejected one, or the enterprise's tempOrderReview now).
    submit: { ...TEMP.submit, to: { status: 10, needReview: 0 }, when: (row) => !tempReviewOnSubmit(row), instead: (row) => (tempReviewOnSubmit(row) ? 'submitReview' : null) },
    submitReview: { ...TEMP.submitReview, to: { status: 20, needReview: 1 }, when: (row) => Number(row.status) !== 0 || tempReviewOnSubmit(row), instead: (row) => (tempReviewOnSubmit(row) ? null : 'submit') },
    // order/mgr/temp/review {id, pass, reason?}: 审核通过 or 审核不通过, each audited as itself.
    review: { label: '审核', for: TEMP.approve.for, code: TEMP.approve.code, choose: { field: 'pass', yes: 'approve', no: 'reject' }, fields: { pass: { label: '审核结果', type: 'bool', required: true } } },
    // addDetail {tempOrderId, ...a payout row}: the row is kept as sent and checked (a wrong cell is its error, not a refusal).
    addDetail: { label: '新增明细', for: TEMP.submit.for, code: TEMP.submit.code, from: TEMP_ORDER_EDITABLE, keyField: 'tempOrderId' },
    // delete {id}: the temp order and its rows (an API client's is closed instead); the screen's remove() asks first.
    delete: { label: '删除', for: TEMP.submit.for, code: TEMP.submit.code, from: TEMP_ORDER_DELETABLE, intent: 'danger' },
  },
});

/** A row of a temp order: what the sheet said, and the first failing check (errorType 0 when it may be paid). */
export const tempOrderDetail = defineEntity({
  name: 'tempOrderDetail',
  table: 'temp_order_detail',
  key: 'id',
  labelField: 'name',
  title: '制单明细',
  paths: { query: 'order/query/detail/temp', mgr: 'order/mgr/temp' },
  codes: { query: 25010, mgr: 25020, export: 25010 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    tempOrderId: { label: '制单', type: 'int', search: 'eq', list: false },
    rowNo: { label: '行号', type: 'int', sort: true, width: 70 },
    name: { label: '姓名', type: 'text', required: true, max: PAYOUT_ROW.name.max, create: true, update: true, search: 'like', width: 100 },
    idType: { label: '证件类型', type: 'enum', enum: 'idType', create: true, update: true, defaultValue: 111, width: 110 },
    idNumber: { label: '证件号码', type: 'text', required: true, max: PAYOUT_ROW.idNumber.max, create: true, update: true, search: 'eq', ...lineMask('idNumber'), width: 180 },
    phone: { label: '手机号', type: 'text', max: PAYOUT_ROW.phone.max, create: true, update: true, nullable: true, ...lineMask('phone'), width: 120 },
    account: { label: '收款账号', type: 'text', required: true, max: PAYOUT_ROW.account.max, create: true, update: true, search: 'eq', ...lineMask('bankCard'), width: 190 },
    bankName: { label: '开户行', type: 'text', max: PAYOUT_ROW.bankName.max, create: true, update: true, nullable: true, width: 160 },
    /** The cell as sent when it was not an amount (shown beside the 格式错误 message). */
    amountText: { label: '金额(原文)', type: 'text', list: false },
    amount: money('金额(元)', 'amountFen', { required: true, create: true, update: true, search: 'range', sort: true }),
    remark: { label: '备注', type: 'text', max: PAYOUT_ROW.remark.max, create: true, update: true, nullable: true, width: 140 },
    errorType: { label: '异常类型', type: 'enum', enum: 'orderDetailError', search: 'eq', width: 120 },
    errorMsg: { label: '异常说明', type: 'text', width: 200 },
  },
  // A row is edited and deleted while its temp order is in 0/21 and people's (tempStatus, tempOpenClientCode: read with the row).
  commands: {
    updateDetail: { label: '编辑', for: TEMP.submit.for, code: TEMP.submit.code, when: editableRow },
    deleteDetail: { label: '删除', for: TEMP.submit.for, code: TEMP.submit.code, when: editableRow, confirm: '确定要删除该明细吗？', intent: 'danger', success: '删除成功' },
  },
});

const payOrderFields = {
  orderNo: { label: '订单编号', type: 'text', search: 'like', sort: true, width: 150, serial: { prefix: 'PO', width: 8 } },
  entId,
  supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', search: 'eq', width: 200 },
  merchtId: { label: '商户', type: 'ref', ref: 'merchant', show: 'merchtName', search: 'eq', list: false },
  channel,
  status: { label: '状态', type: 'enum', enum: 'orderStatus', search: 'in', sort: true, width: 110 },
  lineCount: { label: '笔数', type: 'int', column: 'detailCount', sort: true, width: 70 },
  amount: money('代发金额(元)', 'amountFen', { search: 'range', sort: true }),
  fee: money('服务费(元)', 'feeFen', { sort: true }),
  lockAmount: money('锁定金额(元)', 'lockFen'),
  successAmount: money('成功金额(元)', 'successFen'),
  failAmount: money('失败金额(元)', 'failFen'),
  successCount: { label: '成功笔数', type: 'int', width: 80 },
  failCount: { label: '失败笔数', type: 'int', width: 80 },
  calcMode: { label: '计费方式', type: 'enum', enum: 'feeCalcMode', search: 'eq', width: 90 },
  tempOrderNo: { label: '制单编号', type: 'text', search: 'eq', list: false },
  resubmitCount: { label: '重新提交次数', type: 'int', list: false },
  channelBatchNo: { label: '通道批次号', type: 'text', list: false },
  reason: { label: '说明', type: 'text', width: 200 },
  remark: { label: '备注', type: 'text', list: false },
  createdAt: { ...createdAt, label: '下单时间' },
  updatedAt: { label: '更新时间', type: 'datetime', sort: true, width: 170, list: false },
} as const;

/**
 * 代发订单: created by transOrder with its lines priced and charged; the worker preprocesses (row
 * checks, lock all-or-nothing), submits through the channel adapter and settles each line. People
 * claim and review (20/22), reprocess or close a failed preprocess (12), resubmit or close a rejected
 * submission (54). Exports: 10 list, 20 work certificate, 30 tax declaration, 40 manual pay sheet.
 */
export const payOrder = defineEntity({
  name: 'payOrder',
  table: 'pay_order',
  key: 'orderNo',
  labelField: 'orderNo',
  title: '代发订单',
  paths: { query: 'order/query', mgr: 'order/mgr' },
  codes: { query: 24010, export: 24020 },
  // An order's amount adds while paid or in flight; 成功/失败金额 already split its lines.
  totals: { by: 'status', fields: ['amount', 'fee', 'lockAmount'], parts: [
    { label: '已完成', values: [62, 162], tone: 'success' },
    { label: '处理中', values: [0, 10, 20, 22, 50, 52, 60], tone: 'primary' },
    { label: '失败', values: [12, 24, 54, 64], excluded: true, tone: 'danger' },
  ] },
  fields: payOrderFields,
  // manualMark is taken by the first manual line result (detail updateStatus), not offered on the row.
  machine: defineMachine(payOrderFields, 'status', people('order', ['manualMark'])),
});

const orderDetailFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  orderNo: { label: '订单编号', type: 'text', search: 'eq', sort: true, width: 150 },
  rowNo: { label: '行号', type: 'int', sort: true, width: 70 },
  serialNo: { label: '流水号', type: 'text', search: 'eq', list: false },
  entId,
  channel,
  name: { label: '姓名', type: 'text', search: 'like', width: 100 },
  idType: { label: '证件类型', type: 'enum', enum: 'idType', list: false },
  idNumber: { label: '证件号码', type: 'text', search: 'eq', ...lineMask('idNumber'), width: 180 },
  phone: { label: '手机号', type: 'text', list: false, ...lineMask('phone') },
  account: { label: '收款账号', type: 'text', search: 'eq', ...lineMask('bankCard'), width: 190 },
  bankName: { label: '开户行', type: 'text', list: false },
  amount: money('金额(元)', 'amountFen', { search: 'range', sort: true }),
  fee: money('服务费(元)', 'feeFen', { width: 110 }),
  lockAmount: money('锁定金额(元)', 'lockFen', { list: false }),
  payee: money('实发金额(元)', 'payeeFen'),
  status: { label: '状态', type: 'enum', enum: 'orderDetailStatus', search: 'in', sort: true, width: 100 },
  errorType: { label: '异常类型', type: 'enum', enum: 'orderDetailError', search: 'eq', width: 120 },
  reason: { label: '失败原因', type: 'text', width: 180 },
  /** `回单_{serialNo}.pdf` of a successful bank line; served by order/query/detail/bankReceiptFile. */
  receiptFile: { label: '银行回单', type: 'text', width: 200 },
  /** 失败明细重新制单: the live temp order this failed line was copied into (one at a time). */
  remadeTempOrderNo: { label: '重新制单', type: 'text', virtual: true, width: 120 },
  remark: { label: '备注', type: 'text', list: false },
  createdAt,
  resultAt: { label: '完成时间', type: 'datetime', search: 'range', width: 170 },
} as const;

/** 订单明细: each line's amount, fee, payee amount and result; manual channels take results by hand. */
export const orderDetail = defineEntity({
  name: 'orderDetail',
  table: 'order_detail',
  key: 'id',
  labelField: 'serialNo',
  title: '订单明细',
  derive: (row) => ({ remadeTempOrderNo: row.remadeTempNo ?? null }),
  paths: { query: 'order/query/detail', mgr: 'order/mgr/detail' },
  codes: { query: 25110, export: 25120 },
  fields: orderDetailFields,
  machine: defineMachine(orderDetailFields, 'status', people('orderDetail')),
  totals: { by: 'status', parts: [
    { label: '代发成功', values: [20], tone: 'success' },
    { label: '处理中', values: [0, 10], tone: 'primary' },
    { label: '失败', values: [30, 50], excluded: true, tone: 'danger' },
  ] },
});

/** 计费记录: one row per line per event (10 charge, 20 reversal with every amount negated). */
export const calcFeeLog = defineEntity({
  name: 'calcFeeLog',
  table: 'calc_fee_log',
  key: 'id',
  labelField: 'orderNo',
  title: '计费记录',
  derive: (row) => ({ bands: feeBandsShown(row.bands), merchtCode: row.merchtCode ?? null, parentMerchtCode: row.parentMerchtCode ?? null }),
  paths: { query: 'order/query/calcFeeLog', mgr: 'order/mgr/calcFeeLog' },
  codes: { query: 25510 },
  timestamps: false,
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    orderNo: { label: '订单编号', type: 'text', search: 'eq', sort: true, width: 150 },
    rowNo: { label: '行号', type: 'int', width: 70 },
    detailId: { label: '明细', type: 'int', list: false, detail: false },
    kind: { label: '类型', type: 'enum', enum: 'feeLogKind', search: 'eq', width: 70 },
    entId,
    merchtId: { label: '商户', type: 'ref', ref: 'merchant', show: 'merchtName', search: 'eq', width: 180 },
    parentMerchtId: { label: '上级商户', type: 'ref', ref: 'merchant', show: 'parentMerchtName', width: 180 },
    /** DOMAIN.md §11: the wire names the merchants by code too. */
    merchtCode: { label: '商户编号', type: 'text', virtual: true, list: false },
    parentMerchtCode: { label: '上级商户编号', type: 'text', virtual: true, list: false },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', search: 'eq', list: false },
    idNumber: { label: '证件号码', type: 'text', search: 'eq', ...lineMask('idNumber'), width: 180 },
    amount: money('金额(元)', 'amountFen', { search: 'range' }),
    pattern: { label: '计费模式', type: 'enum', enum: 'feePattern', width: 100 },
    calcMode: { label: '计费方式', type: 'enum', enum: 'feeCalcMode', width: 90 },
    rounding: { label: '舍入方式', type: 'enum', enum: 'rounding', list: false },
    basisBefore: money('计费基数(元)', 'basisBeforeFen', { list: false }),
    /** `[{from, to, ratio, portion}]`: money strings and ratio strings (formatted by the route). */
    bands: { label: '计费区间', type: 'json', list: false },
    entFee: money('服务费(元)', 'entFeeFen', { width: 110 }),
    merchtCost: money('商户成本(元)', 'merchtCostFen', { list: false }),
    merchtProfit: money('商户分润(元)', 'merchtProfitFen'),
    parentCost: money('上级成本(元)', 'parentCostFen', { list: false }),
    parentProfit: money('上级分润(元)', 'parentProfitFen'),
    supIncome: money('供应商收入(元)', 'supIncomeFen'),
    month: { label: '月份', type: 'text', input: 'month', search: 'eq', width: 90 },
    createdAt: { ...createdAt, label: '计费时间' },
  },
});
