import { validateFirstPassword } from '../src/login/forced-password';

describe('first sign-in password change (spec §5 messages)', () => {
  test('asks for both fields', () => {
    expect(validateFirstPassword({ newPassword: '', confirmPassword: '' })).toEqual({ newPassword: '请输入新密码', confirmPassword: '请输入确认密码' });
  });

  test('checks strength and the confirmation', () => {
    expect(validateFirstPassword({ newPassword: 'weakpass', confirmPassword: 'weakpass' }).newPassword).toMatch(/至少三类/);
    expect(validateFirstPassword({ newPassword: 'Strong#2026', confirmPassword: 'Strong#2027' })).toEqual({ confirmPassword: '两次输入密码不一致' });
    expect(validateFirstPassword({ newPassword: 'Strong#2026', confirmPassword: 'Strong#2026' })).toEqual({});
  });
});
