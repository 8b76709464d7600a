/**
 * A rejected call and the transport failures that never reached an envelope. No imports: shared-utility's
 * request layer (errors.ts re-exports these) and the login entry's fetch client (@flexpay/login bundles
 * this file by relative import) use this one copy.
 */
export const NETWORK_ERROR_CODE = -1;
export const TIMEOUT_ERROR_CODE = -2;

export const TRANSPORT_MESSAGES = {
  failed: '操作失败',
  network: '当前网络不可用或无法请求到服务器，请稍后再试',
  timeout: '网络请求超时，请稍后再试',
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
