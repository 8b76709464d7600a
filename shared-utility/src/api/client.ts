import axios, { type AxiosResponse, type ResponseType } from 'axios';
import { computeSign, dropEmpty } from '../pure';
import { getApiSecret, getToken } from '../session/credentials';
import { beginLoading, endLoading } from '../ui/loading';
import { showError, showWarning } from '../ui/toast';
import { encryptBody, loadRsa } from './encrypt';
import { ApiError, MESSAGES, NETWORK_ERROR_CODE, markSent, reportError, TIMEOUT_ERROR_CODE } from './errors';

export const API_BASE = '/api/admin';
export const REQUEST_TIMEOUT_MS = 20000;

/** CONTRACT.md "Encrypted bodies": the calls that carry a password or a client secret. */
export const ENCRYPTED_PATHS: ReadonlySet<string> = new Set([
  'user/login',
  'user/changePassword',
  'user/contact/update',
  'user/forgetPassword/reset',
  'user/subuser/create',
  'user/subuser/changePassword',
  'client/mgr/security/reset',
  'client/mgr/security/update',
]);

const http = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS, withCredentials: true });

interface Envelope<T> {
  code: number;
  message?: string;
  data: T;
}

export interface RequestOptions {
  /** Shows the shared 加载中... mask while the call runs. */
  showLoading?: boolean;
  /** Resolves the raw axios response with a Blob body (exports); envelope errors inside are still recognised. */
  retOriginResp?: boolean;
  /** No toast and no re-login question; the caller handles the rejected ApiError. */
  silent?: boolean;
}

export interface ListQuery<C extends Record<string, unknown> = Record<string, unknown>> {
  cond: C;
  page: { limit: number; pageNum: number };
  orderBy?: Array<{ field: string; dir: 'asc' | 'desc' }>;
  /** Spec §3 names it without saying what it filters: the server refuses a non-empty one (1001); put conditions in `cond`. */
  cond2?: Record<string, never>;
}

export interface ListResult<T> {
  records: T[];
  total: number;
}

const normalise = (path: string) => path.replace(/^\/+/, '');

let publicKey: Promise<string> | null = null;

/** The server key pair lives as long as the server, so one fetch per page load is enough. */
function getPublicKey(): Promise<string> {
  publicKey ??= request<{ publicKey: string }>('captcha/publicKey').then(
    (data) => data.publicKey,
    (error: unknown) => {
      publicKey = null; // let the next encrypted call try again
      throw error;
    },
  );
  return publicKey;
}

function signedParams(body: unknown, query?: Record<string, unknown>): Record<string, unknown> {
  const timestamp = Date.now();
  return { ...query, timestamp, sign: computeSign(body, getApiSecret(), timestamp) };
}

function headers(): Record<string, string> {
  const token = getToken();
  return token ? { 'Access-Token': token } : {};
}

/** Turns anything axios throws into the catalogue's ApiError. */
function transportError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return new ApiError(TIMEOUT_ERROR_CODE, MESSAGES.timeout);
    const envelope = error.response?.data as Partial<Envelope<unknown>> | undefined;
    if (envelope && typeof envelope.code === 'number' && envelope.code !== 0)
      return new ApiError(envelope.code, envelope.message || MESSAGES.failed);
    return new ApiError(NETWORK_ERROR_CODE, MESSAGES.network);
  }
  return new ApiError(NETWORK_ERROR_CODE, error instanceof Error ? error.message : MESSAGES.failed);
}

function isJsonBlob(response: AxiosResponse<Blob>): boolean {
  const type = String(response.headers['content-type'] ?? response.data.type ?? '');
  return type.includes('json');
}

/** Reads an envelope that arrived as a Blob; null when the blob is not one. */
async function envelopeInBlob(response: AxiosResponse<Blob>): Promise<Envelope<unknown> | null> {
  if (!isJsonBlob(response)) return null;
  try {
    const parsed = JSON.parse(await response.data.text()) as unknown;
    return parsed && typeof parsed === 'object' && typeof (parsed as Envelope<unknown>).code === 'number'
      ? (parsed as Envelope<unknown>)
      : null;
  } catch {
    return null;
  }
}

export function request(path: string, body: unknown, options: RequestOptions & { retOriginResp: true }): Promise<AxiosResponse<Blob>>;
export function request<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
/** A signed POST under /api/admin resolving the envelope's `data` (spec §7, error catalogue §8). */
export async function request<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T | AxiosResponse<Blob>> {
  const key = normalise(path);
  const sentAt = markSent();
  if (options.showLoading) beginLoading();
  try {
    const plaintext = JSON.stringify(body);
    const payload = ENCRYPTED_PATHS.has(key) ? { encrypted: encryptBody(await loadRsa(), await getPublicKey(), plaintext) } : body;
    const responseType: ResponseType = options.retOriginResp ? 'blob' : 'json';
    const response = await http.post(key, payload, {
      params: signedParams(body),
      headers: { ...headers(), 'Content-Type': 'application/json' },
      responseType,
    });
    if (options.retOriginResp) {
      const envelope = await envelopeInBlob(response as AxiosResponse<Blob>);
      if (envelope && envelope.code !== 0) throw new ApiError(envelope.code, envelope.message || MESSAGES.failed);
      return response as AxiosResponse<Blob>;
    }
    const envelope = response.data as Envelope<T>;
    if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.message || MESSAGES.failed, envelope.data);
    return envelope.data;
  } catch (error) {
    const apiError = transportError(error);
    reportError(apiError, options.silent === true, sentAt);
    throw apiError;
  } finally {
    if (options.showLoading) endLoading();
  }
}

/** A list call: empty search fields are dropped (spec §5) and `{records, total}` comes back. */
export async function requestList<T, C extends Record<string, unknown> = Record<string, unknown>>(
  path: string,
  query: ListQuery<C>,
  options?: RequestOptions,
): Promise<ListResult<T>> {
  const data = await request<Partial<ListResult<T>> | null>(path, { ...query, cond: dropEmpty(query.cond) }, options);
  return { records: data?.records ?? [], total: data?.total ?? 0 };
}

/** The file name of a Content-Disposition header; RFC 5987 `filename*` wins over `filename`. */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape falls back to the plain parameter below.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = (plain[2] ?? plain[1]).trim();
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Hands a blob to the browser's save mechanism through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Smaller bodies are error stubs, not files (spec §8). */
const MIN_FILE_BYTES = 10;

export interface DownloadOptions {
  /** Bytes received so far and the total when the server sent a length. */
  onProgress?: (loaded: number, total?: number) => void;
}

export interface DownloadResult {
  filename: string;
  blob: Blob;
}

/**
 * A signed GET that streams a file into memory (previews, saves). An envelope inside the blob is
 * shown as a warning with its message; anything else that is not a file gives 下载失败.
 */
export async function fetchFile(path: string, query?: Record<string, string | number>, options: DownloadOptions = {}): Promise<DownloadResult> {
  const sentAt = markSent();
  const { onProgress } = options;
  // A download that reports progress draws its own indicator instead of the page mask.
  if (!onProgress) beginLoading();
  try {
    let response: AxiosResponse<Blob>;
    try {
      response = await http.get<Blob>(normalise(path), {
        params: signedParams(undefined, query),
        headers: headers(),
        responseType: 'blob',
        // Long exports stream for a while: the 20 s request timeout would cut them off.
        timeout: onProgress ? 0 : REQUEST_TIMEOUT_MS,
        onDownloadProgress: onProgress && ((e) => onProgress(e.loaded, e.total)),
      });
    } catch (error) {
      const apiError = transportError(error);
      reportError(apiError, false, sentAt);
      throw apiError;
    }
    const envelope = await envelopeInBlob(response);
    if (envelope && envelope.code !== 0 && envelope.message) {
      const apiError = new ApiError(envelope.code, envelope.message);
      reportError(apiError, false, sentAt, showWarning);
      throw apiError;
    }
    if (envelope || response.data.size <= MIN_FILE_BYTES) {
      showError(MESSAGES.downloadFailed);
      throw new ApiError(envelope?.code ?? NETWORK_ERROR_CODE, MESSAGES.downloadFailed);
    }
    const filename = filenameFromDisposition(response.headers['content-disposition'] as string | undefined) ?? normalise(path).split('/').pop()!;
    return { filename, blob: response.data };
  } finally {
    if (!onProgress) endLoading();
  }
}

/** `fetchFile`, then saved under the server's filename. */
export async function download(path: string, query?: Record<string, string | number>, options: DownloadOptions = {}): Promise<DownloadResult> {
  const file = await fetchFile(path, query, options);
  saveBlob(file.blob, file.filename);
  return file;
}

export type TemplateKey = 'orderPayout' | 'workCertificate' | 'custImport';

/** The three templates of the header download menu (spec §2). */
export function downloadTemplate(key: TemplateKey): Promise<DownloadResult> {
  return download('captcha/document/download', { tmplDoc: key });
}
