/**
 * The open API's wire rules (docs/open-api.md): the signing string, MD5 and RSA signatures and the
 * AES-256-GCM business data of modes 3/4. The same functions sign the platform's answers.
 */
import crypto from 'node:crypto';

export type Fields = Record<string, unknown>;

/** Non-empty fields except `sign`, sorted by name, as `name=value` joined with `&`. */
export function signingString(fields: Fields): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== undefined && fields[k] !== null && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${String(fields[k])}`)
    .join('&');
}

export const md5Sign = (fields: Fields, md5Key: string): string =>
  crypto.createHash('md5').update(`${signingString(fields)}&key=${md5Key}`, 'utf8').digest('hex');

export const rsaSign = (fields: Fields, privatePem: string): string => crypto.sign('sha256', Buffer.from(signingString(fields), 'utf8'), privatePem).toString('base64');

/** Constant-time comparison of an MD5 signature (hex, any case). */
export function md5Valid(fields: Fields, md5Key: string, sign: string): boolean {
  const expected = Buffer.from(md5Sign(fields, md5Key), 'utf8');
  const given = Buffer.from(sign.toLowerCase(), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function rsaValid(fields: Fields, publicPem: string, sign: string): boolean {
  try {
    return crypto.verify('sha256', Buffer.from(signingString(fields), 'utf8'), publicPem, Buffer.from(sign, 'base64'));
  } catch {
    return false;
  }
}
