/**
 * Keys of the open API's clients (DOMAIN.md §8). Generated keys (the MD5 signing key, the AES key)
 * must be readable by the server to check an MD5 signature or decrypt a body, so they cannot be
 * hashed; they are sealed with AES-256-GCM under a key derived from the server's private key, which
 * lives in the data directory and not in the database: a database dump alone reveals no usable key.
 */
import crypto from 'node:crypto';
import { CLIENT_MESSAGES } from '@flexpay/shared-utility/src/pure';

export type SealKey = Buffer;

export function sealKeyOf(privatePem: string): SealKey {
  return crypto.createHash('sha256').update('flexpay-client-secret-v1\n').update(privatePem).digest();
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: base64(iv ‖ ciphertext ‖ tag). Also the open API's body encryption (modes 3/4). */
export function aesGcmEncrypt(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** The plaintext, or null when the text was not sealed with this key (tampered, wrong key, not base64). */
export function aesGcmDecrypt(key: Buffer, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 32 characters from an unambiguous alphabet (≈ 186 bits), easy to copy without mistakes. */
export function newClientKey(): string {
  let out = '';
  while (out.length < 32) {
    const byte = crypto.randomBytes(1)[0];
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % ALPHABET.length)) out += ALPHABET[byte % ALPHABET.length];
  }
  return out;
}

/** The AES-256 key of a 32-character client key. */
export const aesKeyBytes = (clientKey: string): Buffer => Buffer.from(clientKey, 'utf8');

/** Shown after a reset: all but the last 4 characters hidden. */
export const maskKey = (tail: string | null): string | null => (tail ? `${'*'.repeat(28)}${tail}` : null);

/** A pasted RSA public key (SPKI or PKCS#1 PEM, ≥ 2048 bits) as SPKI PEM, or an error message. */
export function normaliseRsaPublicKey(text: unknown): { pem: string } | { error: string } {
  if (typeof text !== 'string' || text.length > 5000) return { error: CLIENT_MESSAGES.rsaKey };
  try {
    const key = crypto.createPublicKey({ key: text.trim(), format: 'pem' });
    if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) return { error: CLIENT_MESSAGES.rsaKey };
    return { pem: key.export({ type: 'spki', format: 'pem' }).toString() };
  } catch {
    return { error: CLIENT_MESSAGES.rsaKey };
  }
}
