import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { FORM_LABEL_WIDTH, MESSAGES, request, showSuccess, validateField } from '@flexpay/shared-utility';

export const PASSWORD_MESSAGES = { success: '密码更新成功', failed: '密码更新失败' } as const;

export interface PasswordDialogProps {
  userId: number;
  username: string;
  onClose: () => void;
}

/** 重置密码 of a sub-account: new + confirm password with the shared rules; the body is RSA-encrypted by the client. */
export function PasswordDialog({ userId, username, onClose }: PasswordDialogProps) {
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found: Record<string, string> = {};
    const pw = validateField('newPassword', values.newPassword);
    if (pw) found.newPassword = pw;
    const confirm = validateField('confirmPassword', values.confirmPassword);
    if (confirm) found.confirmPassword = confirm;
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = MESSAGES.passwordMismatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const ok = await request<boolean>('user/subuser/changePassword', { userId, newPassword: values.newPassword }, { showLoading: true });
      if (ok) {
        showSuccess(PASSWORD_MESSAGES.success);
        onClose();
      }
    } catch {
      // The request layer showed the error; only the loading state stops.
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'newPassword' | 'confirmPassword', label: string) => (
    <FormGroup
      inline
      label={<span style={{ display: 'inline-block', width: FORM_LABEL_WIDTH, textAlign: 'right' }}>{label}</span>}
      labelFor={`pw-${name}`}
      labelInfo="*"
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name]}
    >
      <InputGroup
        id={`pw-${name}`}
        type="password"
        autoComplete="new-password"
        value={values[name]}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        placeholder={`请输入${label}`}
        onValueChange={(v) => {
          setValues((s) => ({ ...s, [name]: v }));
          setErrors(({ [name]: _gone, ...rest }) => rest);
        }}
      />
    </FormGroup>
  );

  return (
    <Dialog isOpen title={`重置密码（${username}）`} style={{ width: 560 }} onClose={onClose} canOutsideClickClose={false}>
      <DialogBody>
        {field('newPassword', '新密码')}
        {field('confirmPassword', '确认密码')}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="提交" loading={busy} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
