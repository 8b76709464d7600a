/** Task packages (DOMAIN.md §7, spec §2 /task): a supplier's two-level task categories. */
import { defineEntity } from '../entity';
import { type AccountType, enumLabel, ENUMS } from '../enums';
import { PACKAGE_CREATED, PACKAGE_LIFECYCLE, PACKAGE_MESSAGES, TAKER_STATUS, type PackageAction, packageAllows, packagePriceText, packageRowError, type PackageTriple } from '../rules/package';

export const TASK_MESSAGES = {
  parentLevel: '上级分类只能是本供应商的一级分类',
  inUse: '该分类下存在任务包，无法删除',
  hasChildren: '该分类下存在子分类，无法删除',
} as const;

export const taskCategory = defineEntity({
  name: 'taskCategory',
  table: 'task_category',
  key: 'id',
  labelField: 'categoryName',
  title: '任务分类',
  paths: { query: 'package/cat/query', mgr: 'package/cat/mgr' },
  codes: { query: 32110, mgr: 32120 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    categoryName: { label: '分类名称', type: 'text', required: true, max: 50, create: true, update: true, search: 'like', width: 200 },
    parentId: { label: '上级分类', type: 'ref', ref: 'taskCategory', show: 'parentName', create: true, nullable: true, search: 'eq', placeholder: '不选为一级分类', width: 160 },
    invoiceItemId: { label: '开票项目', type: 'ref', ref: 'invoiceItem', show: 'itemName', create: true, update: true, nullable: true, width: 240 },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', create: true, width: 220 },
    remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false },
    createdAt: { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 160 },
  },
});

/** A lifecycle action's people and row condition, and what it moves the three state fields to. */
const lifecycle = (action: PackageAction) => ({
  for: PACKAGE_LIFECYCLE[action].for as AccountType[],
  when: (row: Readonly<Record<string, unknown>>, type: AccountType) => packageAllows(action, row as unknown as PackageTriple, type),
  to: PACKAGE_LIFECYCLE[action].to as Record<string, string | number>,
});

/**
 * 任务包 (DOMAIN.md §7; spec §3 package fields, §4 states): an enterprise's package, reviewed by its
 * supplier, listed for talents to take. `status` is the work-package state the machine moves; the
 * review status and package status move with it: its commands (审核 included) follow the one lifecycle of
 * rules/package.ts.
 */
export const workPackage = defineEntity({
  name: 'workPackage',
  table: 'work_package',
  key: 'id',
  labelField: 'name',
  title: '任务包',
  paths: { query: 'package/query', mgr: 'package/mgr' },
  derive: (row) => ({ priceText: packagePriceText(Number(row.priceType), row.priceLowerFen as number | null, row.priceUpperFen as number | null) }),
  codes: { query: 32210, mgr: 32220 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    packageCode: { label: '任务包编号', type: 'text', search: 'like', width: 110, serial: { prefix: 'PKG', width: 5 } },
    name: { label: '任务包名称', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', width: 170 },
    // An enterprise publishes for itself unless it names one of its own (a sub-enterprise; the scope decides).
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 190, fromCaller: ['ENT'], callerMayName: true },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', list: false },
    categoryId: { label: '任务分类', type: 'ref', ref: 'taskCategory', show: 'categoryName', create: true, update: true, nullable: true, width: 100 },
    packageType: { label: '任务包类型', type: 'enum', enum: 'packageType', required: true, create: true, update: true, search: 'eq', defaultValue: 10, width: 90 },
    packagePriceType: { label: '价格类型', type: 'enum', enum: 'packagePriceType', column: 'priceType', required: true, create: true, update: true, defaultValue: 10, list: false },
    packagePriceLower: { label: '价格下限(元)', type: 'money', column: 'priceLowerFen', create: true, update: true, nullable: true, list: false, formWhen: { field: 'packagePriceType', in: [20, 30] } },
    packagePriceUpper: { label: '价格上限(元)', type: 'money', column: 'priceUpperFen', create: true, update: true, nullable: true, list: false, formWhen: { field: 'packagePriceType', in: [30] } },
    priceText: { label: '价格(元)', type: 'text', virtual: true, form: false, width: 160 },
    startDate: { label: '开始日期', type: 'date', required: true, create: true, update: true, sort: true, width: 100 },
    endDate: { label: '结束日期', type: 'date', required: true, create: true, update: true, search: 'range', sort: true, width: 100 },
    description: { label: '任务描述', type: 'textarea', max: 1000, create: true, update: true, nullable: true, list: false },
    attachment: { label: '附件', type: 'file', create: true, update: true, nullable: true, list: false, filePath: 'package/query/file' },
    // A new package starts unreviewed, hidden, not started (rules/package.ts PACKAGE_CREATED).
    reviewStatus: { label: '审核状态', type: 'enum', enum: 'packageReviewStatus', search: 'eq', width: 80, createdAs: PACKAGE_CREATED.reviewStatus },
    pkgStatus: { label: '展示状态', type: 'enum', enum: 'packageStatus', search: 'eq', width: 80, createdAs: PACKAGE_CREATED.pkgStatus },
    status: { label: '任务包状态', type: 'enum', enum: 'workPackageStatus', search: 'eq', width: 90, createdAs: PACKAGE_CREATED.status },
    reviewRemark: { label: '审核意见', type: 'text', list: false },
    /** Σ the success lines of payouts made with the package code (DOMAIN.md §7 settlement). */
    settledAmount: { label: '已结算金额(元)', type: 'money', column: 'settledFen', list: false },
    createdAt: { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 150 },
  },
  // Its prices by its type, the end date not before the start (1001 on create and update).
  checks: [packageRowError],
  // One lifecycle (rules/package.ts PACKAGE_LIFECYCLE) moves the three state fields together; the commands
  // take who and when from it. `from` names the states of `status` each starts from (updateStatus).
  state: ['status', 'reviewStatus', 'pkgStatus'],
  commands: {
    review: {
      label: '审核',
      ...lifecycle('pass'),
      code: 32302,
      to: (input) => PACKAGE_LIFECYCLE[input.pass ? 'pass' : 'fail'].to!,
      fields: {
        pass: { label: '审核结果', type: 'bool', required: true, choices: ['通过', '不通过'] },
        reason: { label: '审核意见', type: 'textarea', max: 200, requiredWhen: { pass: false }, message: PACKAGE_MESSAGES.reviewReason, placeholder: '不通过时必填，企业可见' },
      },
      writes: { reason: 'reviewRemark' },
      success: '审核完成',
    },
    show: { label: '上架', from: [0, 30], ...lifecycle('show'), code: 32220, intent: 'success', confirm: '确定要上架该任务包吗？上架后人才即可接包。' },
    hide: { label: '下架', from: [10], ...lifecycle('hide'), code: 32220, intent: 'warning', confirm: '确定要下架该任务包吗？' },
    finish: { label: '完成', from: [10, 30, 40], ...lifecycle('finish'), code: 32220, intent: 'success', confirm: '确定该任务包已完成吗？完成后不能再接包。' },
    cancel: { label: '取消', from: [0, 10, 30, 40], ...lifecycle('cancel'), code: 32220, intent: 'danger', confirm: '确定要取消该任务包吗？取消后不可恢复。' },
    // delete {id}: while the lifecycle allows it (not yet reviewed) and no talent took it; the screen's remove() asks first.
    delete: { label: '删除', ...lifecycle('delete'), code: 32220, intent: 'danger' },
  },
});

/** Talents a package may name (the enterprise's talents: those with a cooperation row), for the pickers. */
export const packageTalent = defineEntity({
  name: 'packageTalent',
  table: 'cust',
  key: 'id',
  labelField: 'name',
  title: '人才',
  paths: { query: 'package/talent/query', mgr: 'package/talent/mgr' },
  codes: { query: 32210 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    name: { label: '姓名', type: 'text', search: 'like', width: 100 },
    idNumber: { label: '证件号码', type: 'text', search: 'like', masked: 'idNumber', width: 180 },
    phone: { label: '手机号', type: 'text', masked: 'phone', width: 120 },
  },
});

/** 指定人才: who may take a private package (DOMAIN.md §7 "assigned only"). */
export const packageAssignee = defineEntity({
  name: 'packageAssignee',
  table: 'work_package_talent',
  key: 'id',
  labelField: 'custId',
  title: '指定人才',
  paths: { query: 'package/assignee/query', mgr: 'package/assignee/mgr' },
  codes: { query: 32210, mgr: 32220 },
  timestamps: false,
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    packageId: { label: '任务包', type: 'ref', ref: 'workPackage', show: 'packageName', required: true, create: true, search: 'eq', width: 160 },
    custId: { label: '人才', type: 'ref', ref: 'packageTalent', show: 'custName', required: true, create: true, dependsOn: { assignFor: 'packageId' }, width: 140 },
    createdAt: { label: '指定时间', type: 'datetime', width: 160 },
  },
});

/** 接包人 (DOMAIN.md §7 takers): 10 taken, 20 completed, 90 cancelled; payout rows check it (该人才未承接该任务包). */
export const packageTaker = defineEntity({
  name: 'packageTaker',
  table: 'work_package_taker',
  key: 'id',
  labelField: 'custId',
  title: '接包人',
  paths: { query: 'package/taker/query', mgr: 'package/taker/mgr' },
  codes: { query: 32210, mgr: 32220 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    packageId: { label: '任务包', type: 'ref', ref: 'workPackage', show: 'packageName', required: true, create: true, search: 'eq', width: 160 },
    custId: { label: '接包人', type: 'ref', ref: 'packageTalent', show: 'custName', required: true, create: true, dependsOn: { takeFor: 'packageId' }, width: 120 },
    // A talent who takes a package is working on it (完成 stamps completedAt).
    status: { label: '状态', type: 'enum', enum: 'packageTakerStatus', search: 'eq', width: 80, createdAs: TAKER_STATUS.TAKEN },
    createdAt: { label: '接包时间', type: 'datetime', width: 150 },
    completedAt: { label: '完成时间', type: 'datetime', width: 150 },
    remark: { label: '备注', type: 'text', max: 200, create: true, nullable: true, width: 160 },
  },
  machine: {
    field: 'status',
    transitions: {
      complete: { label: '标记完成', from: [10], to: 20, code: 32220, for: ['ENT', 'SPR', 'SYS'], intent: 'success', confirm: '确定该人才已完成任务吗？' },
      cancel: { label: '取消接包', from: [10], to: 90, code: 32220, for: ['ENT', 'SPR', 'SYS'], intent: 'danger', confirm: '确定要取消该人才的接包吗？' },
    },
  },
});

/**
 * 从业者结算 (DOMAIN.md §7 settlement; spec §2 /task/orderDetail2): the payout lines made with a
 * package's code — the lines of its orders, and the rows of its temp orders not yet turned into
 * orders. Read only; the server reads them from both tables at once (domain/task/settlement.ts).
 */
/** The two kinds of a package's pay line (enum packageLineKind): an order's line, a temp order's row not yet an order. */
export const PAY_LINE_KIND = { ORDER: 10, TEMP: 20 } as const;

export const packagePayLine = defineEntity({
  name: 'packagePayLine',
  table: 'order_detail',
  key: 'lineId',
  labelField: 'name',
  title: '从业者结算',
  paths: { query: 'package/settlement/query', mgr: 'package/settlement/mgr' },
  // The line's status as its enumeration names it: an order line's, or 制单·<the temp order's>.
  derive: (row) => ({ statusText: Number(row.kind) === PAY_LINE_KIND.ORDER ? enumLabel(ENUMS.orderDetailStatus, row.status) : `制单·${enumLabel(ENUMS.tempOrderStatus, row.tempStatus)}` }),
  codes: { query: 25110, mgr: 32220 },
  timestamps: false,
  fields: {
    /** An order line's id × 2, a temp order row's id × 2 + 1. */
    lineId: { label: 'ID', type: 'int', list: false, detail: false },
    kind: { label: '明细类型', type: 'enum', enum: 'packageLineKind', search: 'eq', width: 80 },
    packageId: { label: '任务包', type: 'ref', ref: 'workPackage', show: 'packageName', search: 'eq', list: false },
    packageCode: { label: '任务包编号', type: 'text', width: 90 },
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', search: 'eq', width: 170 },
    billNo: { label: '订单/制单编号', type: 'text', search: 'eq', width: 120 },
    rowNo: { label: '行号', type: 'int', width: 50 },
    name: { label: '姓名', type: 'text', search: 'like', width: 80 },
    /** Shown masked to everyone, so not a search condition (issue 21 item 4: no yes/no answer for a full number). */
    idNumber: { label: '证件号码', type: 'text', masked: 'idNumber', width: 160 },
    account: { label: '收款账号', type: 'text', masked: 'bankCard', list: false },
    amount: { label: '金额(元)', type: 'money', column: 'amountFen', search: 'range', sort: true, width: 100 },
    status: { label: '明细状态', type: 'enum', enum: 'orderDetailStatus', search: 'in', list: false },
    tempStatus: { label: '制单状态', type: 'enum', enum: 'tempOrderStatus', list: false },
    /** The order line's status, or the temp order's (制单·待提交), by their enumerations' labels. */
    statusText: { label: '状态', type: 'text', virtual: true, form: false, width: 100 },
    reason: { label: '说明', type: 'text', width: 120 },
    createdAt: { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 150 },
    resultAt: { label: '完成时间', type: 'datetime', list: false },
  },
});

/**
 * 从业者结算's package (SYS, SPR): the one its summary names, and 发起结算 — once it passed 审核, a temp order for its
 * enterprise with its code, one row per named completed taker paid to the talent's card (the effect: the server's
 * domain/task/settlement.ts). The dialog (an amount per completed taker) is the screen's; the route is 从业者结算's.
 */
export const settledPackage = defineEntity({
  ...workPackage,
  name: 'settledPackage',
  paths: packagePayLine.paths,
  codes: packagePayLine.codes,
  machine: undefined,
  state: [],
  commands: {
    settle: { label: '发起结算', for: ['SYS', 'SPR'], code: 32220, when: (row) => row.reviewStatus === 'REVIEWED', stale: PACKAGE_MESSAGES.notReviewed },
  },
});
