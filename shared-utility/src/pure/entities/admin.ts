/**
 * 管理员 (spec §2 administrator drawer, §6 sub-accounts, §7 user/subuser/*): the sub-accounts of the
 * caller's organisation. Its paths have no query/mgr split (`user/subuser/list`, `user/subuser/create`).
 * Named after its table: the audit trail has always called these records `admin_user`.
 */
import { defineEntity } from '../entity';
import { type FieldRules, MESSAGES } from '../validators';

const OWN_ORG = ['SYS', 'SPR', 'MER', 'ENT'] as const;

/** Omitted on create it takes the default; sent empty on update it is refused (issue 12 finding 7). */
const SEX_RULE: FieldRules = { rules: [{ kind: 'required', message: MESSAGES.sexInvalid }] };

// Column widths fit a 1280 px screen with the four-button 操作 column.
const adminFields = {
  userId: { label: 'ID', type: 'int', list: false, detail: false },
  adminType: { label: '账号类型', type: 'enum', enum: 'adminType', create: true, search: 'eq', list: false, placeholder: '账号类型' },
  terCode: { label: '机构编码', type: 'text', create: true, search: 'eq', list: false, placeholder: '机构编码（如 MER0001）' },
  username: { label: '用户名', type: 'text', rule: 'username', create: true, search: 'like', sort: true, width: 130 },
  password: { label: '密码', type: 'password', rule: 'password', create: true, secret: true },
  name: { label: '姓名', type: 'text', rule: 'name', create: true, update: true, search: 'like', sort: true, width: 110 },
  // Revealed by who manages sub-accounts (1012 管理子账号): the same people edit it (issue 22 item 6).
  phone: { label: '手机号', type: 'text', rule: 'phone', create: true, update: true, search: 'like', masked: 'phone', revealCode: 1012, width: 120 },
  wechat: { label: '微信', type: 'text', rule: 'wechat', create: true, update: true, nullable: true, list: false },
  email: { label: '邮箱', type: 'text', rule: 'email', create: true, update: true, nullable: true, search: 'like', width: 160 },
  sex: { label: '性别', type: 'enum', enum: 'sex', rule: SEX_RULE, create: true, update: true, defaultValue: 0, list: false },
  avatar: { label: '头像', type: 'text', rule: 'avatar', create: true, update: true, nullable: true, list: false, placeholder: '图片链接（http:// 或 https:// 开头）' },
  remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false },
  status: { label: '状态', type: 'enum', enum: 'status', rule: 'status', create: true, search: 'eq', sort: true, defaultValue: 0, width: 70 },
  isTopAdmin: { label: '主账号', type: 'enum', enum: 'yesNo', list: false, form: false, createdAs: 0 },
  createdAt: { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 160 },
  updatedAt: { label: '更新时间', type: 'datetime', sort: true, list: false },
} as const;

export const admin = defineEntity({
  name: 'admin_user',
  table: 'admin_user',
  key: 'userId',
  labelField: 'username',
  title: '管理员',
  paths: { query: 'user/subuser', mgr: 'user/subuser' },
  codes: { query: 1011, mgr: 1012 },
  fields: adminFields,
  state: ['status'],
  commands: {
    disable: { label: '禁用', from: [0], to: 1, code: 1014, for: OWN_ORG, intent: 'warning', confirm: '确定要禁用该管理员吗？禁用后其登录将立即失效。' },
    enable: { label: '启用', from: [1], to: 0, code: 1014, for: OWN_ORG, intent: 'success', confirm: '确定要启用该管理员吗？' },
    // 重置密码 and 权限's update move no state; their work is the server's effects (domain/admin/admin.effects.ts).
    changePassword: {
      label: '重置密码', code: 1013, for: OWN_ORG, encrypted: true,
      fields: { newPassword: { label: '新密码', type: 'text', rule: 'newPassword', secret: true } },
    },
    // The screen's 权限 dialog (a tree) sends {subUserId, permCodes}; the effect checks the list.
    updatePerm: { label: '编辑权限', code: 1015, for: OWN_ORG, path: 'perm/update', keyField: 'subUserId' },
  },
});
