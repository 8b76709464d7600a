import SparkMD5 from 'spark-md5';

/** How one top-level body value enters the signature string (CONTRACT.md, "Request signing"). */
export function signValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The plaintext that is hashed: sorted non-null values, then secret, then timestamp. */
export function signPlaintext(body: unknown, apiSecret: string, timestamp: number | string): string {
  let joined = '';
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    // Default sort compares UTF-16 code units, which is what the contract names.
    for (const key of Object.keys(record).sort()) {
      const value = record[key];
      if (value === null || value === undefined) continue;
      joined += signValue(value);
    }
  }
  return joined + apiSecret + String(timestamp);
}

/** md5 of the plaintext, lower-case hex; SparkMD5.hash encodes UTF-8 like the server does. */
export function computeSign(body: unknown, apiSecret: string, timestamp: number | string): string {
  return SparkMD5.hash(signPlaintext(body, apiSecret, timestamp));
}

/** Allowed clock difference between browser and server. */
export const SIGN_TIMESTAMP_TOLERANCE_MS = 300_000;
