/**
 * Replaces axios's transport before the request layer creates its instance (axios.create copies the
 * defaults), so tests see exactly what would go on the wire. Import this before anything from src/api.
 */
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface FakeReply {
  data: unknown;
  headers?: Record<string, string>;
}
export type Handler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

export const sent: InternalAxiosRequestConfig[] = [];
let handler: Handler = () => ({ data: { code: 0, data: null } });

export function onRequest(next: Handler): void {
  handler = next;
}

export function ok(data: unknown): FakeReply {
  return { data: { code: 0, message: 'ok', data } };
}

export function fail(code: number, message?: string): FakeReply {
  return { data: { code, message, data: null } };
}

export function transportFailure(code: 'ECONNABORTED' | 'ERR_NETWORK'): never {
  throw new AxiosError(code === 'ECONNABORTED' ? 'timeout of 20000ms exceeded' : 'Network Error', code);
}

axios.defaults.adapter = async (config): Promise<AxiosResponse> => {
  sent.push(config);
  const reply = await handler(config);
  return { data: reply.data, status: 200, statusText: 'OK', headers: reply.headers ?? {}, config, request: {} };
};

/** jsdom 26 Blobs lack text(); browsers have it. */
if (typeof Blob !== 'undefined' && !Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(this);
    });
  };
}

// The page's import map serves jsencrypt to the client (loadRsa); here SystemJS is played by require.
Object.assign(window, { System: { import: async (name: string) => require(name) as unknown } });
