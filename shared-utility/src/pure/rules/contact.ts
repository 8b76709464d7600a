/**
 * 更换手机号/邮箱 (issue 21 item 1): the new contact's first problem, in the server's words. The screen checks it
 * before sending; user/contact/sendCode and user/contact/update refuse with it (1001). Imported by path: the
 * system app bundles it, the browser's shared-utility bundle does not carry it.
 */
import { validateField } from '../validators';

/** The messages of one's own contact change (the screen's and the server's; user/update's refusal of an unproven change). */
export const CONTACT_MESSAGES = {
  contactProof: '修改手机号或邮箱需要验证当前密码和发送到新手机号或新邮箱的验证码，请使用“更换手机号/邮箱”',
  channel: '请选择更换手机号还是邮箱',
  passwordRequired: '请输入当前密码',
  wrongPassword: '当前密码错误',
  smsSent: '验证码已发送至新手机号，5分钟内有效',
  mailSent: '验证码已发送至新邮箱，5分钟内有效',
} as const;

/** Phone by SMS, e-mail by mail: required, well-formed, and not the account's `current` one; null when it may be sent. */
export function contactProblem(channel: 'sms' | 'mail', value: string, current: string | null): string | null {
  const text = value.trim();
  const what = channel === 'sms' ? '手机号' : '邮箱';
  const problem = channel === 'sms' ? validateField('phone', text) : text ? validateField('email', text) : '请输入邮箱';
  return problem ?? (text === (current ?? '') ? `新${what}与当前${what}相同` : null);
}
