// Relative: the login entry bundles the pure validators instead of loading shared-utility (issue 24).
import { trimLogin, validateAll, type Schema } from '../../../shared-utility/src/pure/validators';

export interface LoginFormValues {
  username: string;
  password: string;
  captcha: string;
}

export type LoginField = keyof LoginFormValues;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** Spec §5: username required and format checked, password and captcha required. */
export const LOGIN_SCHEMA: Schema = { username: 'username', password: 'loginPassword', captcha: 'captcha' };

/** Every failing field's message, checked on the trimmed values (spec §5 "Login trims"). */
export function validateLoginForm(values: LoginFormValues): LoginErrors {
  return validateAll(LOGIN_SCHEMA, { ...trimLogin(values) }) as LoginErrors;
}

/** Demo accounts (CONTRACT.md "Demo data"), shown only when the server runs in demo mode. */
export const DEMO_PASSWORD = 'Flexpay@2026';
export const DEMO_ACCOUNTS: ReadonlyArray<{ username: string; label: string }> = [
  { username: 'sysadmin', label: '平台运营' },
  { username: 'supplier01', label: '供应商' },
  { username: 'merchant01', label: '商户' },
  { username: 'enterprise01', label: '企业' },
];

export function isDemoMode(): boolean {
  const runtime = (window as { __FLEXPAY__?: { mode?: string } }).__FLEXPAY__;
  return runtime?.mode === 'demo';
}
