import crypto from 'node:crypto';
import { computeSign, SIGN_TIMESTAMP_TOLERANCE_MS } from '@flexpay/shared-utility/src/pure';

/** Timestamp query parameter check: a millisecond epoch within ±300 s of the server clock. */
export function timestampFresh(timestamp: unknown, now: number): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) return false;
  return Math.abs(now - Number(timestamp)) <= SIGN_TIMESTAMP_TOLERANCE_MS;
}

/** The browser's computeSign over the plaintext body; a GET passes body undefined. */
export function signatureValid(body: unknown, apiSecret: string, timestamp: string, sign: unknown): boolean {
  if (typeof sign !== 'string' || !/^[0-9a-fA-F]{32}$/.test(sign)) return false;
  const expected = Buffer.from(computeSign(body, apiSecret, timestamp), 'utf8');
  return crypto.timingSafeEqual(expected, Buffer.from(sign.toLowerCase(), 'utf8'));
}
