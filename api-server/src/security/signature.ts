import crypto from 'node:crypto';
import { computeSign, SIGN_TIMESTAMP_TOLERANCE_MS } from '@flexpay/shared-utility/src/pure';

/** Timestamp query parameter check: a millisecond epoch within ±300 s of the server clock. */
export function timestampFresh(timestamp: unknown, now: number): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) return false;
  return Math.abs(now - Number(timestamp)) <= SIGN_TIMESTAMP_TOLERANCE_MS;
}

/**
 * The browser's computeSign over the plaintext body; a GET passes body undefined. A body the signer
 * cannot process (a lone surrogate, nesting too deep for JSON.stringify) is a bad signature, never 5000.
 */
export function signatureValid(body: unknown, apiSecret: string, timestamp: string, sign: unknown): boolean {
  if (typeof sign !== 'string' || !/^[0-9a-fA-F]{32}$/.test(sign)) return false;
  let computed: string;
  try {
    computed = computeSign(body, apiSecret, timestamp);
  } catch {
    return false;
  }
  const expected = Buffer.from(computed, 'utf8');
  const given = Buffer.from(sign.toLowerCase(), 'utf8');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
