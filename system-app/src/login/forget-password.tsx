import { useState, type FormEvent } from 'react';
import { request } from './client';
import { validateFirstPassword } from './forced-password';
import { useCodeSender } from './code-sender';
import { PageLink } from './page-link';
import { Button, Callout, FormGroup, InputGroup, RadioGroup, showSuccess } from './ui';

type Channel = 'sms' | 'mail';

/**
 * /forgetPassword: 1 身份验证 — a code sent to the account's own phone or e-mail; 2 设置新密码 —
 * with the single-use reset token the code earned. The server answers "sent" for any username.
 */
export function ForgetPasswordForm() {
  const [step, setStep] = useState<'verify' | 'reset' | 'done'>('verify');
  const [username, setUsername] = useState('');
  const [channel, setChannel] = useState<Channel>('sms');
  const [code, setCode] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [passwords, setPasswords] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { busy, countdown, run, sent, sendText } = useCodeSender();

  const send = () => {
    if (!username.trim()) return setErrors({ username: '请输入用户名' });
    setErrors({});
    void run(async () => {
      const answer = await request<{ message: string }>(channel === 'sms' ? 'captcha/sendSMSCode' : 'captcha/sendMailCode', { username: username.trim(), ...(channel === 'sms' ? { purpose: 3 } : {}) });
      showSuccess(answer.message);
      sent();
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    const found = { username: username.trim() ? undefined : '请输入用户名', code: /^\d{6}$/.test(code.trim()) ? undefined : '请输入6位验证码' };
    setErrors(found);
    if (found.username || found.code) return;
    void run(async () => {
      const answer = await request<{ resetToken: string }>('user/forgetPassword/verify', { username: username.trim(), channel, code: code.trim() });
      setResetToken(answer.resetToken);
      setStep('reset');
    });
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFirstPassword(passwords);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      await request('user/forgetPassword/reset', { username: username.trim(), resetToken, newPassword: passwords.newPassword });
      setStep('done');
    });
  };

  const group = (name: string) => ({ error: errors[name] });

  if (step === 'done')
    return (
      <Callout intent="success" title="密码已重置" icon="tick-circle" testId="forget-done">
        <p>新密码已生效，该账号在其他设备上的登录已全部退出。</p>
        <PageLink to="/login">返回登录</PageLink>
      </Callout>
    );

  if (step === 'reset')
    return (
      <form onSubmit={reset} noValidate aria-label="设置新密码">
        <p className="fp-login__step">第 2 步，共 2 步：为账号 {username.trim()} 设置新密码</p>
        <FormGroup label="新密码" labelFor="forget-new" {...group('newPassword')}>
          <InputGroup id="forget-new" type="password" large leftIcon="lock" autoComplete="new-password" placeholder="8-20位，含大小写字母、数字、符号中的三类" value={passwords.newPassword} onChange={(value) => setPasswords({ ...passwords, newPassword: value })} />
        </FormGroup>
        <FormGroup label="确认密码" labelFor="forget-confirm" {...group('confirmPassword')}>
          <InputGroup id="forget-confirm" type="password" large leftIcon="lock" autoComplete="new-password" placeholder="请再次输入新密码" value={passwords.confirmPassword} onChange={(value) => setPasswords({ ...passwords, confirmPassword: value })} />
        </FormGroup>
        <Button type="submit" intent="primary" size="large" fill loading={busy} text="重置密码" />
      </form>
    );

  return (
    <form onSubmit={verify} noValidate aria-label="找回密码">
      <p className="fp-login__step">第 1 步，共 2 步：验证账号身份</p>
      <FormGroup label="用户名" labelFor="forget-username" {...group('username')}>
        <InputGroup id="forget-username" large leftIcon="user" placeholder="请输入用户名" autoFocus value={username} onChange={setUsername} />
      </FormGroup>
      <RadioGroup<Channel>
        label="验证方式"
        name="forget-channel"
        value={channel}
        onChange={setChannel}
        options={[
          { label: '账号绑定的手机', value: 'sms' },
          { label: '账号绑定的邮箱', value: 'mail' },
        ]}
      />
      <FormGroup label="验证码" labelFor="forget-code" {...group('code')}>
        <div className="fp-login__captcha-row">
          <InputGroup id="forget-code" large leftIcon="shield" placeholder="请输入6位验证码" maxLength={6} autoComplete="one-time-code" value={code} onChange={setCode} className="fp-login__captcha-input" />
          <Button size="large" disabled={busy || countdown > 0} onClick={send} text={sendText} />
        </div>
      </FormGroup>
      <Button type="submit" intent="primary" size="large" fill loading={busy} text="下一步" />
    </form>
  );
}
