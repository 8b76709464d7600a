/**
 * Invoices (DOMAIN.md §5, spec §2 /invoice): an enterprise's invoice information (one per enterprise,
 * kept by the enterprise, read by its supplier and merchant) and a supplier's invoice items.
 */
import { type CommandField, defineEntity } from '../entity';
import { INVOICE_APPLY_MESSAGES } from '../rules/invoice-apply';

const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;
const optionalText = (label: string, max: number, width: number) => ({ label, type: 'text', max, create: true, update: true, nullable: true, width }) as const;

export const INVOICE_INFO_MESSAGES = {
  specialNeedsAll: '专票需完整开票信息',
} as const;

/** A 专票 (kind 1) needs the address, phone, bank and account too; other kinds only the title and tax number. */
export function invoiceInfoError(info: { invoiceKind?: unknown; address?: unknown; phone?: unknown; bankName?: unknown; bankAccount?: unknown }): string | null {
  if (Number(info.invoiceKind) !== 1) return null;
  const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return [info.address, info.phone, info.bankName, info.bankAccount].every(filled) ? null : INVOICE_INFO_MESSAGES.specialNeedsAll;
}

/** The kind an application asks unless told: the information's, 普票 (2) when it takes either (4). */
export const defaultInvoiceKind = (infoKind: number): number => (infoKind === 4 ? 2 : infoKind);

export const invoiceInfo = defineEntity({
  name: 'invoiceInfo',
  table: 'invoice_info',
  key: 'entId',
  labelField: 'title',
  title: '开票信息',
  paths: { query: 'invoice/info/query', mgr: 'invoice/info/mgr' },
  codes: { query: 26110, mgr: 26120 },
  fields: {
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', create: true, search: 'eq', width: 220 },
    title: { label: '发票抬头', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', width: 220 },
    taxNo: {
      label: '纳税人识别号',
      type: 'text',
      required: true,
      max: 20,
      create: true,
      update: true,
      search: 'eq',
      width: 180,
      rule: { rules: [{ kind: 'pattern', pattern: /^[0-9A-Z]{15,20}$/, message: '纳税人识别号应为15至20位数字或大写字母' }] },
    },
    invoiceKind: { label: '发票种类', type: 'enum', enum: 'invoiceKind', required: true, create: true, update: true, search: 'eq', defaultValue: 2, width: 120 },
    medium: { label: '发票介质', type: 'enum', enum: 'invoiceMedium', required: true, create: true, update: true, defaultValue: 1, width: 80 },
    address: { ...optionalText('注册地址', 200, 220), list: false },
    phone: { ...optionalText('注册电话', 20, 130), list: false },
    bankName: optionalText('开户银行', 100, 180),
    bankAccount: { ...optionalText('银行账号', 32, 180), list: false },
    mailAddress: { ...optionalText('邮寄地址', 200, 220), list: false },
    email: { label: '接收邮箱', type: 'text', rule: 'email', max: 100, create: true, update: true, nullable: true, list: false },
    updatedAt: { label: '更新时间', type: 'datetime', sort: true, width: 170 },
  },
  // A 专票 needs every field (create and update).
  checks: [invoiceInfoError],
});

/** A supplier's invoice items: what its invoices are issued for, with the 19-digit tax classification code. */
export const invoiceItem = defineEntity({
  name: 'invoiceItem',
  table: 'invoice_item',
  key: 'id',
  labelField: 'itemName',
  title: '开票项目',
  paths: { query: 'invoice/item/query', mgr: 'invoice/item/mgr' },
  codes: { query: 26410, mgr: 26510 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', create: true, search: 'eq', width: 220 },
    itemName: { label: '项目名称', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', width: 200 },
    taxCode: {
      label: '税收分类编码',
      type: 'text',
      required: true,
      max: 19,
      create: true,
      update: true,
      search: 'eq',
      width: 190,
      rule: { rules: [{ kind: 'pattern', pattern: /^\d{19}$/, message: '税收分类编码应为19位数字' }] },
    },
    taxRate: { label: '税率(%)', type: 'ratio', required: true, create: true, update: true, width: 90 },
    remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false },
    createdAt,
  },
});

const SYS_SPR = ['SYS', 'SPR'] as const;
const reason = { reason: { label: '原因', type: 'textarea', required: true, max: 200 } } as const;

/** 上传凭证: a payment or work-completion voucher on a pending (or, for the supplier, approved) application. */
const voucherFields: Record<string, CommandField> = {
  voucherType: { label: '凭证类型', type: 'enum', enum: 'voucherType', required: true, message: '请选择凭证类型', defaultValue: 20 },
  file: { label: '凭证文件', type: 'file', required: true },
};

/** 添加发票 and 修改发票: an invoice of an approved application (the simulated VAT recognition fills the dialog). */
export const invoiceFileFields = {
  invoiceNo: { label: '发票号码', type: 'text', required: true, rule: { rules: [{ kind: 'pattern', pattern: /^\d{8,20}$/, message: '发票号码应为8至20位数字' }] } },
  invoiceCode: { label: '发票代码', type: 'text', rule: { optional: true, rules: [{ kind: 'pattern', pattern: /^\d{10,12}$/, message: '发票代码应为10至12位数字' }] } },
  invoiceDate: { label: '开票日期', type: 'date', required: true, message: '请输入开票日期' },
  total: { label: '价税合计(元)', type: 'money', required: true, message: '价税合计格式错误' },
  tax: { label: '税额(元)', type: 'money', required: true, message: '税额格式错误' },
  file: { label: '发票文件', type: 'file', required: true },
} as const satisfies Record<string, CommandField>;
const voucherOf = { table: 'invoice_voucher', link: 'applyId' } as const;
const invoiceFileOf = { table: 'invoice_file', link: 'applyId' } as const;

/**
 * 开票申请 (DOMAIN.md §5): an enterprise's application over its finished orders (type 10) or a free one
 * the supplier records (type 90). Amounts are the server's: the total is what the enterprise paid for
 * the orders, tax and the amount excluding tax follow from the item's rate. The enterprise's invoice
 * information is copied in when it applies.
 */
const applyFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  applyNo: { label: '申请编号', type: 'text', search: 'like', sort: true, width: 150, serial: { prefix: 'IA', width: 8 } },
  applyType: { label: '申请类型', type: 'enum', enum: 'invoiceApplyType', search: 'eq', width: 130 },
  entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 220 },
  supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', search: 'eq', width: 200 },
  itemId: { label: '开票项目', type: 'ref', ref: 'invoiceItem', show: 'itemName', required: true, create: true, update: true, width: 200 },
  invoiceKind: { label: '发票种类', type: 'enum', enum: 'invoiceKind', required: true, create: true, update: true, search: 'eq', defaultValue: 2, width: 130 },
  medium: { label: '发票介质', type: 'enum', enum: 'invoiceMedium', required: true, create: true, update: true, search: 'eq', defaultValue: 1, width: 80 },
  amount: { label: '开票金额(元)', type: 'money', column: 'amountFen', search: 'range', sort: true, width: 130 },
  taxRate: { label: '税率(%)', type: 'ratio', width: 80, list: false },
  tax: { label: '税额(元)', type: 'money', column: 'taxFen', width: 110 },
  exclAmount: { label: '不含税金额(元)', type: 'money', column: 'exclFen', width: 130 },
  orderCount: { label: '订单数', type: 'int', width: 70 },
  title: { label: '发票抬头', type: 'text', width: 200, list: false },
  taxNo: { label: '纳税人识别号', type: 'text', width: 180, list: false },
  address: { label: '注册地址', type: 'text', list: false },
  phone: { label: '注册电话', type: 'text', list: false },
  bankName: { label: '开户银行', type: 'text', list: false },
  bankAccount: { label: '银行账号', type: 'text', list: false },
  mailAddress: { label: '邮寄地址', type: 'text', list: false },
  email: { label: '接收邮箱', type: 'text', list: false },
  remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false },
  status: { label: '状态', type: 'enum', enum: 'invoiceStatus', search: 'eq', sort: true, width: 90 },
  reason: { label: '审核/作废原因', type: 'text', width: 160, list: false },
  expressCompany: { label: '快递公司', type: 'enum', enum: 'expressCompany', width: 110, list: false },
  expressNo: { label: '快递单号', type: 'text', width: 150, list: false },
  issuedAt: { label: '开票时间', type: 'datetime', width: 170, list: false },
  createdAt: { ...createdAt, label: '申请时间' },
} as const;

/** The enterprise's invoice information an application keeps as it was when it applied (applyFields of these names). */
export const INVOICE_INFO_COPIED = ['title', 'taxNo', 'address', 'phone', 'bankName', 'bankAccount', 'mailAddress', 'email'] as const satisfies ReadonlyArray<keyof typeof applyFields>;

/** 申请记录 (SYS, ENT): the enterprise's own applications; edit and cancel while pending. */
export const invoiceApply = defineEntity({
  name: 'invoiceApply',
  table: 'invoice_apply',
  key: 'id',
  labelField: 'applyNo',
  title: '开票申请',
  totals: { by: 'status', parts: [
    { label: '已开票', values: [30], tone: 'success' },
    { label: '处理中', values: [10, 20], tone: 'primary' },
    { label: '失败/作废/取消', values: [22, 32, 40, 50], excluded: true, tone: 'danger' },
  ] },
  paths: { query: 'invoice/act/query/my', mgr: 'invoice/act/mgr/my' },
  codes: { query: 27110, mgr: 27120 },
  fields: applyFields,
  state: ['status'],
  commands: {
    // 编辑 (update {id, orderNos?, itemId?, invoiceKind?, medium?, remark?}): the application dialog over orders, while pending.
    edit: { label: '编辑', from: [10], when: (row) => Number(row.applyType) === 10, code: 27120, for: ['SYS', 'ENT'], path: 'update', auditAs: 'update' },
    cancel: { label: '取消申请', from: [10], to: 50, code: 27120, for: ['SYS', 'ENT'], intent: 'warning', confirm: '确定要取消该开票申请吗？取消后所选订单可重新申请。' },
    inviVoucherCreate: { label: '上传凭证', from: [10], code: 27120, for: ['SYS', 'ENT'], keyField: 'applyId', stale: INVOICE_APPLY_MESSAGES.voucherState, fields: voucherFields },
  },
});

const toMeFields = {
  ...applyFields,
  // A free (type 90) application names its amount; the enterprise's come from their orders. It starts pending.
  applyType: { ...applyFields.applyType, createdAs: 90 },
  amount: { ...applyFields.amount, required: true, create: true },
  status: { ...applyFields.status, createdAs: 10 },
} as const;

/** 开出记录 (SYS, SPR): applications addressed to the supplier: review, issue, discard, free applications. */
export const invoiceApplyToMe = defineEntity({
  name: 'invoiceApplyToMe',
  table: 'invoice_apply',
  key: 'id',
  labelField: 'applyNo',
  title: '开出记录',
  totals: { by: 'status', parts: [
    { label: '已开票', values: [30], tone: 'success' },
    { label: '处理中', values: [10, 20], tone: 'primary' },
    { label: '失败/作废/取消', values: [22, 32, 40, 50], excluded: true, tone: 'danger' },
  ] },
  paths: { query: 'invoice/act/query/toMe', mgr: 'invoice/act/mgr/toMe' },
  codes: { query: 27210, mgr: 27260 },
  fields: toMeFields,
  checks: [(row) => (Number(row.amount) > 0 ? null : INVOICE_APPLY_MESSAGES.amountPositive)],
  state: ['status'],
  commands: {
    // 审核 {id, pass, reason?}: one call for the two outcomes, each audited as itself.
    review: { label: '审核', code: 27250, for: SYS_SPR, choose: { field: 'pass', yes: 'reviewPass', no: 'reviewFail' }, fields: { pass: { label: '审核结果', type: 'bool', required: true, message: '请选择审核结果', choices: ['通过', '不通过'] } } },
    reviewPass: { label: '审核通过', from: [10], to: 20, code: 27250, for: SYS_SPR, intent: 'success', confirm: '确定审核通过该开票申请吗？' },
    reviewFail: { label: '审核不通过', from: [10], to: 22, code: 27250, for: SYS_SPR, intent: 'danger', fields: reason, writes: { reason: 'reason' } },
    issue: { label: '开票', from: [20], to: 30, code: 27260, for: SYS_SPR, intent: 'primary', confirm: '确认发票已开具？开票后发票信息不可再修改。' },
    issueFail: { label: '开票失败', from: [20], to: 32, code: 27260, for: SYS_SPR, intent: 'danger', fields: reason, writes: { reason: 'reason' } },
    discard: { label: '作废', from: [30], to: 40, code: 27260, for: SYS_SPR, intent: 'danger', fields: reason, writes: { reason: 'reason' } },
    inviVoucherCreate: { label: '上传凭证', from: [10, 20], code: 27250, for: SYS_SPR, keyField: 'applyId', stale: INVOICE_APPLY_MESSAGES.voucherState, fields: voucherFields },
    // The vouchers and invoice files themselves (`child`: the body's id names one; the row is its application).
    inviVoucherDelete: { label: '删除凭证', from: [10, 20], code: 27250, for: SYS_SPR, child: voucherOf },
    inviFileCreate: { label: '添加发票', from: [20], code: 27260, for: SYS_SPR, keyField: 'applyId', fields: invoiceFileFields },
    inviFileUpdate: { label: '修改发票', from: [20], code: 27260, for: SYS_SPR, child: invoiceFileOf, fields: invoiceFileFields },
    inviFileDelete: { label: '删除发票', from: [20], code: 27260, for: SYS_SPR, child: invoiceFileOf },
    // 快递信息 of a paper invoice, while approved or issued.
    inviUpdateExpress: {
      label: '快递信息',
      from: [20, 30],
      code: 27260,
      for: SYS_SPR,
      success: '快递信息已保存',
      fields: {
        expressCompany: { label: '快递公司', type: 'enum', enum: 'expressCompany', required: true, message: '请选择快递公司' },
        expressNo: { label: '快递单号', type: 'text', required: true, placeholder: '快递单号', rule: { rules: [{ kind: 'pattern', pattern: /^[A-Za-z0-9-]{6,40}$/, message: '快递单号应为6至40位字母或数字' }] } },
      },
      writes: { expressCompany: 'expressCompany', expressNo: 'expressNo' },
    },
  },
});

/** 导出申请信息 (export mode 20): what the supplier needs to issue: the invoice information and amounts. */
export const invoiceApplyInfo = defineEntity({
  name: 'invoiceApplyInfo',
  table: 'invoice_apply',
  key: 'id',
  labelField: 'applyNo',
  title: '开票申请信息',
  paths: { query: 'invoice/act/query/toMe/applyInfo', mgr: 'invoice/act/mgr/toMe/applyInfo' },
  codes: { query: 27210 },
  fields: {
    id: applyFields.id,
    applyNo: applyFields.applyNo,
    entId: applyFields.entId,
    status: applyFields.status,
    title: { ...applyFields.title, list: true },
    taxNo: { ...applyFields.taxNo, list: true },
    address: { ...applyFields.address, list: true },
    phone: { ...applyFields.phone, list: true },
    bankName: { ...applyFields.bankName, list: true },
    bankAccount: { ...applyFields.bankAccount, list: true },
    invoiceKind: applyFields.invoiceKind,
    medium: applyFields.medium,
    itemId: applyFields.itemId,
    taxRate: { ...applyFields.taxRate, list: true },
    amount: applyFields.amount,
    tax: applyFields.tax,
    exclAmount: applyFields.exclAmount,
    mailAddress: { ...applyFields.mailAddress, list: true },
    email: { ...applyFields.email, list: true },
    remark: { ...applyFields.remark, list: true },
    createdAt: applyFields.createdAt,
  },
});
