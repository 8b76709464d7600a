/**
 * A talent's cooperation rows and bank cards (DOMAIN.md §6, spec §7 cust): cooperation with an
 * enterprise (custCoopEnt), with a supplier — signing and tax registration live there — (custCoopSup),
 * and the talent's payout accounts (custCard). Each is listed for one talent in its row's drawers and,
 * for the supplier cooperation, on 签约管理 (/cust/sup).
 */
import { defineEntity } from '../entity';
import { CARD_MESSAGES, REAL_NAME_SUCCESS, SIGN, SIGN_CHANNEL, SIGN_TABLE, SIGNING_MESSAGES, TAX_REG, TAX_TABLE } from '../rules/signing';

const SIGNERS = ['SYS', 'SPR', 'ENT'] as const;
const MANAGERS = ['SYS', 'SPR'] as const;
const active = (row: Readonly<Record<string, unknown>>) => Number(row.status) === 0;
/** A cooperation's dialog names the talent and the supplier. */
const coopTitle = (label: string) => (row: Readonly<Record<string, unknown>>) => `${label}（${String(row.custName ?? '')} · ${String(row.supplierName ?? '')}）`;

const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;
const remark = { label: '备注', type: 'textarea', rule: 'remark', max: 200, create: true, update: true, nullable: true, list: false } as const;

/** 合作企业: ENT, SPR and SYS add and suspend them; talents are seen through these rows. */
export const custCoopEnt = defineEntity({
  name: 'custCoopEnt',
  table: 'cust_coop_ent',
  key: 'id',
  labelField: 'entId',
  title: '合作企业',
  paths: { query: 'cust/query/custCoopEnt', mgr: 'cust/mgr' },
  codes: { query: 20100, mgr: 20110 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    custId: { label: '人才', type: 'ref', ref: 'cust', show: 'custName', create: true, search: 'eq', width: 100 },
    // ENT names itself unless it names a sub-enterprise (the kit's visibility check refuses, 3002, one outside its scope).
    entId: { label: '合作企业', type: 'ref', ref: 'ent', show: 'entName', create: true, nullable: true, search: 'eq', width: 220, fromCaller: ['ENT'], callerMayName: true },
    status: { label: '合作状态', type: 'enum', enum: 'coopStatus', create: true, update: true, search: 'eq', defaultValue: 0, width: 90 },
    remark,
    createdAt,
    updatedAt: { label: '更新时间', type: 'datetime', sort: true, width: 170 },
  },
});

/**
 * 合作供应商/签约: SPR and SYS add and suspend them; signing (paper file or e-sign) and tax
 * registration move through shared-utility/src/pure/rules/signing.ts. `idNumber` is the talent's,
 * masked for callers without the talent-manage code; the two file fields are inputs of the sign and
 * tax-registration dialogs (stored as the talent's files 3 and 20 for the supplier).
 */
export const custCoopSup = defineEntity({
  name: 'custCoopSup',
  table: 'cust_coop_sup',
  key: 'id',
  labelField: 'supplierId',
  title: '签约管理',
  // The talent's ID number (masked by the kit) and real-name state, read by the server's lookup.
  derive: (row) => ({ idNumber: (row.custIdNumber as string | null) ?? null, realNameStatus: Number(row.realNameStatus ?? 0) }),
  paths: { query: 'cust/query/custCoopSup', mgr: 'cust/mgr' },
  // 导出 is the talent export (20130): ID numbers masked without the talent-manage code.
  codes: { query: 20200, mgr: 20201, export: 20130 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    custId: { label: '人才', type: 'ref', ref: 'cust', show: 'custName', create: true, search: 'eq', width: 100 },
    idNumber: { label: '证件号码', type: 'text', virtual: true, masked: 'idNumber', width: 170 },
    // SPR names itself unless it names one (another supplier is outside its scope: 3002).
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', create: true, nullable: true, search: 'eq', width: 200, fromCaller: ['SPR'], callerMayName: true },
    signChannel: { label: '签约渠道', type: 'enum', enum: 'signChannel', create: true, update: true, search: 'eq', defaultValue: 0, width: 90 },
    signStatus: { label: '签约状态', type: 'enum', enum: 'signStatus', search: 'eq', width: 90, createdAs: SIGN.none },
    signStartedAt: { label: '发起签约时间', type: 'datetime', list: false },
    signedAt: { label: '签约时间', type: 'datetime', search: 'range', sort: true, width: 170 },
    taxRegStatus: { label: '税务登记', type: 'enum', enum: 'taxRegistration', search: 'eq', width: 90, createdAs: TAX_REG.none },
    taxRegAt: { label: '登记时间', type: 'datetime', list: false },
    status: { label: '合作状态', type: 'enum', enum: 'coopStatus', create: true, update: true, search: 'eq', defaultValue: 0, width: 90 },
    signFile: { label: '签约文件', type: 'file', virtual: true, list: false, detail: false, form: false },
    taxFile: { label: '税务实名文件', type: 'file', virtual: true, list: false, detail: false, form: false },
    remark,
    createdAt,
  },
  // The moves of rules/signing.ts on an active cooperation (a suspended one answers 合作已暂停 first, on the server).
  state: ['signStatus', 'taxRegStatus', 'status'],
  commands: {
    paperSign: {
      label: '纸质签约', code: 20201, for: SIGNERS, from: SIGN_TABLE.paperSigned.from, when: active, to: SIGN_TABLE.paperSigned.to,
      path: 'updateSupCoopData', body: { signStatus: SIGN.success }, title: coopTitle('纸质签约'), success: '签约成功',
      fields: { signFile: { label: '签约文件', type: 'file', required: true, message: SIGNING_MESSAGES.signFile } },
    },
    eSign: {
      label: '发起电子签', code: 20201, for: SIGNERS, from: SIGN_TABLE.eSignStarted.from, when: active, to: SIGN_TABLE.eSignStarted.to,
      path: 'updateSupCoopData', body: { signStatus: SIGN.signing }, title: coopTitle('发起电子签'), success: '已发起电子签约',
      confirm: '签约请求发送给电子签服务商，由人才在线签署；人才未实名认证时签约失败，7 天内未签署则过期。',
      fields: { signChannel: { label: '签约渠道', type: 'enum', enum: 'signChannel', only: [SIGN_CHANNEL.esign, SIGN_CHANNEL.partnerV2], required: true, message: SIGNING_MESSAGES.eSignChannel } },
      writes: { signChannel: 'signChannel' },
    },
    taxReg: {
      label: '税务登记', code: 20201, for: MANAGERS, // the talent's real-name state rides on the row (realNameStatus)
      when: (row) => active(row) && Number(row.realNameStatus) === REAL_NAME_SUCCESS && TAX_TABLE.applied.from.includes(Number(row.taxRegStatus)), to: { taxRegStatus: TAX_TABLE.applied.to },
      path: 'taxRealNameFile', title: coopTitle('税务登记'), success: '已提交税务登记',
      fields: { taxFile: { label: '税务实名文件', type: 'file', required: true, message: SIGNING_MESSAGES.taxFile } },
    },
    taxCancel: {
      label: '注销登记', code: 20201, for: MANAGERS, when: (row) => active(row) && TAX_TABLE.cancelled.from.includes(Number(row.taxRegStatus)), to: { taxRegStatus: TAX_TABLE.cancelled.to },
      path: 'updateSupCoopData', body: { taxRegStatus: TAX_TABLE.cancelled.to }, title: coopTitle('注销登记'), success: '税务登记已注销',
      confirm: '注销后该人才在此供应商的税务登记失效，需重新登记后才能代发。', fields: {},
    },
  },
});

/** 银行卡: a talent's payout accounts, named from the BIN table and checked by the 3-factor provider. */
export const custCard = defineEntity({
  name: 'custCard',
  table: 'cust_card',
  key: 'id',
  labelField: 'cardNo',
  title: '银行卡',
  paths: { query: 'cust/query/custCard', mgr: 'cust/mgr' },
  codes: { query: 20100, mgr: 20110 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    custId: { label: '人才', type: 'ref', ref: 'cust', show: 'custName', create: true, search: 'eq', list: false },
    accountCategory: { label: '账户类别', type: 'enum', enum: 'accountCategory', create: true, search: 'eq', defaultValue: 0, width: 90 },
    cardNo: { label: '卡号/账号', type: 'text', required: true, max: 30, create: true, search: 'like', masked: 'bankCard', width: 190 },
    bankName: { label: '开户银行', type: 'text', max: 50, create: true, nullable: true, width: 150, placeholder: '开户银行，不填按卡BIN识别' },
    cardType: { label: '卡类型', type: 'enum', enum: 'bankCardType', create: true, defaultValue: 'DC', width: 90 },
    cardAttr: { label: '卡属性', type: 'enum', enum: 'bankCardAttr', create: true, defaultValue: 'C', width: 80 },
    validated: { label: '三要素校验', type: 'enum', enum: 'validated', search: 'eq', width: 100 },
    createdAt,
  },
  state: ['validated'],
  commands: {
    // 重新校验: a bank card unchecked (0: an import's, a provider outage) or found wrong (2) is checked again (the effect).
    recheckCustCard: {
      label: '重新校验', code: 20110, for: ['SYS', 'SPR', 'ENT'], from: [0, 2], when: (row) => Number(row.accountCategory) === 0,
      stale: CARD_MESSAGES.passed,
      fields: {},
      confirm: (row) => `将核验卡号 ${String(row.cardNo ?? '')} 与人才的姓名、证件号码是否一致（三要素），结果写入三要素校验，确定继续吗？`,
      success: (answer) => (answer.validated === 1 ? '校验通过' : '校验未通过：姓名、证件号码与卡号不一致'),
    },
  },
});
