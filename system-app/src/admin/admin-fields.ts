import { AdminType, ENUMS, type Field, type Row } from '@flexpay/shared-utility';

/** Subuser permission codes (spec §6: 1011-1015). */
export const ADMIN_CODES = { QUERY: 1011, MGR: 1012, PASSWORD: 1013, STATUS: 1014, PERM: 1015 } as const;

export const ADMIN_TITLES = { add: '新增管理员信息', edit: '编辑管理员信息' } as const;

const terminalChosen = (values: Row, mode: string) =>
  mode === 'add' && values.adminType !== '' && values.adminType !== undefined && values.adminType !== AdminType.SYS;

/**
 * The administrator drawer of spec §2, fields in the spec's order; SYS may pick 账号类型 and 机构编码
 * when creating (the account then belongs to that terminal organisation).
 */
export const ADMIN_FORM_FIELDS: Field[] = [
  { name: 'adminType', label: '账号类型', type: 'select', options: ENUMS.adminType, onlyFor: ['SYS'], showWhen: 'create', placeholder: '账号类型' },
  { name: 'terCode', label: '机构编码', type: 'text', required: true, onlyFor: ['SYS'], showWhen: terminalChosen, placeholder: '机构编码（如 MER0001）' },
  { name: 'username', label: '用户名', type: 'text', rule: 'username', readOnlyWhen: 'edit' },
  { name: 'password', label: '密码', type: 'password', rule: 'password', showWhen: 'create' },
  { name: 'name', label: '姓名', type: 'text', rule: 'name' },
  { name: 'phone', label: '手机号', type: 'text', rule: 'phone' },
  { name: 'wechat', label: '微信', type: 'text', rule: 'wechat' },
  { name: 'email', label: '邮箱', type: 'text', rule: 'email' },
  { name: 'sex', label: '性别', type: 'radio', enum: 'sex' },
  { name: 'avatar', label: '头像', type: 'text', rule: 'avatar', placeholder: '图片链接（http:// 或 https:// 开头）' },
  { name: 'remark', label: '备注', type: 'textarea', rule: 'remark', rows: [4, 6] },
  { name: 'status', label: '状态', type: 'select', enum: 'status', rule: 'status', showWhen: 'create' },
];

/** Own-account fields of /editAdmin (username shown read-only; no password or status). */
export const PROFILE_FIELDS: Field[] = ADMIN_FORM_FIELDS.filter((f) => !['adminType', 'terCode', 'password', 'status'].includes(f.name)).map((f) =>
  f.name === 'username' ? { ...f, readOnlyWhen: 'edit' as const } : f,
);
