import { FIELD_RULES, MESSAGES, validateAll, type Schema } from '@flexpay/shared-utility';

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;

/** Spec §5 messages; the old password is checked only when it is asked for (always from the header menu). */
export function validatePasswordForm(form: PasswordForm, checkOld: boolean): PasswordErrors {
  const schema: Schema = {
    ...(checkOld ? { oldPassword: FIELD_RULES.oldPassword } : {}),
    newPassword: FIELD_RULES.newPassword,
    confirmPassword: FIELD_RULES.confirmPassword,
  };
  const errors = validateAll(schema, form as unknown as Record<string, unknown>) as PasswordErrors;
  if (!errors.confirmPassword && form.confirmPassword !== form.newPassword) {
    errors.confirmPassword = MESSAGES.passwordMismatch;
  }
  return errors;
}

/** The change-password request body (RSA-encrypted by the client). */
export function passwordBody(form: PasswordForm): { password: string; newPassword: string } {
  return { password: form.oldPassword, newPassword: form.newPassword };
}
