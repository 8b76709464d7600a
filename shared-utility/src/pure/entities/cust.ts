/**
 * Talents (spec §3 customer fields, §5 rules; DOMAIN.md §6): one person per (ID type, ID number),
 * visible to the enterprises and suppliers it cooperates with; the card BIN table (/bankcard/index).
 */
import { type CommandDef, defineEntity } from '../entity';
import { checkIdNumber, TALENT_MESSAGES, TALENT_OWN_FILE_TYPES } from '../rules/talent';
import { FIELD_RULES } from '../validators';

const custFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  custCode: { label: '人才编号', type: 'text', search: 'eq', width: 150 },
  name: { label: '姓名', type: 'text', rule: 'name', create: true, update: true, search: 'like', sort: true, width: 100 },
  idType: { label: '证件类型', type: 'enum', enum: 'idType', required: true, create: true, update: true, search: 'eq', defaultValue: 111, width: 150 },
  idNumber: { label: '证件号码', type: 'text', rule: 'idNumber', create: true, update: true, search: 'like', masked: 'idNumber', width: 170 },
  phone: { label: '手机号', type: 'text', rule: 'phone', create: true, update: true, search: 'like', masked: 'phone', width: 120 },
  bankCard: { label: '银行卡号', type: 'text', rule: { optional: true, rules: FIELD_RULES.bankCard.rules }, create: true, update: true, nullable: true, masked: 'bankCard', width: 190 },
  bankName: { label: '开户银行', type: 'text', max: 50, create: true, update: true, nullable: true, list: false, placeholder: '不填则按卡BIN识别' },
  /** The enterprise that registered the person; SYS and SPR name it on create, ENT registers for itself. */
  entId: { label: '登记企业', type: 'ref', ref: 'ent', show: 'entName', required: true, create: true, search: 'eq', width: 200 },
  supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', search: 'eq', list: false },
  realNameStatus: { label: '实名状态', type: 'enum', enum: 'realName', search: 'eq', width: 90 },
  realNameAt: { label: '实名时间', type: 'datetime', list: false },
  status: { label: '状态', type: 'enum', enum: 'status', search: 'eq', width: 70 },
  remark: { label: '备注', type: 'textarea', rule: 'remark', max: 200, create: true, update: true, nullable: true, list: false },
  /** ID photos sent with a new talent (stored as its files 0 and 1); later ones through 附件. */
  idFront: { label: '身份证人像面', type: 'file', virtual: true, create: true, nullable: true, list: false, detail: false },
  idBack: { label: '身份证国徽面', type: 'file', virtual: true, create: true, nullable: true, list: false, detail: false },
  createdAt: { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 },
} as const;

export const cust = defineEntity({
  name: 'cust',
  table: 'cust',
  key: 'id',
  labelField: 'name',
  title: '人才',
  paths: { query: 'cust/query', mgr: 'cust/mgr' },
  codes: { query: 20100, mgr: 20110, export: 20130 },
  fields: custFields,
  // The ID number's rule for its type (a resident ID's checksum and date), on create and update.
  checks: [(c) => checkIdNumber(Number(c.idType), String(c.idNumber ?? ''))],
  // A person is shared by every enterprise it works for: only the platform disables the record itself. A command's move is
  // conditional on both (实名认证 moves realNameStatus from 0 once, its effect's `set`).
  state: ['status', 'realNameStatus'],
  commands: {
    disable: {
      label: '禁用', from: [0], to: 1, code: 20110, for: ['SYS'], intent: 'warning',
      confirm: '禁用后该人才不能再收到代发款项，确定要禁用吗？',
      fields: { reason: { label: '禁用原因', type: 'textarea', required: true, max: 200 } },
    },
    enable: { label: '启用', from: [1], to: 0, code: 20110, for: ['SYS'], intent: 'success', confirm: '确定要启用该人才吗？' },
    // 实名认证: the 2-factor provider decides 10 or 20 once (the effect); a new name or ID number resets it to 0.
    realName: {
      label: '实名认证', code: 20110, for: ['SYS', 'SPR', 'ENT'], when: (row) => Number(row.realNameStatus) === 0,
      stale: '该人才已实名认证，修改姓名或证件号码后可重新认证',
      // No input: asked in the kit's dialog, the note naming the talent.
      fields: {},
      confirm: (row) => `将核验 ${String(row.name ?? '')} 的姓名与证件号码（二要素），结果写入实名状态，确定继续吗？`,
      success: (answer) => (answer.realNameStatus === 10 ? '实名认证成功' : '实名认证未通过'),
    },
    // 附件's upload (cust/mgr/file/save): one of the talent's own files (ID front 0, back 1, bio 2), audited as attachFile.
    fileSave: {
      label: '上传附件', code: 20110, for: ['SYS', 'SPR', 'ENT'], path: 'file/save', keyField: 'custId', auditAs: 'attachFile', success: '附件已保存',
      fields: {
        fileType: { label: '附件类型', type: 'enum', enum: 'custFileType', only: TALENT_OWN_FILE_TYPES, required: true, message: TALENT_MESSAGES.fileType },
        file: { label: '附件', type: 'file', required: true, message: TALENT_MESSAGES.file },
      },
    },
  },
});

/** One import of talents (人才导入 history: importList, importDetails, importDFile). */
export const custImport = defineEntity({
  name: 'custImport',
  table: 'cust_import',
  key: 'id',
  labelField: 'importNo',
  title: '导入记录',
  paths: { query: 'cust/mgr/import', mgr: 'cust/mgr' },
  codes: { query: 20120 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    importNo: { label: '导入批次', type: 'text', search: 'eq', width: 190 },
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', search: 'eq', width: 200 },
    fileName: { label: '文件名', type: 'text', width: 200 },
    total: { label: '总行数', type: 'int', width: 80 },
    successCount: { label: '成功', type: 'int', width: 70 },
    failCount: { label: '失败', type: 'int', width: 70 },
    operatorName: { label: '操作人', type: 'text', width: 100 },
    createdAt: { label: '导入时间', type: 'datetime', search: 'range', sort: true, width: 170 },
  },
});

/** 银行卡号 (/bankcard/index, SYS): the card BIN table that names a card's bank and type. */
export const bankBin = defineEntity({
  name: 'bankBin',
  table: 'bank_bin',
  key: 'id',
  labelField: 'bankName',
  title: '银行卡号',
  paths: { query: 'bankCard/query', mgr: 'bankCard/mgr' },
  codes: { query: 22010, mgr: 22110 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    bin: { label: '卡BIN（卡号前缀）', placeholder: '卡号开头的3-12位数字，用于识别发卡银行', type: 'text', rule: { rules: [{ kind: 'pattern', pattern: /^\d{3,12}$/, message: '卡BIN只能为3-12位数字' }] }, required: true, create: true, update: true, search: 'like', sort: true, width: 110 },
    bankName: { label: '发卡银行', type: 'text', required: true, max: 50, create: true, update: true, search: 'like', width: 180 },
    cardName: { label: '卡名称', type: 'text', max: 50, create: true, update: true, nullable: true, width: 180 },
    cardType: { label: '卡类型', type: 'enum', enum: 'bankCardType', required: true, create: true, update: true, search: 'eq', defaultValue: 'DC', width: 90 },
    cardLength: { label: '卡号长度', type: 'int', required: true, create: true, update: true, width: 90 },
    status: { label: '状态', type: 'enum', enum: 'status', create: true, update: true, search: 'eq', defaultValue: 0, width: 70 },
    createdAt: { label: '创建时间', type: 'datetime', sort: true, width: 170 },
  },
});

/**
 * 按卡号添加 (bankCard/mgr/addByDetail, a toolbar dialog of /bankcard/index): a card's number names its BIN (the first 6
 * digits) and length. The dialog's fields and the server's parsing, with their messages (the card type is 借记卡 unless sent).
 */
export const BIN_BY_CARD: CommandDef = {
  label: '按卡号添加', for: ['SYS'], code: 22110, success: '卡BIN已添加',
  fields: {
    cardNo: { label: '银行卡号', type: 'text', required: true, placeholder: '一张该行卡的完整卡号，取前6位为卡BIN', message: '请输入10-30位数字的银行卡号', rule: { rules: [{ kind: 'pattern', pattern: /^\d{10,30}$/, message: '请输入10-30位数字的银行卡号' }] } },
    bankName: { label: '发卡银行', type: 'text', required: true, max: 50, message: '请输入发卡银行' },
    cardName: { label: '卡名称', type: 'text' },
    cardType: { label: '卡类型', type: 'enum', enum: 'bankCardType', required: true, message: '请选择卡类型' },
  },
};
