import { useState, type FormEvent } from 'react';
import { Button, Classes, ControlGroup, FormGroup, H5, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { request, showSuccess, type Row } from '@flexpay/shared-utility';
import { CONTACT_MESSAGES, contactProblem } from '../../../shared-utility/src/pure/rules/contact';
import { useCodeSender } from '../login/code-sender';

type Channel = 'sms' | 'mail';

const WHAT: Record<Channel, string> = { sms: '手机号', mail: '邮箱' };

/**
 * 更换手机号/邮箱 on 个人设置 (issue 21 item 1): a code goes to the NEW phone or e-mail
 * (user/contact/sendCode); the change needs it and the current password (user/contact/update, an
 * encrypted call). The server tells the old contact. `onChanged` receives the fresh userInfo.
 */
export function ContactChange({ current, onChanged }: { current: { phone: string | null; email: string | null }; onChanged: (info: Row) => void }) {
  const [channel, setChannel] = useState<Channel>('sms');
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { busy, countdown, run, sent, reset, sendText } = useCodeSender();

  const currentValue = channel === 'sms' ? current.phone : current.email;
  const field = channel === 'sms' ? 'phone' : 'email';

  const send = () => {
    const problem = contactProblem(channel, contact, currentValue);
    setErrors({ contact: problem ?? undefined });
    if (problem) return;
    void run(async () => {
      const answer = await request<{ message: string }>('user/contact/sendCode', { channel, [field]: contact.trim() });
      showSuccess(answer.message);
      sent();
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      contact: contactProblem(channel, contact, currentValue) ?? undefined,
      password: password ? undefined : CONTACT_MESSAGES.passwordRequired,
      code: /^\d{6}$/.test(code.trim()) ? undefined : '请输入6位验证码',
    };
    setErrors(found);
    if (found.contact || found.password || found.code) return;
    void run(async () => {
      const info = await request<Row>('user/contact/update', { channel, [field]: contact.trim(), password, code: code.trim() }, { showLoading: true });
      showSuccess(`${WHAT[channel]}已更换，原${WHAT[channel]}已收到变更通知`);
      setContact('');
      setPassword('');
      setCode('');
      reset();
      onChanged(info);
    });
  };

  const switchTo = (next: Channel) => {
    setChannel(next);
    setContact('');
    setCode('');
    reset();
    setErrors({});
  };

  const group = (name: string) => ({ intent: errors[name] ? Intent.DANGER : Intent.NONE, helperText: errors[name] });
  const label = `新${WHAT[channel]}`;

  return (
    <form onSubmit={submit} noValidate aria-label="更换手机号或邮箱" data-testid="contact-change" style={{ maxWidth: 560, marginTop: 24 }}>
      <H5>更换手机号或邮箱</H5>
      <p className={Classes.TEXT_MUTED}>为保护账号安全，更换需验证当前密码，并填写发送到新{WHAT[channel]}的验证码；原{WHAT[channel]}会收到变更通知。</p>
      <RadioGroup inline label="更换内容" selectedValue={channel} onChange={(e) => switchTo(e.currentTarget.value as Channel)}>
        <Radio label={`手机号（当前：${current.phone || '未填写'}）`} value="sms" />
        <Radio label={`邮箱（当前：${current.email || '未填写'}）`} value="mail" />
      </RadioGroup>
      <FormGroup label={label} labelFor="contact-new" {...group('contact')}>
        <InputGroup id="contact-new" placeholder={`请输入${label}`} value={contact} onChange={(e) => setContact(e.target.value)} />
      </FormGroup>
      <FormGroup label="当前密码" labelFor="contact-password" {...group('password')}>
        <InputGroup id="contact-password" type="password" autoComplete="current-password" placeholder="请输入当前登录密码" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormGroup>
      <FormGroup label="验证码" labelFor="contact-code" {...group('code')}>
        <ControlGroup fill>
          <InputGroup id="contact-code" placeholder="请输入6位验证码" maxLength={6} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          <Button disabled={busy || countdown > 0} onClick={send} text={sendText} style={{ flex: '0 0 120px' }} />
        </ControlGroup>
      </FormGroup>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" intent={Intent.PRIMARY} loading={busy} text={`确认更换${WHAT[channel]}`} />
      </div>
    </form>
  );
}

