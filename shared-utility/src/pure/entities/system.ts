/**
 * The /other and 系统管理 records of the platform itself (spec §2, §3 notice target; DOMAIN.md §10):
 * notices with their publish window, the operation log every write leaves, and the SMS outbox.
 */
import { auditActionLabel, type AuditChanges, auditEntityTitle, describeAuditChanges } from '../audit';
import { defineEntity, defineMachine } from '../entity';
import { agreementTemplateError } from '../rules/agreement';

const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;

export const NOTICE_MESSAGES = { window: '截止时间须晚于发布时间' } as const;

/** SYS addresses everybody by target; a supplier's notices reach its own organisation and those under it. */
export const notice = defineEntity({
  name: 'notice',
  table: 'notice',
  key: 'id',
  labelField: 'title',
  title: '系统公告',
  paths: { query: 'notice/query', mgr: 'notice/mgr' },
  codes: { query: 34100, mgr: 34200 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    title: { label: '标题', type: 'text', required: true, max: 200, create: true, update: true, search: 'like', sort: true, width: 280 },
    content: { label: '内容', type: 'textarea', required: true, max: 5000, create: true, update: true, list: false },
    target: { label: '发送对象', type: 'enum', enum: 'noticeTarget', required: true, create: true, update: true, search: 'eq', width: 100 },
    publishAt: { label: '发布时间', type: 'datetime', create: true, update: true, nullable: true, search: 'range', sort: true, width: 170, placeholder: '留空则立即发布' },
    expireAt: { label: '截止时间', type: 'datetime', create: true, update: true, nullable: true, width: 170, placeholder: '留空则长期有效' },
    publisherId: { label: '发布机构', type: 'ref', ref: 'supplier', show: 'publisherName', search: 'eq', width: 200 },
    status: { label: '状态', type: 'enum', enum: 'noticeStatus', create: true, update: true, defaultValue: 0, search: 'eq', sort: true, width: 90 },
    createdAt,
  },
  checks: [(n) => (n.publishAt != null && n.expireAt != null && Number(n.expireAt) <= Number(n.publishAt) ? NOTICE_MESSAGES.window : null)],
});

/** Read-only: written by every audited change (account/audit.ts), described in Chinese by pure/audit.ts. */
export const auditLog = defineEntity({
  name: 'auditLog',
  table: 'audit_log',
  key: 'id',
  labelField: 'action',
  title: '操作日志',
  paths: { query: 'auditLog/query', mgr: 'auditLog/mgr' },
  codes: { query: 38110 },
  timestamps: false,
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    createdAt: { label: '操作时间', type: 'datetime', search: 'range', sort: true, width: 170 },
    operatorAccount: { label: '操作账号', type: 'text', search: 'like', sort: true, width: 130 },
    operatorName: { label: '操作人', type: 'text', search: 'like', width: 100 },
    entityTitle: { label: '操作对象', type: 'text', virtual: true, width: 110 },
    entityId: { label: '记录ID', type: 'text', search: 'eq', width: 90 },
    actionLabel: { label: '操作', type: 'text', virtual: true, width: 120 },
    changeText: { label: '变更内容', type: 'text', virtual: true, width: 380 },
    entity: { label: '对象代码', type: 'text', list: false, detail: false },
    action: { label: '操作代码', type: 'text', list: false, detail: false },
  },
  // 操作对象, 操作 and 变更内容 in Chinese, from the stored entity, action and changes (JSON).
  derive: (row) => ({
    entityTitle: auditEntityTitle(String(row.entity)),
    actionLabel: auditActionLabel(String(row.entity), String(row.action)),
    changeText: describeAuditChanges(String(row.entity), JSON.parse(String(row.changes ?? '{}')) as AuditChanges),
  }),
});

/** Every message the SMS provider was asked to send (DOMAIN.md §10), newest first. */
export const smsOutbox = defineEntity({
  name: 'smsOutbox',
  table: 'sms_outbox',
  key: 'id',
  labelField: 'phone',
  title: '短信记录',
  paths: { query: 'smsOutbox/query', mgr: 'smsOutbox/mgr' },
  codes: { query: 34310 },
  timestamps: false,
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    createdAt: { label: '发送时间', type: 'datetime', search: 'range', sort: true, width: 170 },
    // A recipient's number is personal data (issue 22 item 6); whoever may read 短信记录 may reveal it.
    phone: { label: '手机号', type: 'text', search: 'like', masked: 'phone', revealCode: 34310, width: 130 },
    smsType: { label: '短信类型', type: 'enum', enum: 'smsType', search: 'eq', width: 110 },
    purpose: { label: '用途', type: 'enum', enum: 'smsPurpose', search: 'eq', width: 100 },
    content: { label: '内容', type: 'text', search: 'like', width: 380 },
  },
});

/** Every mail the mail provider was asked to send (password recovery codes), newest first. */
export const mailOutbox = defineEntity({
  name: 'mailOutbox',
  table: 'mail_outbox',
  key: 'id',
  labelField: 'email',
  title: '邮件记录',
  paths: { query: 'mailOutbox/query', mgr: 'mailOutbox/mgr' },
  codes: { query: 34320 },
  timestamps: false,
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    createdAt: { label: '发送时间', type: 'datetime', search: 'range', sort: true, width: 170 },
    email: { label: '邮箱', type: 'text', search: 'like', width: 220 },
    subject: { label: '主题', type: 'text', search: 'like', width: 200 },
    content: { label: '内容', type: 'text', search: 'like', width: 380 },
  },
});

const agreementFields = {
  id: { label: 'ID', type: 'int', list: false, detail: false },
  agreementCode: { label: '协议编号', type: 'text', search: 'like', sort: true, width: 110, serial: { prefix: 'AG', width: 4 } },
  name: { label: '协议名称', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', sort: true, width: 240 },
  supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', required: true, create: true, search: 'eq', width: 220, fromCaller: ['SPR'] },
  version: { label: '当前版本', type: 'int', sort: true, width: 90, createdAs: 1 },
  content: {
    label: '协议内容', type: 'textarea', required: true, max: 20000, create: true, update: true, list: false,
    placeholder: '协议正文，可使用占位符 {{姓名}} {{证件号码}} {{手机号}} {{企业名称}} {{供应商名称}} {{签约日期}}',
  },
  status: { label: '状态', type: 'enum', enum: 'status', search: 'eq', sort: true, width: 80, createdAs: 0 },
  remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false },
  updatedAt: { label: '更新时间', type: 'datetime', sort: true, width: 170 },
  createdAt: { ...createdAt, list: false },
} as const;

/** 签约协议 (SYS, SPR): a supplier's signing templates; every saved text becomes a new version. */
export const agreement = defineEntity({
  name: 'agreement',
  table: 'agreement',
  key: 'id',
  labelField: 'name',
  title: '签约协议',
  paths: { query: 'agreement/query', mgr: 'agreement/mgr' },
  codes: { query: 30130, mgr: 30140 },
  fields: agreementFields,
  checks: [(a) => agreementTemplateError(String(a.content ?? ''))],
  machine: defineMachine(agreementFields, 'status', {
    disable: {
      label: '禁用', from: [0], to: 1, code: 30140, for: ['SYS', 'SPR'], intent: 'warning',
      confirm: '禁用后新的签约不再使用该协议，已签署的协议不受影响，确定要禁用吗？',
    },
    enable: { label: '启用', from: [1], to: 0, code: 30140, for: ['SYS', 'SPR'], intent: 'success', confirm: '确定要启用该协议吗？' },
  }),
});

/** The texts an agreement has had, newest first; read-only. */
export const agreementVersion = defineEntity({
  name: 'agreementVersion',
  table: 'agreement_version',
  key: 'id',
  labelField: 'version',
  title: '历史版本',
  paths: { query: 'agreement/query/version', mgr: 'agreement/mgr/version' },
  codes: { query: 30130 },
  timestamps: false,
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    agreementId: { label: '协议', type: 'ref', ref: 'agreement', show: 'agreementName', search: 'eq', list: false },
    version: { label: '版本', type: 'int', sort: true, width: 80 },
    content: { label: '协议内容', type: 'textarea', width: 380 },
    operatorName: { label: '保存人', type: 'text', width: 100 },
    createdAt: { label: '保存时间', type: 'datetime', sort: true, width: 170 },
  },
});
