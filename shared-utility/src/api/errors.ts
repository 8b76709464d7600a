import { clearCredentials } from '../session/credentials';
import { confirmDialog } from '../ui/confirm';
import { showError, showInfo } from '../ui/toast';

/** Codes that mean the session is gone (CONTRACT.md): not logged in, expired, elsewhere, disabled. */
export const SESSION_EXPIRED_CODES: ReadonlySet<number> = new Set([2021, 2022, 2023, 2028]);
/** Client-side codes for failures that never reached an envelope. */
export const NETWORK_ERROR_CODE = -1;
export const TIMEOUT_ERROR_CODE = -2;

export const MESSAGES = {
  failed: '操作失败',
  network: '当前网络不可用或无法请求到服务器，请稍后再试',
  timeout: '网络请求超时，请稍后再试',
  downloadFailed: '下载失败',
  reloginTitle: '确定重新登录',
  reloginText: '你尚未登录或登录信息已失效，可以继续留在该页面，或者重新登录',
  reloginConfirm: '重新登录',
  reloginCancel: '取消',
  cancelled: '已取消操作',
} as const;

/**
 * A rejected call: `code` is the envelope code, or one of the client-side codes above; `data` the
 * envelope's data when the refusal carries detail (an import's refused rows).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

let reloginOpen = false;
/** When the user last answered 取消; calls sent before that belong to the burst already answered. */
let cancelledAt = Number.NEGATIVE_INFINITY;

/**
 * Spec §8: one re-login question however many calls fail at once; it may be asked again only after
 * the user cancelled, and only by a call sent after that answer. Confirming drops the credentials and
 * reloads, which lands on the login page.
 */
async function askRelogin(sentAt: number): Promise<void> {
  if (reloginOpen || sentAt < cancelledAt) return;
  reloginOpen = true;
  const confirmed = await confirmDialog({
    title: MESSAGES.reloginTitle,
    text: MESSAGES.reloginText,
    confirmText: MESSAGES.reloginConfirm,
    cancelText: MESSAGES.reloginCancel,
  });
  if (confirmed) {
    clearCredentials();
    location.reload();
    return;
  }
  reloginOpen = false;
  cancelledAt = Date.now();
  showInfo(MESSAGES.cancelled);
}

/**
 * Tells the user about a failed call, following the error catalogue; `silent` callers handle the
 * ApiError themselves (e.g. the navigation guard, which redirects instead of asking).
 */
export function reportError(
  error: ApiError,
  silent: boolean,
  sentAt: number,
  notify: (message: string) => void = showError,
): void {
  if (silent) return;
  if (SESSION_EXPIRED_CODES.has(error.code)) void askRelogin(sentAt);
  else notify(error.message);
}
