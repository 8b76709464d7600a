import { computeSign } from '@flexpay/shared-utility/src/pure';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import forge from 'node-forge';

export interface Envelope<T = any> {
  code: number;
  message: string;
  data: T;
}

const MAX_PIECE_BYTES = 245;

/** Splits UTF-8 text into ≤245-byte pieces without cutting a character, like the browser client. */
export function utf8Pieces(text: string): Buffer[] {
  const pieces: Buffer[] = [];
  let current: Buffer[] = [];
  let size = 0;
  for (const char of text) {
    const bytes = Buffer.from(char, 'utf8');
    if (size + bytes.length > MAX_PIECE_BYTES) {
      pieces.push(Buffer.concat(current));
      current = [];
      size = 0;
    }
    current.push(bytes);
    size += bytes.length;
  }
  if (size > 0) pieces.push(Buffer.concat(current));
  return pieces;
}

/** RSA PKCS#1 v1.5 per piece, base64, comma-joined: the `encrypted` wire form. */
export function encryptBody(publicPem: string, body: unknown): string {
  const key = forge.pki.publicKeyFromPem(publicPem);
  return utf8Pieces(JSON.stringify(body))
    .map((piece) => forge.util.encode64(key.encrypt(piece.toString('binary'), 'RSAES-PKCS1-V1_5')))
    .join(',');
}

export interface CallOptions {
  encrypt?: boolean;
  timestamp?: number;
  /** Overrides the computed signature. */
  sign?: string;
  /** Overrides the client's token; null sends none. */
  token?: string | null;
  /** Sent verbatim instead of JSON (malformed or oversize bodies). */
  rawPayload?: string;
  /** Sent instead of the encryption of `body` (undecryptable bodies). */
  encrypted?: string;
}

/** Signs every call exactly as the browser does: computeSign over the plaintext body. */
export class SignedClient {
  token: string | null = null;
  apiSecret = '';

  constructor(
    private readonly app: FastifyInstance,
    private readonly publicPem: string,
  ) {}

  async post<T = any>(path: string, body: Record<string, unknown> = {}, options: CallOptions = {}): Promise<Envelope<T>> {
    const response = await this.postRaw(path, body, options);
    expect(response.statusCode).toBe(200);
    return response.json() as Envelope<T>;
  }

  postRaw(path: string, body: Record<string, unknown> = {}, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    const timestamp = options.timestamp ?? Date.now();
    const sign = options.sign ?? computeSign(body, this.apiSecret, timestamp);
    const token = options.token === undefined ? this.token : options.token;
    const wire =
      options.encrypted !== undefined
        ? { encrypted: options.encrypted }
        : options.encrypt
          ? { encrypted: encryptBody(this.publicPem, body) }
          : body;
    return this.app.inject({
      method: 'POST',
      url: `/api/admin/${path}?timestamp=${timestamp}&sign=${sign}`,
      headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
      payload: options.rawPayload ?? JSON.stringify(wire),
    });
  }

  get(path: string, query: Record<string, string> = {}, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    const timestamp = options.timestamp ?? Date.now();
    const sign = options.sign ?? computeSign(undefined, this.apiSecret, timestamp);
    const token = options.token === undefined ? this.token : options.token;
    const qs = new URLSearchParams({ ...query, timestamp: String(timestamp), sign });
    return this.app.inject({ method: 'GET', url: `/api/admin/${path}?${qs}`, headers: token ? { 'access-token': token } : {} });
  }

  /** Logs in with captcha off (or a supplied captcha) and keeps token and secret like the cookies do. */
  async login(username: string, password: string, captcha: { captchaToken: string; captcha: string } = { captchaToken: 'x', captcha: 'x' }) {
    const answer = await this.post('user/login', { username, password, ...captcha }, { encrypt: true });
    if (answer.code === 0) {
      this.token = answer.data.token;
      this.apiSecret = answer.data.apiSecret;
    }
    return answer;
  }
}
