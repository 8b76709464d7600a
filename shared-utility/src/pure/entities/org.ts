/**
 * The organisation graph (spec §2 /merchant, /ent; DOMAIN.md §1): merchants (agents) under one
 * supplier, enterprises under one merchant, the enterprise's switches read by payouts, cooperation
 * with its effective supplier, and contracts of both.
 */
import { defineEntity } from '../entity';

const statusField = { label: '状态', type: 'enum', enum: 'status', search: 'eq', sort: true, width: 80 } as const;
const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;
const remark = { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false } as const;
const contactName = { label: '联系人', type: 'text', rule: 'name', create: true, update: true, width: 90 } as const;
const contactPhone = { label: '联系电话', type: 'text', rule: 'phone', create: true, update: true, width: 120 } as const;
/** The new organisation's top administrator; its initial password is shown once after saving. */
const adminUsername = { label: '管理员账号', type: 'text', rule: 'username', create: true, virtual: true, list: false, detail: false } as const;
const contractFile = { label: '合同文件', type: 'file', create: true, update: true, nullable: true, list: false } as const;

/** Enable/disable as declared commands (status 0 normal ↔ 1 disabled). */
function toggleCommands(code: number, what: string) {
  return {
    disable: {
      label: '禁用', from: [0], to: 1, code, for: ['SYS'], intent: 'warning',
      confirm: `禁用后该${what}的账号将无法登录，且不能新建代发订单，确定要禁用吗？`,
      fields: { reason: { label: '禁用原因', type: 'textarea', required: true, max: 200 } },
    },
    enable: { label: '启用', from: [1], to: 0, code, for: ['SYS'], intent: 'success', confirm: `确定要启用该${what}吗？` },
  } as const;
}

const merchantFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  merchtCode: { label: '商户编码', type: 'text', search: 'like', sort: true, width: 110, serial: { prefix: 'MER', width: 4 } },
  name: { label: '商户名称', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', sort: true, width: 240 },
  merchtType: { label: '商户类型', type: 'enum', enum: 'merchantType', create: true, defaultValue: 0, createdAs: 0, width: 90 },
  virtualType: { label: '虚拟商户类型', type: 'enum', enum: 'virtualMerchantType', create: true, update: true, defaultValue: 0, width: 110 },
  supplierId: { label: '所属供应商', type: 'ref', ref: 'supplier', show: 'supplierName', required: true, create: true, search: 'eq', width: 220 },
  parentId: { label: '上级商户', type: 'ref', ref: 'merchant', show: 'parentName', create: true, nullable: true, search: 'eq', width: 200 },
  contactName,
  contactPhone,
  adminUsername,
  status: { ...statusField, createdAs: 0 },
  remark,
  createdAt,
} as const;

/** Agents (type 0) share the organisation table with suppliers; depth ≤ 2, same supplier as the parent. */
export const merchant = defineEntity({
  name: 'merchant',
  table: 'mercht',
  key: 'id',
  labelField: 'name',
  title: '商户',
  paths: { query: 'mercht/query', mgr: 'mercht/mgr' },
  codes: { query: 16110, mgr: 16120 },
  fields: merchantFields,
  state: ['status'],
  commands: toggleCommands(16120, '商户'),
});

/** 上级商户: the caller's parent merchant (an enterprise's merchant, a sub-merchant's parent), read only. */
export const supMerchant = defineEntity({
  name: 'supMerchant',
  table: 'mercht',
  key: 'id',
  labelField: 'name',
  title: '上级商户',
  paths: { query: 'mercht/query/sup', mgr: 'mercht/mgr/sup' },
  codes: { query: 16230 },
  fields: merchantFields,
});

const entFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  entCode: { label: '企业编码', type: 'text', search: 'like', sort: true, width: 110, serial: { prefix: 'ENT', width: 4 } },
  entName: { label: '企业名称', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', sort: true, width: 240 },
  merchtId: { label: '所属商户', type: 'ref', ref: 'merchant', show: 'merchtName', required: true, create: true, search: 'eq', width: 220 },
  supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', search: 'eq', width: 220 },
  parentId: { label: '上级企业', type: 'ref', ref: 'ent', show: 'parentName', create: true, nullable: true, search: 'eq', list: false, dependsOn: { merchtId: 'merchtId' } },
  creditCode: { label: '统一社会信用代码', type: 'text', max: 18, create: true, update: true, nullable: true, list: false },
  industry: { label: '所属行业', type: 'text', max: 50, create: true, update: true, nullable: true, search: 'eq', width: 120 },
  area: { label: '所在地区', type: 'text', max: 50, create: true, update: true, nullable: true, search: 'eq', width: 120 },
  address: { label: '企业地址', type: 'text', max: 200, create: true, update: true, nullable: true, list: false },
  quoteRatio: { label: '报价费率(%)', type: 'ratio', update: true, nullable: true, list: false, form: false },
  quoteRemark: { label: '报价说明', type: 'textarea', max: 500, update: true, nullable: true, list: false, form: false },
  contactName,
  contactPhone,
  adminUsername,
  status: { ...statusField, createdAs: 0 },
  remark,
  createdAt,
} as const;

/** Exactly one merchant, so one effective supplier (derived); optional parent of the same merchant. */
export const ent = defineEntity({
  name: 'ent',
  table: 'ent',
  key: 'id',
  labelField: 'entName',
  title: '企业',
  paths: { query: 'ent/query', mgr: 'ent/mgr' },
  codes: { query: 18110, mgr: 18120 },
  fields: entFields,
  state: ['status'],
  commands: toggleCommands(18120, '企业'),
});

/**
 * Sub-merchants of a merchant (spec §7 subMercht): the same records under the sub-merchant codes; a sub
 * has its parent (a merchant's own subs: the server names it) and its parent's supplier, whatever the body says
 * (the server takes it from the parent, so the body need not name one).
 */
export const subMerchant = defineEntity({
  ...merchant,
  fields: { ...merchantFields, parentId: { ...merchantFields.parentId, required: true, fromCaller: ['MER'] }, supplierId: { ...merchantFields.supplierId, required: false } },
  name: 'subMerchant',
  title: '下级商户',
  paths: { query: 'mercht/query/subMercht', mgr: 'mercht/mgr/subMercht' },
  codes: { query: 16210, mgr: 16220 },
});

/** Sub-enterprises (depth ≤ 2, same merchant): a parent edits a sub's profile, never its money. */
export const subEnt = defineEntity({
  ...ent,
  // An enterprise's sub-enterprises are its own (under its merchant: api-server ent/index.ts).
  fields: { ...entFields, parentId: { ...entFields.parentId, fromCaller: ['ENT'] } },
  name: 'subEnt',
  title: '下级企业',
  paths: { query: 'ent/query/sub', mgr: 'ent/mgr/sub' },
  codes: { query: 18340, mgr: 18350 },
});

/** Enterprise files: logo 0, legal ID front 20, back 21, opening licence 22, licence 23. */
export const entFile = defineEntity({
  name: 'entFile',
  table: 'ent_file',
  key: 'id',
  labelField: 'fileType',
  title: '企业文件',
  paths: { query: 'ent/query/file', mgr: 'ent/mgr/file' },
  codes: { query: 18210, mgr: 18220 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 220 },
    fileType: { label: '文件类型', type: 'enum', enum: 'entFileType', required: true, create: true, search: 'eq', width: 140 },
    file: { label: '文件', type: 'file', required: true, create: true, update: true, width: 200, filePath: 'ent/query/file/download' },
    createdAt,
  },
});

/** The switches DOMAIN.md §4 reads when a payout sheet is checked. */
export const entConfig = defineEntity({
  name: 'entConfig',
  table: 'ent_config',
  key: 'entId',
  labelField: 'entId',
  title: '企业配置',
  paths: { query: 'ent/query/config', mgr: 'ent/mgr/config' },
  codes: { query: 18210, mgr: 18220 },
  timestamps: true,
  fields: {
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 220 },
    limitType: { label: '限额类型', type: 'enum', enum: 'thresholdType', required: true, create: true, update: true, defaultValue: 0, width: 100 },
    singleLimit: { label: '单笔限额(元)', type: 'money', column: 'singleLimitFen', create: true, update: true, nullable: true, width: 120 },
    monthlyLimit: { label: '个人月限额(元)', type: 'money', column: 'monthlyLimitFen', create: true, update: true, nullable: true, width: 130 },
    requireIdPhoto: { label: '需身份证照片', type: 'enum', enum: 'yesNo', required: true, create: true, update: true, defaultValue: 1, width: 110 },
    requireSign: { label: '需签约', type: 'enum', enum: 'yesNo', required: true, create: true, update: true, defaultValue: 1, width: 80 },
    requireTaxReg: { label: '需税务登记', type: 'enum', enum: 'yesNo', required: true, create: true, update: true, defaultValue: 0, width: 100 },
    orderReview: { label: '订单需审核', type: 'enum', enum: 'yesNo', required: true, create: true, update: true, defaultValue: 0, width: 100 },
    tempOrderReview: { label: '制单需审核', type: 'enum', enum: 'yesNo', required: true, create: true, update: true, defaultValue: 0, width: 100 },
  },
  // 自定义 (1) limits need both amounts; 不限 (−1) and 全部限制 (0) read none of them.
  checks: [(c) => (c.limitType === 1 && [c.singleLimit, c.monthlyLimit].some((fen) => fen === null || fen === undefined) ? '自定义限额须填写单笔限额和个人月限额' : null)],
});

const coopFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 240 },
  supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', search: 'eq', width: 240 },
  coopStatus: { label: '合作状态', type: 'enum', enum: 'coopStatus', search: 'eq', width: 90 },
  reason: { label: '暂停原因', type: 'text', max: 200, nullable: true, width: 200 },
  createdAt,
} as const;

/** One row per enterprise × effective supplier; suspended cooperation blocks payouts. */
export const coopEnt = defineEntity({
  name: 'coopEnt',
  table: 'ent_coop',
  key: 'id',
  labelField: 'entId',
  title: '合作关系',
  paths: { query: 'ent/query/coopEnt', mgr: 'ent/mgr/coopEnt' },
  codes: { query: 18310, mgr: 18320 },
  fields: coopFields,
  // Kit v3 commands; 恢复合作 clears the reason (api-server domain/ent/contract.ts commandRefs).
  state: ['coopStatus'],
  commands: {
    suspend: {
      label: '暂停合作', from: [0], to: 1, code: 18320, for: ['SYS', 'SPR'], intent: 'warning',
      fields: { reason: { label: '暂停原因', type: 'textarea', required: true, max: 200 } },
      writes: { reason: 'reason' },
    },
    resume: { label: '恢复合作', from: [1], to: 0, code: 18320, for: ['SYS', 'SPR'], intent: 'success', confirm: '确定要恢复合作吗？' },
  },
});

const contractDates = {
  startDate: { label: '开始日期', type: 'date', required: true, create: true, update: true, search: 'range', sort: true, width: 110 },
  endDate: { label: '结束日期', type: 'date', required: true, create: true, update: true, sort: true, width: 110 },
} as const;
export const CONTRACT_MESSAGES = {
  period: '结束日期不能早于开始日期',
  overlap: '合同有效期与现有原合同重叠',
  original: '补充合同须填写有效的原合同编号',
} as const;
type Contract = Readonly<Record<string, unknown>>;
/** A contract's period (enterprise and merchant contracts): its end is not before its start. */
const contractPeriod = (c: Contract) => (String(c.endDate) < String(c.startDate) ? CONTRACT_MESSAGES.period : null);
/** Two original contracts (category 0) in force (status 0) of one enterprise may not share a day; `other` is another stored one. */
export const originalsOverlap = (next: Contract, other: Contract): boolean =>
  next.category === 0 && next.status === 0 && other.id !== next.id && String(next.startDate) <= String(other.endDate) && String(next.endDate) >= String(other.startDate);

const entContractFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  contractNo: { label: '合同编号', type: 'text', required: true, max: 32, create: true, search: 'like', sort: true, width: 150 },
  entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 220 },
  category: { label: '合同类别', type: 'enum', enum: 'contractCategory', required: true, create: true, search: 'eq', width: 90 },
  parentContractNo: { label: '原合同编号', type: 'text', max: 32, create: true, nullable: true, list: false },
  contractType: { label: '合同类型', type: 'enum', enum: 'entContractType', required: true, create: true, update: true, search: 'eq', width: 100 },
  ...contractDates,
  file: { ...contractFile, filePath: 'contract/ent/query/file' },
  status: { ...statusField, enum: 'contractStatus', createdAs: 0 },
  remark,
  createdAt,
} as const;

/** ≤ 1 effective original contract per enterprise (overlap → 合同有效期与现有原合同重叠). */
export const entContract = defineEntity({
  name: 'entContract',
  table: 'ent_contract',
  key: 'id',
  labelField: 'contractNo',
  title: '企业合同',
  paths: { query: 'contract/ent/query', mgr: 'contract/ent/mgr' },
  codes: { query: 30110, mgr: 30120 },
  fields: entContractFields,
  // A supplement (10) names its original (which the server finds among the enterprise's originals).
  checks: [contractPeriod, (c) => (c.category === 10 && !c.parentContractNo ? CONTRACT_MESSAGES.original : null)],
  state: ['status'],
  commands: {
    terminate: {
      label: '终止', from: [0], to: 1, code: 30120, for: ['SYS', 'SPR'], intent: 'danger',
      fields: { reason: { label: '终止原因', type: 'textarea', required: true, max: 200 } },
    },
  },
});

/** Merchant contracts 50/90 are informational. */
export const merchtContract = defineEntity({
  name: 'merchtContract',
  table: 'mercht_contract',
  key: 'id',
  labelField: 'contractNo',
  title: '合作合同',
  paths: { query: 'contract/mercht/query', mgr: 'contract/mercht/mgr' },
  codes: { query: 30210, mgr: 30220 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    contractNo: { label: '合同编号', type: 'text', required: true, max: 32, create: true, search: 'like', sort: true, width: 150 },
    merchtId: { label: '商户', type: 'ref', ref: 'merchant', show: 'merchtName', required: true, create: true, search: 'eq', width: 220 },
    contractType: { label: '合同类型', type: 'enum', enum: 'merchtContractType', required: true, create: true, update: true, search: 'eq', width: 100 },
    ...contractDates,
    file: { ...contractFile, filePath: 'contract/mercht/query/file' },
    status: { ...statusField, enum: 'contractStatus', create: true, update: true, defaultValue: 0 },
    remark,
    createdAt,
  },
  checks: [contractPeriod],
});
