import { clearCredentials } from '../session/credentials';
import { ApiError, TRANSPORT_MESSAGES } from './api-error';
import { confirmDialog } from '../ui/confirm';
import { showError, showInfo } from '../ui/toast';

/** Codes that mean the session is gone (CONTRACT.md): not logged in, expired, elsewhere, disabled. */
export const SESSION_EXPIRED_CODES: ReadonlySet<number> = new Set([2021, 2022, 2023, 2028]);
/** Client-side codes for failures that never reached an envelope, and the rejected call (api-error.ts: one copy, the login entry bundles it too). */
export { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from './api-error';

export const MESSAGES = {
  ...TRANSPORT_MESSAGES,
  downloadFailed: '下载失败',
  reloginTitle: '确定重新登录',
  reloginText: '你尚未登录或登录信息已失效，可以继续留在该页面，或者重新登录',
  reloginConfirm: '重新登录',
  reloginCancel: '取消',
  cancelled: '已取消操作',
} as const;

let reloginOpen = false;
/** Calls are numbered as they are sent (a clock's millisecond would tie a call with the answer right after it). */
let lastSent = 0;
/** The last call sent when the user answered 取消; calls up to it belong to the burst already answered. */
let cancelledAfter = 0;

/** The number of a call being sent, for {@link reportError}. */
export function markSent(): number {
  lastSent += 1;
  return lastSent;
}

/**
 * Spec §8: one re-login question however many calls fail at once; it may be asked again only after
 * the user cancelled, and only by a call sent after that answer. Confirming drops the credentials and
 * reloads, which lands on the login page.
 */
async function askRelogin(sent: number): Promise<void> {
  if (reloginOpen || sent <= cancelledAfter) return;
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
  cancelledAfter = lastSent;
  showInfo(MESSAGES.cancelled);
}

/**
 * Tells the user about a failed call, following the error catalogue; `silent` callers handle the
 * ApiError themselves (e.g. the navigation guard, which redirects instead of asking).
 */
export function reportError(
  error: ApiError,
  silent: boolean,
  sent: number,
  notify: (message: string) => void = showError,
): void {
  if (silent) return;
  if (SESSION_EXPIRED_CODES.has(error.code)) void askRelogin(sent);
  else notify(error.message);
}
