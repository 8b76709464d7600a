import { useState, type FormEvent } from 'react';
import { FIELD_RULES, MESSAGES, validateAll } from '../../../shared-utility/src/pure/validators';
import { request } from './client';
import { Button, Callout, Dialog, FormGroup, InputGroup, showError, showSuccess } from './ui';

interface Values {
  newPassword: string;
  confirmPassword: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** Spec §5 messages for the new password and its confirmation (the old one was just typed to sign in). */
export function validateFirstPassword(values: Values): Errors {
  const errors = validateAll({ newPassword: FIELD_RULES.newPassword, confirmPassword: FIELD_RULES.confirmPassword }, { ...values }) as Errors;
  if (!errors.confirmPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = MESSAGES.passwordMismatch;
  return errors;
}

export interface ForcedPasswordDialogProps {
  /** The initial password the user signed in with: user/changePassword checks it as the old one. */
  currentPassword: string;
  /** After the server accepted the new password (the current session stays valid). */
  onChanged: () => void;
  /** 取消: the sign-in is abandoned. */
  onCancel: () => void;
}

/**
 * A new organisation's top administrator signs in with a generated password and must replace it
 * before anything else (the server refuses other calls until then): this dialog follows the sign-in
 * and the login page only moves on after it.
 */
export function ForcedPasswordDialog({ currentPassword, onChanged, onCancel }: ForcedPasswordDialogProps) {
  const [values, setValues] = useState<Values>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (name: keyof Values) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validateFirstPassword(next));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setSubmitted(true);
    const found = validateFirstPassword(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      // RSA-encrypted by the request layer, like the header's password dialog.
      const ok = await request<boolean>('user/changePassword', { password: currentPassword, newPassword: values.newPassword }, { silent: true });
      if (!ok) {
        showError('密码更新失败');
        return;
      }
      showSuccess('密码更新成功');
      onChanged();
    } catch (err) {
      showError((err as { message?: string } | null)?.message || '密码更新失败');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Values, label: string, placeholder: string) => (
    <FormGroup label={label} labelFor={`fp-first-${name}`} labelInfo={<span className="fp-required">*</span>} error={errors[name]}>
      <InputGroup
        id={`fp-first-${name}`}
        type="password"
        autoComplete="new-password"
        placeholder={placeholder}
        value={values[name]}
        onChange={change(name)}
        invalid={errors[name] ? true : undefined}
      />
    </FormGroup>
  );

  // Blueprint's Dialog markup without its script (ui.tsx); not closed by a click outside or Escape.
  return (
    <Dialog title="首次登录请修改密码" icon="key" width={500} onClose={onCancel}>
      <form onSubmit={submit} data-testid="first-password-dialog">
        <div className="bp6-dialog-body">
          <Callout intent="warning" icon="warning-sign" className="fp-login__first-note">
            您正在使用初始密码登录，请先设置新密码后再继续使用。
          </Callout>
          {field('newPassword', '新密码', '请输入新密码')}
          {field('confirmPassword', '确认密码', '请再次输入新密码')}
          <p className="bp6-text-muted">密码长度8到20位，须包含大小写字母、数字、特殊符号中的至少三类。</p>
        </div>
        <div className="bp6-dialog-footer">
          <div className="bp6-dialog-footer-actions">
            <Button text="取消" onClick={onCancel} />
            <Button type="submit" intent="primary" text="确定" loading={busy} />
          </div>
        </div>
      </form>
    </Dialog>
  );
}
