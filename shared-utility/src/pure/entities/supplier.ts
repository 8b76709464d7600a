/**
 * The 供应商管理 area (spec §2 /supplier, §7 taxSource/supplier/payChannel/xkj; DOMAIN.md §1):
 * tax sources, suppliers with their per-channel config, SMS config, tax-proof invoices and
 * distributor config, pay channels with bank config, and the xkj platforms with a supplier's tax channel.
 */
import { defineEntity } from '../entity';

const SYS = ['SYS'] as const;

/** A supplier's type rules (the entity's `checks`). */
export const SUPPLIER_MESSAGES = {
  virtualParent: '虚拟供应商须选择上级供应商',
  noParent: '只有虚拟供应商可以设置上级供应商',
  taxSource: '请选择税源地',
} as const;

const statusField = { label: '状态', type: 'enum', enum: 'status', search: 'eq', sort: true, width: 80 } as const;
const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;
const remark = { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false } as const;

/** Enable/disable as declared commands (status 0 normal ↔ 1 disabled). */
function toggleCommands(code: number, what: string) {
  return {
    disable: {
      label: '禁用', from: [0], to: 1, code, for: SYS, intent: 'warning', confirm: `确定要禁用该${what}吗？`,
      fields: { reason: { label: '禁用原因', type: 'textarea', required: true, max: 200 } },
    },
    enable: { label: '启用', from: [1], to: 0, code, for: SYS, intent: 'success', confirm: `确定要启用该${what}吗？` },
  } as const;
}

const taxSourceFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  tsCode: { label: '税源地编码', type: 'text', search: 'like', sort: true, width: 120, serial: { prefix: 'TS', width: 4 } },
  name: { label: '税源地名称', type: 'text', required: true, max: 50, create: true, update: true, search: 'like', sort: true, width: 200 },
  province: { label: '省份', type: 'text', required: true, max: 20, create: true, update: true, search: 'eq', width: 90 },
  city: { label: '城市', type: 'text', required: true, max: 20, create: true, update: true, width: 90 },
  taxAuthority: { label: '主管税务机关', type: 'text', max: 100, create: true, update: true, nullable: true, list: false },
  singleLimit: { label: '单笔限额(元)', type: 'money', column: 'singleLimitFen', required: true, create: true, update: true, sort: true, defaultValue: '50000.00', width: 120 },
  monthlyLimit: { label: '个人月限额(元)', type: 'money', column: 'monthlyLimitFen', required: true, create: true, update: true, search: 'range', sort: true, defaultValue: '100000.00', width: 130 },
  vatRate: { label: '增值税率(%)', type: 'ratio', column: 'vatRate', required: true, create: true, update: true, defaultValue: '6.0000', width: 110 },
  status: statusField,
  remark,
  createdAt,
} as const;

export const taxSource = defineEntity({
  name: 'taxSource',
  table: 'tax_source',
  key: 'id',
  labelField: 'name',
  title: '税源地',
  paths: { query: 'taxSource/query', mgr: 'taxSource/mgr' },
  codes: { query: 10110, mgr: 10120 },
  fields: taxSourceFields,
  state: ['status'],
  commands: toggleCommands(10120, '税源地'),
});

const supplierFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  merchtCode: { label: '供应商编码', type: 'text', search: 'like', sort: true, width: 120, serial: { prefix: 'SPR', width: 4 } },
  name: { label: '供应商名称', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', sort: true, width: 240 },
  merchtType: { label: '供应商类型', type: 'enum', enum: 'supplierType', required: true, create: true, search: 'in', width: 110 },
  parentId: { label: '上级供应商', type: 'ref', ref: 'supplier', show: 'parentName', create: true, update: true, nullable: true, search: 'eq', width: 200 },
  taxSourceId: { label: '税源地', type: 'ref', ref: 'taxSource', show: 'taxSourceName', create: true, update: true, nullable: true, search: 'eq', width: 140 },
  creditCode: { label: '统一社会信用代码', type: 'text', max: 18, create: true, update: true, nullable: true, list: false },
  contactName: { label: '联系人', type: 'text', rule: 'name', create: true, update: true, width: 90 },
  contactPhone: { label: '联系电话', type: 'text', rule: 'phone', create: true, update: true, width: 120 },
  status: { ...statusField, createdAs: 0 },
  remark,
  createdAt,
} as const;

/** Suppliers live in the organisation table with merchants (types 100/200/300; DOMAIN.md §1). */
export const supplier = defineEntity({
  name: 'supplier',
  table: 'mercht',
  key: 'id',
  labelField: 'name',
  title: '供应商',
  paths: { query: 'supplier/query', mgr: 'supplier/mgr' },
  codes: { query: 12110, mgr: 12120 },
  fields: supplierFields,
  state: ['status'],
  commands: toggleCommands(12120, '供应商'),
  // DOMAIN.md §1: a virtual supplier (200) names its parent and only it does; a 300 has its tax source.
  checks: [
    (s) => (s.merchtType === 200 && s.parentId === null ? SUPPLIER_MESSAGES.virtualParent : null),
    (s) => (s.merchtType !== 200 && s.parentId !== null ? SUPPLIER_MESSAGES.noParent : null),
    (s) => (s.merchtType === 300 && s.taxSourceId === null ? SUPPLIER_MESSAGES.taxSource : null),
  ],
});

/** ≤ 1 config per supplier × pay channel; its collection account is the enterprises' payee account. */
export const supplierConfig = defineEntity({
  name: 'supplierConfig',
  table: 'supplier_config',
  key: 'id',
  labelField: 'payeeAcctName',
  title: '通道配置',
  paths: { query: 'supplier/query/config', mgr: 'supplier/mgr/config' },
  codes: { query: 12210, mgr: 12220 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', required: true, create: true, search: 'eq', width: 200 },
    channel: { label: '支付通道', type: 'ref', ref: 'payChannel', show: 'channelName', required: true, create: true, search: 'eq', width: 130 },
    configType: { label: '配置类型', type: 'enum', enum: 'channelConfigType', required: true, create: true, update: true, width: 100 },
    payeeAcctName: { label: '收款户名', type: 'text', required: true, max: 100, create: true, update: true, width: 200 },
    payeeAcct: { label: '收款账号', type: 'text', rule: 'bankCard', create: true, update: true, width: 180 },
    payeeBank: { label: '开户银行', type: 'text', required: true, max: 100, create: true, update: true, width: 160 },
    merchantNo: { label: '通道商户号', type: 'text', max: 64, create: true, update: true, nullable: true, list: false },
    status: { ...statusField, create: true, update: true, required: true, defaultValue: 0 },
    createdAt,
  },
});

export const supplierSmsConfig = defineEntity({
  name: 'supplierSmsConfig',
  table: 'supplier_sms_config',
  key: 'id',
  labelField: 'signName',
  title: '短信配置',
  paths: { query: 'supplier/query/sms/config', mgr: 'supplier/mgr/sms/config' },
  codes: { query: 12310, mgr: 12310 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', required: true, create: true, search: 'eq', width: 200 },
    smsType: { label: '短信类型', type: 'enum', enum: 'smsType', required: true, create: true, update: true, search: 'eq', width: 110 },
    signName: { label: '短信签名', type: 'text', required: true, max: 20, create: true, update: true, width: 140 },
    templateCode: { label: '模板编号', type: 'text', required: true, max: 50, create: true, update: true, width: 140 },
    templateText: { label: '模板内容', type: 'textarea', required: true, max: 500, create: true, update: true, width: 300 },
    createdAt,
  },
});

export const supplierTaxProof = defineEntity({
  name: 'supplierTaxProof',
  table: 'supplier_tax_proof',
  key: 'id',
  labelField: 'invoiceNo',
  title: '完税凭证',
  paths: { query: 'supplier/query/taxProof/invoice', mgr: 'supplier/mgr/taxProof/invoice' },
  codes: { query: 12410, mgr: 12420 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', required: true, create: true, search: 'eq', width: 200 },
    month: { label: '所属月份', type: 'text', input: 'month', required: true, max: 7, create: true, update: true, search: 'eq', sort: true, width: 100 },
    invoiceNo: { label: '凭证号码', type: 'text', required: true, max: 32, create: true, update: true, search: 'like', width: 160 },
    amount: { label: '完税金额(元)', type: 'money', column: 'amountFen', required: true, create: true, update: true, search: 'range', sort: true, width: 130 },
    file: { label: '凭证文件', type: 'file', required: true, create: true, update: true, width: 100, filePath: 'supplier/query/taxProof/invoice/file' },
    remark,
    createdAt,
  },
});

/** A distributor (type 100) sells for one upstream 300 supplier at its own ratio. */
export const distributorConfig = defineEntity({
  name: 'distributorConfig',
  table: 'distributor_config',
  key: 'id',
  labelField: 'supplierId',
  title: '分销商配置',
  paths: { query: 'supplier/distor/config', mgr: 'supplier/distor/config' },
  codes: { query: 12560, mgr: 12560 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    supplierId: { label: '分销商', type: 'ref', ref: 'supplier', show: 'supplierName', required: true, create: true, width: 200 },
    upstreamId: { label: '上游供应商', type: 'ref', ref: 'supplier', show: 'upstreamName', required: true, create: true, update: true, width: 200 },
    ratio: { label: '分销费率(%)', type: 'ratio', required: true, create: true, update: true, width: 110 },
    remark,
    createdAt,
  },
});

/** Pay channels of spec §3; disabled ones keep balances visible but take no new accounts or orders. */
const payChannelFields = {
  channel: { label: '通道编号', type: 'int', required: true, create: true, search: 'eq', sort: true, width: 90 },
  name: { label: '通道名称', type: 'text', required: true, max: 50, create: true, update: true, search: 'like', width: 160 },
  adapter: { label: '接入方式', type: 'enum', enum: 'channelAdapter', required: true, create: true, update: true, search: 'eq', width: 110 },
  manualCredit: { label: '允许手工入账', type: 'enum', enum: 'yesNo', required: true, create: true, update: true, width: 110 },
  dayLimit: { label: '单日限额(元)', type: 'money', column: 'dayLimitFen', create: true, update: true, nullable: true, width: 130 },
  status: statusField,
  remark,
  createdAt,
} as const;

export const payChannel = defineEntity({
  name: 'payChannel',
  table: 'pay_channel',
  key: 'channel',
  labelField: 'name',
  title: '支付通道',
  paths: { query: 'payChannel/query', mgr: 'payChannel/mgr' },
  codes: { query: 14100, mgr: 14110 },
  fields: payChannelFields,
  state: ['status'],
  commands: toggleCommands(14110, '支付通道'),
});

export const bankConfig = defineEntity({
  name: 'bankConfig',
  table: 'pay_channel_bank_config',
  key: 'id',
  labelField: 'bankName',
  title: '银行配置',
  paths: { query: 'payChannel/config/bank/query', mgr: 'payChannel/config/bank/mgr' },
  codes: { query: 14510, mgr: 14620 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    channel: { label: '支付通道', type: 'ref', ref: 'payChannel', show: 'channelName', required: true, create: true, search: 'eq', width: 130 },
    bankCode: { label: '银行编码', type: 'text', required: true, max: 20, create: true, update: true, search: 'like', width: 100 },
    bankName: { label: '银行名称', type: 'text', required: true, max: 50, create: true, update: true, search: 'like', width: 160 },
    singleLimit: { label: '单笔限额(元)', type: 'money', column: 'singleLimitFen', required: true, create: true, update: true, width: 120 },
    dayLimit: { label: '单日限额(元)', type: 'money', column: 'dayLimitFen', required: true, create: true, update: true, width: 130 },
    status: { ...statusField, create: true, update: true, required: true, defaultValue: 0 },
    createdAt,
  },
});

const xkjPlatformFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  platformCode: { label: '平台编码', type: 'text', search: 'like', sort: true, width: 110, serial: { prefix: 'XKJ', width: 3 } },
  name: { label: '平台名称', type: 'text', required: true, max: 50, create: true, update: true, search: 'like', width: 180 },
  virtualType: { label: '虚拟商户类型', type: 'enum', enum: 'virtualMerchantType', required: true, create: true, update: true, search: 'eq', width: 120 },
  apiUrl: { label: '接口地址', type: 'text', rule: 'avatar', required: true, create: true, update: true, width: 240 },
  status: { ...statusField, createdAs: 0 },
  remark,
  createdAt,
} as const;

export const xkjPlatform = defineEntity({
  name: 'xkjPlatform',
  table: 'xkj_platform',
  key: 'id',
  labelField: 'name',
  title: '平台',
  paths: { query: 'xkj/platform/query', mgr: 'xkj/platform/mgr' },
  codes: { query: 36110, mgr: 36120 },
  fields: xkjPlatformFields,
  state: ['status'],
  commands: toggleCommands(36120, '平台'),
});

/** ≤ 1 tax channel per supplier × xkj platform. */
export const tsChannel = defineEntity({
  name: 'tsChannel',
  table: 'supplier_ts_channel',
  key: 'id',
  labelField: 'account',
  title: '税务通道',
  paths: { query: 'xkj/supplier/tsChannel/query', mgr: 'xkj/supplier/tsChannel/mgr' },
  codes: { query: 36210, mgr: 36220 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', required: true, create: true, search: 'eq', width: 200 },
    platformId: { label: '平台', type: 'ref', ref: 'xkjPlatform', show: 'platformName', required: true, create: true, search: 'eq', width: 160 },
    account: { label: '平台账号', type: 'text', required: true, max: 64, create: true, update: true, width: 160 },
    status: { ...statusField, create: true, update: true, required: true, defaultValue: 0 },
    createdAt,
  },
});
