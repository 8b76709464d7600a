import type { RouteContext, SignedInContext } from '../http/guard';

/** The messages of the own-account routes (user/*): sign-in, profile, password and contact change. */
export const UserMessages = {
  oldPasswordRequired: '请输入旧密码',
  contactProof: '修改手机号或邮箱需要验证当前密码和发送到新手机号或新邮箱的验证码，请使用“更换手机号/邮箱”',
  channel: '请选择更换手机号还是邮箱',
  emailRequired: '请输入邮箱',
  samePhone: '新手机号与当前手机号相同',
  sameEmail: '新邮箱与当前邮箱相同',
  passwordRequired: '请输入当前密码',
  wrongPassword: '当前密码错误',
  codeRequired: '请输入验证码',
  smsSent: '验证码已发送至新手机号，5分钟内有效',
  mailSent: '验证码已发送至新邮箱，5分钟内有效',
} as const;

export function signedIn(ctx: RouteContext): SignedInContext {
  if (!ctx.caller) throw new Error('signed-in route reached without a caller');
  return ctx as SignedInContext;
}
