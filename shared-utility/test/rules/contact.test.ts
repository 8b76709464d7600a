import { MESSAGES } from '../../src/pure';
import { contactProblem } from '../../src/pure/rules/contact';

describe('the new contact of 更换手机号/邮箱', () => {
  it('is a required, valid phone that is not the current one', () => {
    expect(contactProblem('sms', '', '13800000000')).toBe(MESSAGES.phoneRequired);
    expect(contactProblem('sms', '1380000', null)).toBe(MESSAGES.phone);
    expect(contactProblem('sms', ' 13800000000 ', '13800000000')).toBe('新手机号与当前手机号相同');
    expect(contactProblem('sms', '13900000000', '13800000000')).toBeNull();
    expect(contactProblem('sms', '13900000000', null)).toBeNull();
  });
  it('is a required, valid e-mail that is not the current one', () => {
    expect(contactProblem('mail', '  ', 'a@b.cn')).toBe('请输入邮箱');
    expect(contactProblem('mail', 'a@b', null)).toBe(MESSAGES.email);
    expect(contactProblem('mail', 'a@b.cn', 'a@b.cn')).toBe('新邮箱与当前邮箱相同');
    expect(contactProblem('mail', 'c@b.cn', 'a@b.cn')).toBeNull();
  });
});
