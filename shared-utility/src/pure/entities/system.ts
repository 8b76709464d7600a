/**
 * The /other and 系统管理 records of the platform itself (spec §2, §3 notice target; DOMAIN.md §10):
 * notices with their publish window, the operation log every write leaves, and the SMS outbox.
 */
import { defineEntity } from '../entity';

const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;

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
    phone: { label: '手机号', type: 'text', search: 'like', width: 130 },
    smsType: { label: '短信类型', type: 'enum', enum: 'smsType', search: 'eq', width: 110 },
    purpose: { label: '用途', type: 'enum', enum: 'smsPurpose', search: 'eq', width: 100 },
    content: { label: '内容', type: 'text', search: 'like', width: 380 },
  },
});
