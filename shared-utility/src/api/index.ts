export {
  request,
  requestList,
  download,
  fetchFile,
  downloadTemplate,
  filenameFromDisposition,
  saveBlob,
  API_BASE,
  REQUEST_TIMEOUT_MS,
  ENCRYPTED_PATHS,
  type RequestOptions,
  type ListQuery,
  type ListResult,
  type DownloadResult,
  type DownloadOptions,
  type TemplateKey,
} from './client';
export { encryptBody, loadRsa, RSA_CHUNK_BYTES } from './encrypt';
export { ApiError, SESSION_EXPIRED_CODES, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE, MESSAGES as API_MESSAGES } from './errors';
export { orderProgress$, watchOrderProgress, progressUrl, ORDER_END_STATUSES, ORDER_PROGRESS_PATHS, ORDER_PROGRESS_POLL_MS, type OrderProgress, type OrderProgressDeps, type EventSourceLike } from './order-progress';
