/**
 * Issue 24: the login entry's API client — shared-utility's request layer (api/client.ts) without axios,
 * Blueprint or the session streams. The same wire: a signed POST under /api/admin with `timestamp` and
 * `sign` (pure/sign.ts) in the query, the Access-Token header when signed in, password-carrying bodies
 * RSA-encrypted (api/encrypt.ts, jsencrypt from the import map on first use), the envelope's `data`
 * or an ApiError with the server's message, shown as a toast unless the caller is silent. Relative
 * imports of pure files: webpack bundles them (a few KB), the shared-utility bundle is not loaded.
 */
import { computeSign } from '../../../shared-utility/src/pure/sign';
import { trimLogin } from '../../../shared-utility/src/pure/validators';
import { endSession, getApiSecret, getToken, setCredentials } from '../../../shared-utility/src/session/credentials';
import { encryptBody, loadRsa } from '../../../shared-utility/src/api/encrypt';
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE, TRANSPORT_MESSAGES } from '../../../shared-utility/src/api/api-error';
import { beginLoading, endLoading, showError } from './ui';

export const API_BASE = '/api/admin';
export const REQUEST_TIMEOUT_MS = 20000;

/** The encrypted calls the public pages make (shared-utility's ENCRYPTED_PATHS; the unit test compares). */
export const ENCRYPTED_PATHS: ReadonlySet<string> = new Set(['user/login', 'user/changePassword', 'user/forgetPassword/reset']);

/** shared-utility's ApiError, codes and transport messages: the same dependency-free file (api/api-error.ts), bundled. */
export { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE, TRANSPORT_MESSAGES as MESSAGES };

export interface RequestOptions {
  showLoading?: boolean;
  silent?: boolean;
}

interface Envelope<T> {
  code: number;
  message?: string;
  data: T;
}

const normalise = (path: string) => path.replace(/^\/+/, '');

/** The query string of a signed call: the same `timestamp` and `sign` as shared-utility's axios client. */
export function signedQuery(body: unknown, timestamp: number = Date.now(), apiSecret: string = getApiSecret()): string {
  return new URLSearchParams({ timestamp: String(timestamp), sign: computeSign(body, apiSecret, timestamp) }).toString();
}

let publicKey: Promise<string> | null = null;

function getPublicKey(): Promise<string> {
  // Silent: a failure reaches the caller's encrypted call, which shows it.
  publicKey ??= request<{ publicKey: string }>('captcha/publicKey', {}, { silent: true }).then(
    (data) => data.publicKey,
    (error: unknown) => {
      publicKey = null;
      throw error;
    },
  );
  return publicKey;
}

/** Starts fetching the RSA module and the server key before the first encrypted call (the user is typing). */
export function warmEncryption(): void {
  void loadRsa().catch(() => undefined);
  void getPublicKey().catch(() => undefined);
}

async function send(path: string, body: unknown): Promise<Response> {
  const plaintext = JSON.stringify(body);
  const payload = ENCRYPTED_PATHS.has(path) ? JSON.stringify({ encrypted: encryptBody(await loadRsa(), await getPublicKey(), plaintext) }) : plaintext;
  const token = getToken();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(`${API_BASE}/${path}?${signedQuery(body)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', ...(token ? { 'Access-Token': token } : {}) },
      body: payload,
      signal: controller.signal,
    });
  } catch {
    throw controller.signal.aborted ? new ApiError(TIMEOUT_ERROR_CODE, TRANSPORT_MESSAGES.timeout) : new ApiError(NETWORK_ERROR_CODE, TRANSPORT_MESSAGES.network);
  } finally {
    clearTimeout(timer);
  }
}

/** A signed POST under /api/admin resolving the envelope's `data` (spec §7, error catalogue §8). */
export async function request<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  const key = normalise(path);
  if (options.showLoading) beginLoading();
  try {
    const response = await send(key, body);
    let envelope: Partial<Envelope<T>> | null = null;
    try {
      envelope = (await response.json()) as Partial<Envelope<T>>;
    } catch {
      envelope = null;
    }
    if (!envelope || typeof envelope.code !== 'number') throw new ApiError(NETWORK_ERROR_CODE, TRANSPORT_MESSAGES.network);
    if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.message || TRANSPORT_MESSAGES.failed, envelope.data ?? null);
    return envelope.data as T;
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(NETWORK_ERROR_CODE, error instanceof Error ? error.message : TRANSPORT_MESSAGES.failed);
    if (!options.silent) showError(apiError.message);
    throw apiError;
  } finally {
    if (options.showLoading) endLoading();
  }
}

export interface LoginPayload {
  username: string;
  password: string;
  captchaToken: string;
  captcha: string;
}

/** What the login page reads of user/login's answer; `answer` is handed to shared-utility's session after the redirect. */
export interface SignedIn {
  mustChangePassword: boolean;
  /** user/login's data (loginInfo's fields with the token), for handOverSignIn. */
  answer: Record<string, unknown>;
}

/**
 * Signs in (RSA-encrypted body) and stores the credential cookies shared-utility reads. The page hands
 * the answer over (sign-in-handoff.ts) so shared-utility publishes the user without asking loginInfo;
 * without it (a reload, a forced password change) its ensureSession loads the user on the first signed-in route.
 */
export async function login(payload: LoginPayload): Promise<SignedIn> {
  const data = await request<{ token?: string; apiSecret?: string; userInfo?: { mustChangePassword?: boolean } }>('user/login', trimLogin(payload), { showLoading: true });
  if (!data.token || !data.apiSecret) throw new Error('登录失败：服务器未返回凭证');
  setCredentials(data.token, data.apiSecret);
  return { mustChangePassword: data.userInfo?.mustChangePassword === true, answer: data };
}

/** Ends the session on the server if it can, and the credential cookies in every case (shared-utility's endSession). */
export function logout(): Promise<void> {
  return endSession(request);
}

export { hasToken } from '../../../shared-utility/src/session/credentials';
