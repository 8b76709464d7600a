/**
 * Spec §5 field rules, declared once and used by the forms and by the API server.
 * A rule set is checked in order and the first failing rule's message is the answer.
 */
export type Rule =
  | { kind: 'required'; message: string }
  | { kind: 'pattern'; pattern: RegExp; message: string }
  | { kind: 'length'; min?: number; max?: number; message: string }
  | { kind: 'custom'; test: (value: string) => boolean; message: string };

export interface FieldRules {
  /** Optional fields skip every rule when empty. */
  optional?: boolean;
  rules: Rule[];
}

export const MESSAGES = {
  usernameRequired: '请输入用户名',
  usernameFormat: '请输入5到20位的字母或数字作为用户名',
  passwordRequired: '密码不能为空',
  passwordFormat: '密码必须包含大小写字母、数字、特殊符号中的至少三类，且长度在8到20之间',
  oldPasswordRequired: '请输入旧密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请输入确认密码',
  passwordMismatch: '两次输入密码不一致',
  nameRequired: '请输入姓名',
  nameLength: '姓名长度在2到30个字符',
  phoneRequired: '请输入手机号码',
  phone: '请输入有效的手机号码',
  landline: '请输入有效的电话号码',
  wechatLength: '微信号长度不能超过100个字符',
  email: '请输入有效的邮箱',
  avatarLength: '头像链接长度不能超过1000个字符',
  url: '请输入正确的Url',
  remarkLength: '备注长度不能超过1000个字符',
  invitedCode: '邀请码只能为5-10位的字母或数字',
  status: '必须指定状态',
  companyNameRequired: '请输入公司名称',
  companyNameLength: '公司名称长度在2到50个字符',
  verifyNoRequired: '请输入验证码',
  verifyNoLength: '验证码长度在4到10个字符',
  bankCardRequired: '请输入银行卡号',
  bankCard: '银行卡只能为10-30位数字',
  idNumberRequired: '请输入证件号码',
  idNumberLength: '证件号码长度在2到30个字符',
  decimal: '请输入数字，最多保留两位小数',
  unitFeeMax: '金额不能超过9999999999.99',
  captchaRequired: '请输入验证码',
  sexInvalid: '请选择有效的性别',
} as const;

const required = (message: string): Rule => ({ kind: 'required', message });
const maxLength = (max: number, message: string): Rule => ({ kind: 'length', max, message });

/** At least three of: upper case, lower case, digit, other printable character. */
function passwordStrongEnough(value: string): boolean {
  if (value.length < 8 || value.length > 20) return false;
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  return classes >= 3;
}

/**
 * A new organisation's initial password (issue 14): 12 characters from four classes, shuffled, so it
 * meets the §5 rule; `randomInt(n)` is a uniform integer below n from a secure source (node:crypto's randomInt).
 */
export function initialPassword(randomInt: (n: number) => number): string {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[randomInt(set.length)]);
  const chars = [...pick('ABCDEFGHJKLMNPQRSTUVWXYZ', 3), ...pick('abcdefghijkmnpqrstuvwxyz', 4), ...pick('23456789', 3), ...pick('@#%&*', 2)];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

function isUrl(value: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value);
}

export const FIELD_RULES = {
  username: {
    rules: [
      required(MESSAGES.usernameRequired),
      // The spec's message says 5 to 20, so the rule follows the message the user reads.
      { kind: 'pattern', pattern: /^[A-Za-z][A-Za-z0-9]{4,19}$/, message: MESSAGES.usernameFormat },
    ],
  },
  password: {
    rules: [
      required(MESSAGES.passwordRequired),
      { kind: 'custom', test: passwordStrongEnough, message: MESSAGES.passwordFormat },
    ],
  },
  oldPassword: { rules: [required(MESSAGES.oldPasswordRequired)] },
  newPassword: {
    rules: [
      required(MESSAGES.newPasswordRequired),
      { kind: 'custom', test: passwordStrongEnough, message: MESSAGES.passwordFormat },
    ],
  },
  confirmPassword: { rules: [required(MESSAGES.confirmPasswordRequired)] },
  loginPassword: { rules: [required(MESSAGES.passwordRequired)] },
  /** Sign-in and recovery only ask for a username: a malformed one fails as an unknown account. */
  loginUsername: { rules: [required(MESSAGES.usernameRequired)] },
  captcha: { rules: [required(MESSAGES.captchaRequired)] },
  name: {
    rules: [required(MESSAGES.nameRequired), { kind: 'length', min: 2, max: 30, message: MESSAGES.nameLength }],
  },
  phone: {
    rules: [required(MESSAGES.phoneRequired), { kind: 'pattern', pattern: /^1[3-9]\d{9}$/, message: MESSAGES.phone }],
  },
  landline: {
    optional: true,
    rules: [{ kind: 'pattern', pattern: /^(0\d{2,3}-?)?[1-9]\d{6,7}(-\d{1,6})?$/, message: MESSAGES.landline }],
  },
  wechat: { optional: true, rules: [maxLength(100, MESSAGES.wechatLength)] },
  email: {
    optional: true,
    rules: [{ kind: 'pattern', pattern: /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, message: MESSAGES.email }],
  },
  avatar: {
    optional: true,
    rules: [maxLength(1000, MESSAGES.avatarLength), { kind: 'custom', test: isUrl, message: MESSAGES.url }],
  },
  remark: { optional: true, rules: [maxLength(1000, MESSAGES.remarkLength)] },
  invitedCode: {
    optional: true,
    rules: [{ kind: 'pattern', pattern: /^[A-Za-z0-9]{5,10}$/, message: MESSAGES.invitedCode }],
  },
  status: { rules: [required(MESSAGES.status)] },
  companyName: {
    rules: [
      required(MESSAGES.companyNameRequired),
      { kind: 'length', min: 2, max: 50, message: MESSAGES.companyNameLength },
    ],
  },
  verifyNo: {
    rules: [required(MESSAGES.verifyNoRequired), { kind: 'length', min: 4, max: 10, message: MESSAGES.verifyNoLength }],
  },
  bankCard: {
    rules: [required(MESSAGES.bankCardRequired), { kind: 'pattern', pattern: /^\d{10,30}$/, message: MESSAGES.bankCard }],
  },
  idNumber: {
    rules: [
      required(MESSAGES.idNumberRequired),
      { kind: 'length', min: 2, max: 30, message: MESSAGES.idNumberLength },
    ],
  },
  money: {
    rules: [
      { kind: 'pattern', pattern: /^\d+(\.\d{1,2})?$/, message: MESSAGES.decimal },
      // Compared as integer digits so an amount of any length gets the limit message, not the format one.
      { kind: 'custom', test: (value) => BigInt(value.split('.')[0]) <= 9_999_999_999n, message: MESSAGES.unitFeeMax },
    ],
  },
} satisfies Record<string, FieldRules>;

export type FieldRuleName = keyof typeof FIELD_RULES;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Returns the first failing message, or null when the value passes. */
export function checkRules(rules: FieldRules, value: unknown): string | null {
  if (isEmpty(value)) {
    if (rules.optional) return null;
    const req = rules.rules.find((r) => r.kind === 'required');
    return req ? req.message : null;
  }
  const text = typeof value === 'string' ? value : String(value);
  for (const rule of rules.rules) {
    switch (rule.kind) {
      case 'required':
        break;
      case 'pattern':
        if (!rule.pattern.test(text)) return rule.message;
        break;
      case 'length':
        if ((rule.min !== undefined && text.length < rule.min) || (rule.max !== undefined && text.length > rule.max))
          return rule.message;
        break;
      case 'custom':
        if (!rule.test(text)) return rule.message;
        break;
    }
  }
  return null;
}

export function validateField(name: FieldRuleName, value: unknown): string | null {
  return checkRules(FIELD_RULES[name], value);
}

/** A form or request schema: field → named rule set (or a rule set of its own). */
export type Schema = Record<string, FieldRuleName | FieldRules>;

export interface FieldError {
  field: string;
  message: string;
}

/** Checks fields in declaration order; the first error wins, as the server reports (code 1001). */
export function validateObject(schema: Schema, values: Record<string, unknown>): FieldError | null {
  for (const [field, rule] of Object.entries(schema)) {
    const rules = typeof rule === 'string' ? FIELD_RULES[rule] : rule;
    const message = checkRules(rules, values[field]);
    if (message) return { field, message };
  }
  return null;
}

/** Every failing field, for forms that show all messages at once. */
export function validateAll(schema: Schema, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(schema)) {
    const rules = typeof rule === 'string' ? FIELD_RULES[rule] : rule;
    const message = checkRules(rules, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** Spec §5 "Decimal": numeric with at most `scale` decimals, optional bounds (inclusive by default). */
export function checkDecimal(
  value: string,
  options: { scale?: number; min?: number; max?: number; minExclusive?: boolean; maxExclusive?: boolean } = {},
): string | null {
  const scale = options.scale ?? 2;
  const pattern = new RegExp(`^-?\\d+(\\.\\d{1,${scale}})?$`);
  if (!pattern.test(value.trim())) return scale === 2 ? MESSAGES.decimal : `请输入数字，最多保留${scale}位小数`;
  const n = Number(value);
  if (options.min !== undefined && (options.minExclusive ? n <= options.min : n < options.min))
    return `数值必须${options.minExclusive ? '大于' : '不小于'}${options.min}`;
  if (options.max !== undefined && (options.maxExclusive ? n >= options.max : n > options.max))
    return `数值必须${options.maxExclusive ? '小于' : '不大于'}${options.max}`;
  return null;
}

/** A calendar month, yyyy-MM (statistics months, a proof's 所属月份). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Login trims these fields before validating or sending (spec §5). */
export function trimLogin<T extends { username?: string; password?: string; captchaToken?: string; captcha?: string }>(
  payload: T,
): T {
  const out = { ...payload };
  for (const key of ['username', 'password', 'captchaToken', 'captcha'] as const) {
    if (typeof out[key] === 'string') (out as Record<string, unknown>)[key] = (out[key] as string).trim();
  }
  return out;
}

/** Search forms drop empty and null fields before searching (spec §5). */
export function dropEmpty<T extends Record<string, unknown>>(cond: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cond)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as Partial<T>;
}
