/** The create answer of a merchant or an enterprise: `{id, admin: {userId, username, initialPassword}}`. */
export interface NewAdmin {
  username: string;
  initialPassword: string;
}

export const FIRST_SIGN_IN_NOTE = '该密码仅显示这一次，请立即复制并安全转交；管理员首次登录时必须修改密码。';

/** The admin part of a create answer, or null when the server sent none. */
export function newAdminOf(answer: unknown): NewAdmin | null {
  const admin = (answer as { admin?: Partial<NewAdmin> } | null)?.admin;
  return admin && typeof admin.username === 'string' && typeof admin.initialPassword === 'string' ? { username: admin.username, initialPassword: admin.initialPassword } : null;
}
