/**
 * 操作日志: the audit trail every write leaves (operator, time, action, entity, changed fields) read
 * back in Chinese. Kit writes store raw column values (fen, ratio × 10⁴, epoch ms, enum values);
 * they are shown the way the record's own screen shows them.
 */
import { entityByName, formatRatio, type Entity, type EntityField } from './entity';
import { ENUMS, enumLabel } from './enums';
import { maskPersonal } from './masking';
import { formatFen } from './money';

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** Records written outside the declared entities, by their audit names. */
const OTHER_TITLES: Record<string, string> = { session: '登录会话', cust: '人才', app: '应用版本' };

const ACTION_LABELS: Record<string, string> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  login: '登录',
  logout: '退出登录',
  changePassword: '修改密码',
  resetPassword: '找回密码',
  updateProfile: '修改个人资料',
  changeContact: '更换手机号/邮箱',
  updatePerm: '修改权限',
  updateStatus: '修改状态',
  import: '导入',
  resetSecret: '重置密钥',
  updateSecret: '设置RSA公钥',
  review: '审核',
  overdue: '逾期',
  transOrderRefused: '提交订单未通过',
  rollback: '回滚',
  // Talent signing and tax registration (issue 22: no internal event names on screen).
  paperSign: '纸质签约',
  eSign: '发起电子签约',
  providerSigned: '签约成功（签约服务回传）',
  providerFailed: '签约失败（签约服务回传）',
  requestExpired: '签约请求已过期',
  agreementExpired: '签约协议已到期',
  taxReg: '申请税务登记',
  taxCancel: '注销税务登记',
  applied: '税务登记申请中',
  registered: '税务登记成功',
  refused: '税务登记失败',
  cancelled: '税务登记已注销',
  attachFile: '上传附件',
  realName: '实名认证',
  viewPersonal: '查看个人信息',
  // Issue 22 item 6: one value revealed, an export with whole numbers.
  reveal: '查看完整号码',
  exportWhole: '导出完整号码',
  // The system's own moves of a 代发订单 (order/settle.ts actionOf; the demo's seeded `status`) and a 制单's rows.
  status: '系统更新状态',
  startPreprocess: '开始预处理',
  preprocessFailed: '预处理失败',
  awaitReview: '锁定成功，待审核',
  locked: '锁定成功',
  submitted: '通道已受理',
  submitRejected: '通道拒绝',
  channelAck: '通道已确认',
  finished: '代发完成',
  partlyFailed: '部分代发失败',
  payoutFailed: '代发失败',
  addDetail: '新增明细',
  updateDetail: '编辑明细',
  deleteDetail: '删除明细',
};

/** Trail keys that are not fields of the record (an import's count, a transition's reason). */
const OTHER_KEYS: Record<string, string> = { reason: '原因', imported: '导入人数', permCodes: '权限代码', secret: '密钥', url: '版本地址', owner: '所属记录', revealedField: '查看字段', exported: '导出条数' };

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

function declared(name: string): Entity | null {
  try {
    return entityByName(name);
  } catch {
    return null;
  }
}

export function auditEntityTitle(name: string): string {
  return declared(name)?.title ?? OTHER_TITLES[name] ?? name;
}

/** 新增/修改/…, a machine transition by its label, a refused attempt as 越权操作被拒绝. */
export function auditActionLabel(entityName: string, action: string): string {
  if (action.startsWith('denied:')) return '越权操作被拒绝';
  const entity = declared(entityName);
  return entity?.commands?.[action]?.label ?? entity?.machine?.transitions[action]?.label ?? ACTION_LABELS[action] ?? action;
}

function shown(field: EntityField | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '空';
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (field.type) {
    case 'money':
      return typeof value === 'number' ? formatFen(value) : String(value);
    case 'ratio':
      return typeof value === 'number' ? `${formatRatio(value)}%` : String(value);
    case 'datetime':
      return typeof value === 'number' ? new Date(value + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ') : String(value);
    case 'enum':
      return field.enum ? enumLabel(ENUMS[field.enum], value, String(value)) : String(value);
    case 'file': {
      const file = typeof value === 'string' ? (JSON.parse(value) as { name?: string }) : (value as { name?: string });
      return file?.name || '文件';
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** "状态：正常 → 禁用；原因：…" — secrets (password hashes) are never in the trail; a reason is. */
export function describeAuditChanges(entityName: string, changes: AuditChanges): string {
  const entity = declared(entityName);
  const byColumn = new Map<string, [string, EntityField]>();
  for (const [name, field] of Object.entries(entity?.fields ?? {})) byColumn.set(field.column ?? name, [name, field]);
  const parts: string[] = [];
  for (const [key, written] of Object.entries(changes)) {
    const [, field] = byColumn.get(key) ?? [key, undefined];
    if (field?.secret) continue;
    const label = field?.label ?? OTHER_KEYS[key] ?? key;
    // A masked number (issue 22 item 6) is masked in the trail too: 操作日志 is one more list.
    const kind = field?.masked;
    const mask = (v: unknown) => (kind && typeof v === 'string' && v.trim() ? maskPersonal(kind, v) : v);
    const change = { from: mask(written.from), to: mask(written.to) };
    const creating = change.from === null || change.from === undefined;
    parts.push(key === 'reason' || creating ? `${label}：${shown(field, change.to)}` : `${label}：${shown(field, change.from)} → ${shown(field, change.to)}`);
  }
  return parts.join('；');
}
