import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

export interface PasswordHash {
  passwordHash: string;
  passwordSalt: string;
}

let hashesStartedCount = 0;

/** How many hashes were started so far (lets tests prove no hash runs inside a write transaction). */
export function hashesStarted(): number {
  return hashesStartedCount;
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  hashesStartedCount += 1;
  const passwordSalt = crypto.randomBytes(16).toString('hex');
  const key = await scrypt(password, passwordSalt, KEY_LENGTH);
  return { passwordHash: key.toString('hex'), passwordSalt };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const key = await scrypt(password, stored.passwordSalt, KEY_LENGTH);
  const expected = Buffer.from(stored.passwordHash, 'hex');
  return expected.length === key.length && crypto.timingSafeEqual(expected, key);
}

/** Spends the same work as a real check so unknown usernames take as long as wrong passwords. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await scrypt(password, 'flexpay-absent-user', KEY_LENGTH);
}
