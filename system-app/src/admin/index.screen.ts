import { createElement } from 'react';
import { admin, AdminType, currentSession, MESSAGES, request, type Field, type Row } from '@flexpay/shared-utility';
import { defineScreen, dialog, form, formFieldsOf, remove, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { PermTree } from './perm-tree';
import { OwnAccountName } from './own-row';

/** /admin/index 管理员: the sub-accounts of the caller's organisation (spec §2 drawer and dialogs, §6). */
export const route = '/admin/index';

const terminalChosen = (values: Row, mode: string) => mode === 'add' && values.adminType !== '' && values.adminType !== undefined && values.adminType !== AdminType.SYS;

/** The drawer of spec §2: only the platform picks another organisation; status is chosen on create only. */
const DRAWER: Record<string, Partial<Field>> = {
  adminType: { onlyFor: ['SYS'], showWhen: 'create' },
  terCode: { onlyFor: ['SYS'], required: true, showWhen: terminalChosen },
  sex: { type: 'radio' },
  remark: { rows: [4, 6] },
  status: { showWhen: 'create' },
};
export const ADMIN_FORM_FIELDS: Field[] = formFieldsOf(admin).map((f) => ({ ...f, ...DRAWER[f.name] }));

const PASSWORD_FIELDS: Field[] = [
  { name: 'newPassword', label: '新密码', type: 'password', rule: 'newPassword', required: true },
  { name: 'confirmPassword', label: '确认密码', type: 'password', rule: 'confirmPassword', required: true },
];

export default defineScreen(admin, {
  list: ['username', 'name', 'phone', 'email', 'status', 'createdAt'],
  search: ['username', 'name', 'phone', 'status'],
  // The signed-in administrator's own row is listed read-only, marked 当前账号 (issue 22 item 10).
  columns: { username: { render: (row) => createElement(OwnAccountName, { row, own: row.userId === currentSession()?.userId }), width: 200 } },
  actions: [
    form({ drawer: true, view: false, fields: ADMIN_FORM_FIELDS, titles: { add: '新增管理员信息', edit: '编辑管理员信息' } }),
    dialog({
      key: 'perm',
      label: '权限',
      title: '管理员权限',
      needs: 'perm',
      fields: [{ name: 'permCodes', label: '', type: 'custom', input: (props) => createElement(PermTree, props) }],
      load: (row) => request<Row>('user/subuser/perm/get', { subUserId: row.userId }).then((answer) => ({ ...answer, permCodes: answer.granted })),
      editable: (loaded) => loaded.editable === true,
      path: 'user/subuser/perm/update',
      body: (row, values) => ({ subUserId: row.userId, permCodes: values.permCodes }),
      success: '编辑管理员权限成功',
    }),
    transitions(),
    dialog({
      key: 'password',
      label: '重置密码',
      needs: 'changePassword',
      fields: PASSWORD_FIELDS,
      check: (values): Record<string, string> => (values.confirmPassword && values.confirmPassword !== values.newPassword ? { confirmPassword: MESSAGES.passwordMismatch } : {}),
      // The client encrypts this path's body (CONTRACT.md "Encrypted bodies"); the confirmation stays here.
      path: 'user/subuser/changePassword',
      body: (row, values) => ({ userId: row.userId, newPassword: values.newPassword }),
      success: '密码更新成功',
    }),
    remove('确定要删除该管理员吗？删除后不可恢复。'),
    serverExport(),
  ],
});
