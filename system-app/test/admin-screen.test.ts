import { ADMIN_FORM_FIELDS, ADMIN_TITLES, PROFILE_FIELDS } from '../src/admin/admin-fields';
import { editTarget } from '../src/edit-admin/edit-admin-page';

describe('administrator drawer declaration (spec §2)', () => {
  test('titles and field order', () => {
    expect(ADMIN_TITLES).toEqual({ add: '新增管理员信息', edit: '编辑管理员信息' });
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

  test('/editAdmin edits oneself unless a record of someone else is passed', () => {
    expect(editTarget(null)).toEqual({ self: true });
    expect(editTarget({ self: true, userId: 4 })).toEqual({ self: true });
    expect(editTarget({ userId: 9 })).toEqual({ self: false, userId: 9 });
  });
});
