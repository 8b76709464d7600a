import { MESSAGES, ROW_ACTIONS } from '@flexpay/shared-utility';
import screen, { ADMIN_FORM_FIELDS } from '../src/admin/index.screen';
import { editTarget, PROFILE_FIELDS } from '../src/edit-admin/edit-admin-page';
import type { DialogAction } from '../../shared-utility/src/kit/entity/define';

const dialogOf = (key: string) => screen.actions.find((a): a is DialogAction => a.kind === 'dialog' && a.key === key)!;

describe('管理员 declaration (spec §2 administrator drawer, permission and password dialogs)', () => {
  test('drawer titles and field order', () => {
    const formAction = screen.actions.find((a) => a.kind === 'form');
    expect(formAction).toMatchObject({ drawer: true, view: false, titles: { add: '新增管理员信息', edit: '编辑管理员信息' } });
    const common = ADMIN_FORM_FIELDS.filter((f) => !f.onlyFor).map((f) => f.label);
    expect(common).toEqual(['用户名', '密码', '姓名', '手机号', '微信', '邮箱', '性别', '头像', '备注', '状态']);
    const byName = Object.fromEntries(ADMIN_FORM_FIELDS.map((f) => [f.name, f]));
    expect(byName.username.readOnlyWhen).toBe('edit');
    expect(byName.password.showWhen).toBe('create');
    expect(byName.status.showWhen).toBe('create');
    expect(byName.sex.type).toBe('radio');
    expect(byName.remark.rows).toEqual([4, 6]);
    expect(byName.adminType.onlyFor).toEqual(['SYS']);
  });

  test('own-account form has no password, status or organisation fields', () => {
    expect(PROFILE_FIELDS.map((f) => f.name)).toEqual(['username', 'name', 'phone', 'wechat', 'email', 'sex', 'avatar', 'remark']);
  });

  test('重置密码 is offered where the server lists changePassword and sends only the new password', () => {
    const reset = dialogOf('password');
    expect(reset.needs).toBe('changePassword');
    expect(reset.check!({ newPassword: 'Abc@12345', confirmPassword: 'Abc@12346' })).toEqual({ confirmPassword: MESSAGES.passwordMismatch });
    expect(reset.check!({ newPassword: 'Abc@12345', confirmPassword: 'Abc@12345' })).toEqual({});
    expect(reset.body!({ userId: 9, [ROW_ACTIONS]: [] }, { newPassword: 'Abc@12345', confirmPassword: 'Abc@12345' })).toEqual({ userId: 9, newPassword: 'Abc@12345' });
  });

  test('权限 opens read-only on the loaded tree; 编辑 only where the server says so', () => {
    const perm = dialogOf('perm');
    expect(perm.load).toBeDefined();
    expect(perm.editable!({ editable: true })).toBe(true);
    expect(perm.editable!({ editable: false })).toBe(false);
    expect(perm.body!({ userId: 9 }, { permCodes: [1011] })).toEqual({ subUserId: 9, permCodes: [1011] });
  });

  test('/editAdmin edits oneself unless a record of someone else is passed', () => {
    expect(editTarget(null)).toEqual({ self: true });
    expect(editTarget({ self: true, userId: 4 })).toEqual({ self: true });
    expect(editTarget({ userId: 9 })).toEqual({ self: false, userId: 9 });
  });
});
