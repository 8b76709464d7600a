import { useEffect, useState, type FormEvent } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { logout, request, showError, showSuccess } from '@flexpay/shared-utility';
import { passwordBody, validatePasswordForm, type PasswordErrors, type PasswordForm } from './password-form';

export interface PasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Ask for and check the old password (true from the header menu). */
  checkOld?: boolean;
}

/**
 * How long 密码更新成功 stays readable before the page reloads: reloading at once (logout is a quick
 * call) removed the toast before anyone could see that the change worked.
 */
export const RELOAD_DELAY_MS = 1500;

const EMPTY: PasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordDialog({ isOpen, onClose, checkOld = true }: PasswordDialogProps) {
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (isOpen) {
      setForm(EMPTY);
      setErrors({});
      setSubmitted(false);
    }
  }, [isOpen]);

  const change = (field: keyof PasswordForm) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...form, [field]: e.target.value };
    setForm(next);
    if (submitted) setErrors(validatePasswordForm(next, checkOld));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setSubmitted(true);
    const found = validatePasswordForm(form, checkOld);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      const ok = await request<boolean>('user/changePassword', passwordBody(form), { silent: true });
      if (!ok) {
        showError('密码更新失败');
        return;
      }
      showSuccess('密码更新成功');
      onClose();
      try {
        await logout();
      } finally {
        window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      }
    } catch (err) {
      const message = (err as { message?: string } | null)?.message;
      showError(message || '密码更新失败');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof PasswordForm, label: string, placeholder: string) => (
    <FormGroup
      label={label}
      labelFor={`fp-pw-${name}`}
      labelInfo={<span className="fp-required">*</span>}
      inline
      className="fp-form-row"
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name]}
    >
      <InputGroup
        id={`fp-pw-${name}`}
        name={name}
        type="password"
        autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
        placeholder={placeholder}
        value={form[name]}
        onChange={change(name)}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
      />
    </FormGroup>
  );

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="修改密码" icon="lock" style={{ width: 500 }} canOutsideClickClose={false}>
      <form onSubmit={submit} data-testid="password-dialog">
        <DialogBody>
          {checkOld && field('oldPassword', '旧密码', '请输入旧密码')}
          {field('newPassword', '新密码', '请输入新密码')}
          {field('confirmPassword', '确认密码', '请再次输入新密码')}
          <p className={Classes.TEXT_MUTED}>密码长度8到20位，须包含大小写字母、数字、特殊符号中的至少三类。</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="取消" onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text="确定" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
