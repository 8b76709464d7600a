import { checkDecimal, dropEmpty, FIELD_RULES, MESSAGES, trimLogin, validateField, type FieldRuleName } from '../src/pure/validators';

/** For each rule set: values that must fail with a given spec §5 message, and values that must pass. */
const CASES: Record<FieldRuleName, { fail: Array<[unknown, string]>; pass: unknown[] }> = {
  username: {
    fail: [
      ['', '请输入用户名'],
      ['  ', '请输入用户名'],
      ['abcd', '请输入5到20位的字母或数字作为用户名'],
      ['1abcde', '请输入5到20位的字母或数字作为用户名'],
      ['abc_de', '请输入5到20位的字母或数字作为用户名'],
      ['a'.repeat(21), '请输入5到20位的字母或数字作为用户名'],
    ],
    pass: ['abcde', 'sysadmin', 'a'.repeat(20), 'Supplier01'],
  },
  password: {
    fail: [
      ['', '密码不能为空'],
      ['Aa1!', '密码必须包含大小写字母、数字、特殊符号中的至少三类，且长度在8到20之间'],
      ['abcdefgh1', '密码必须包含大小写字母、数字、特殊符号中的至少三类，且长度在8到20之间'],
      ['ABCDEFGH!', '密码必须包含大小写字母、数字、特殊符号中的至少三类，且长度在8到20之间'],
      ['Aa1!' + 'x'.repeat(17), '密码必须包含大小写字母、数字、特殊符号中的至少三类，且长度在8到20之间'],
    ],
    pass: ['Flexpay@2026', 'Abcdefg1', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!'],
  },
  oldPassword: { fail: [['', '请输入旧密码']], pass: ['x'] },
  newPassword: {
    fail: [
      ['', '请输入新密码'],
      ['password', '密码必须包含大小写字母、数字、特殊符号中的至少三类，且长度在8到20之间'],
    ],
    pass: ['Passw0rd'],
  },
  confirmPassword: { fail: [[null, '请输入确认密码']], pass: ['anything'] },
  loginPassword: { fail: [[undefined, '密码不能为空']], pass: ['x'] },
  loginUsername: { fail: [[undefined, '请输入用户名'], ['', '请输入用户名']], pass: ['x', '1bad name'] },
  captcha: { fail: [['', '请输入验证码']], pass: ['ab12'] },
  name: {
    fail: [['', '请输入姓名'], ['张', '姓名长度在2到30个字符'], ['张'.repeat(31), '姓名长度在2到30个字符']],
    pass: ['张三', '张'.repeat(30)],
  },
  phone: {
    fail: [['', '请输入手机号码'], ['12345678901', '请输入有效的手机号码'], ['1381234567', '请输入有效的手机号码'], ['138123456789', '请输入有效的手机号码']],
    pass: ['13812345678', '19900000000'],
  },
  landline: { fail: [['12', '请输入有效的电话号码'], ['abc-1234567', '请输入有效的电话号码']], pass: ['', '010-12345678', '0755-1234567'] },
  wechat: { fail: [['w'.repeat(101), '微信号长度不能超过100个字符']], pass: ['', 'w'.repeat(100)] },
  email: { fail: [['a@b', '请输入有效的邮箱'], ['a b@c.com', '请输入有效的邮箱']], pass: ['', 'ops@flexpay.cn'] },
  avatar: {
    fail: [['ftp://x/a.png', '请输入正确的Url'], ['not a url', '请输入正确的Url'], ['https://x.cn/' + 'a'.repeat(1000), '头像链接长度不能超过1000个字符']],
    pass: ['', 'https://cdn.flexpay.cn/a.png', 'http://x.cn/a?b=1'],
  },
  remark: { fail: [['r'.repeat(1001), '备注长度不能超过1000个字符']], pass: ['', 'r'.repeat(1000)] },
  invitedCode: {
    fail: [['abcd', '邀请码只能为5-10位的字母或数字'], ['abcdefghijk', '邀请码只能为5-10位的字母或数字'], ['abc-1', '邀请码只能为5-10位的字母或数字']],
    pass: ['', 'abc12', 'ABCDEFGH12'],
  },
  status: { fail: [[null, '必须指定状态'], ['', '必须指定状态']], pass: [0, 1] },
  companyName: { fail: [['', '请输入公司名称'], ['公', '公司名称长度在2到50个字符'], ['公'.repeat(51), '公司名称长度在2到50个字符']], pass: ['公司'] },
  verifyNo: { fail: [['', '请输入验证码'], ['123', '验证码长度在4到10个字符'], ['12345678901', '验证码长度在4到10个字符']], pass: ['1234'] },
  bankCard: {
    fail: [['', '请输入银行卡号'], ['123456789', '银行卡只能为10-30位数字'], ['1'.repeat(31), '银行卡只能为10-30位数字'], ['62220212345678a', '银行卡只能为10-30位数字']],
    pass: ['6222021234567890', '1'.repeat(30)],
  },
  idNumber: { fail: [['', '请输入证件号码'], ['1', '证件号码长度在2到30个字符'], ['1'.repeat(31), '证件号码长度在2到30个字符']], pass: ['110101199001011234'] },
  money: {
    fail: [['1.234', '请输入数字，最多保留两位小数'], ['abc', '请输入数字，最多保留两位小数'], ['99999999999', '金额不能超过9999999999.99'], ['10000000000.00', '金额不能超过9999999999.99']],
    pass: ['0', '9999999999.99', '12.5'],
  },
};

describe('spec §5 field rules', () => {
  it('covers every declared rule set', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(FIELD_RULES).sort());
  });

  for (const [name, { fail, pass }] of Object.entries(CASES) as Array<[FieldRuleName, (typeof CASES)[FieldRuleName]]>) {
    describe(name, () => {
      it.each(fail)('rejects %p with its message', (value, message) => {
        expect(validateField(name, value)).toBe(message);
      });
      it.each(pass)('accepts %p', (value) => {
        expect(validateField(name, value)).toBeNull();
      });
    });
  }

  it('has the confirm-mismatch and landline messages of spec §5', () => {
    expect(MESSAGES.passwordMismatch).toBe('两次输入密码不一致');
    expect(MESSAGES.landline).toBe('请输入有效的电话号码');
  });

  it('checks decimals with scale and inclusive or exclusive bounds', () => {
    expect(checkDecimal('1.23')).toBeNull();
    expect(checkDecimal('1.234')).toBe('请输入数字，最多保留两位小数');
    expect(checkDecimal('0', { min: 0 })).toBeNull();
    expect(checkDecimal('0', { min: 0, minExclusive: true })).toBe('数值必须大于0');
    expect(checkDecimal('100', { max: 100, maxExclusive: true })).toBe('数值必须小于100');
  });

  it('trims login fields and drops empty search fields', () => {
    expect(trimLogin({ username: ' admin1 ', password: ' p ', captchaToken: ' t', captcha: 'c ' })).toEqual({
      username: 'admin1', password: 'p', captchaToken: 't', captcha: 'c',
    });
    expect(dropEmpty({ a: '', b: null, c: undefined, d: ' ', e: [], f: 0, g: 'x', h: false })).toEqual({ f: 0, g: 'x', h: false });
  });
});
