import { fileTypeOf, previewKind } from '../src/file-preview/preview-kind';
import { passwordBody, validatePasswordForm } from '../src/password-dialog/password-form';

describe('file preview', () => {
  test('pdf and images preview, the rest downloads', () => {
    expect(previewKind('/f/a.PDF')).toBe('pdf');
    for (const ext of ['png', 'jpg', 'jpeg', 'bmp', 'gif']) expect(previewKind(`/x/y.${ext}?sign=1`)).toBe('image');
    expect(previewKind('/x/y.xlsx')).toBe('download');
    expect(previewKind('/x/file', 'application/pdf')).toBe('pdf');
    expect(previewKind('/x/file', 'image/jpeg')).toBe('image');
    expect(previewKind('/x/file.pdf', 'docx')).toBe('download');
    expect(fileTypeOf('/x/file', '.PNG')).toBe('png');
  });
});

describe('password form', () => {
  const strong = 'Abcdef12!';
  test('spec §5 messages', () => {
    expect(validatePasswordForm({ oldPassword: '', newPassword: '', confirmPassword: '' }, true)).toEqual({
      oldPassword: '请输入旧密码',
      newPassword: '请输入新密码',
      confirmPassword: '请输入确认密码',
    });
    expect(validatePasswordForm({ oldPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' }, true).newPassword).toBe(
      '密码必须包含大小写字母、数字、特殊符号中的至少三类，且长度在8到20之间',
    );
    expect(validatePasswordForm({ oldPassword: 'x', newPassword: strong, confirmPassword: strong + '1' }, true)).toEqual({
      confirmPassword: '两次输入密码不一致',
    });
    expect(validatePasswordForm({ oldPassword: 'x', newPassword: strong, confirmPassword: strong }, true)).toEqual({});
  });
  test('old password only checked when asked for', () => {
    expect(validatePasswordForm({ oldPassword: '', newPassword: strong, confirmPassword: strong }, false)).toEqual({});
  });
  test('request body: password (old) and newPassword', () => {
    expect(passwordBody({ oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' })).toEqual({ password: 'o', newPassword: 'n' });
  });
});
