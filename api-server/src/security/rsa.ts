import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface KeyPair {
  publicPem: string;
  privatePem: string;
}

const PRIVATE_FILE = 'rsa_private.pem';
const PUBLIC_FILE = 'rsa_public.pem';

/** A login or password body needs at most 4 pieces; anything above 16 is refused before any RSA work. */
export const MAX_ENCRYPTED_PIECES = 16;
/** RSA 2048: 256-byte blocks, 344 base64 characters. */
const BLOCK_BYTES = 256;
const MAX_PIECE_CHARS = 344;
/** The longest `encrypted` string worth looking at: 16 pieces and their commas. */
export const MAX_ENCRYPTED_CHARS = MAX_ENCRYPTED_PIECES * (MAX_PIECE_CHARS + 1);

/** Loads the login key pair from the data directory, creating an RSA 2048 pair on first start. */
export function ensureKeyPair(dataDir: string): KeyPair {
  const { privatePath, publicPath } = keyPaths(dataDir);
  if (fs.existsSync(privatePath) && fs.existsSync(publicPath)) {
    // A key written by an older version (or copied in) may be readable by others: tighten it.
    if ((fs.statSync(privatePath).mode & 0o077) !== 0) fs.chmodSync(privatePath, 0o600);
    return { privatePem: fs.readFileSync(privatePath, 'utf8'), publicPem: fs.readFileSync(publicPath, 'utf8') };
  }
  const pair = generateKeyPair();
  writeKeyPair(dataDir, pair);
  return pair;
}

export function generateKeyPair(): KeyPair {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return { publicPem: publicKey, privatePem: privateKey };
}

/** The key files' paths; `suffix` names a staged (.new) or backup copy. */
export function keyPaths(dataDir: string, suffix = ''): { privatePath: string; publicPath: string } {
  return { privatePath: path.join(dataDir, PRIVATE_FILE + suffix), publicPath: path.join(dataDir, PUBLIC_FILE + suffix) };
}

export function writeKeyPair(dataDir: string, pair: KeyPair, suffix = ''): void {
  const { privatePath, publicPath } = keyPaths(dataDir, suffix);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(privatePath, pair.privatePem, { mode: 0o600 });
  fs.chmodSync(privatePath, 0o600);
  fs.writeFileSync(publicPath, pair.publicPem, { mode: 0o644 });
}

interface ParsedKey {
  key: crypto.KeyObject;
  /** Big-endian modulus, left-padded to the block size. */
  modulus: Buffer;
}

const parsedKeys = new Map<string, ParsedKey>();

function parsedKey(privatePem: string): ParsedKey {
  let parsed = parsedKeys.get(privatePem);
  if (!parsed) {
    const key = crypto.createPrivateKey(privatePem);
    const jwk = key.export({ format: 'jwk' });
    const n = Buffer.from(String(jwk.n), 'base64url');
    if (n.length !== BLOCK_BYTES) throw new Error('the login key must be RSA 2048');
    parsed = { key, modulus: n };
    parsedKeys.set(privatePem, parsed);
  }
  return parsed;
}

/** Why a body could not be decrypted; callers answer every kind with the same 4003. */
export class DecryptError extends Error {
  constructor(readonly reason: 'shape' | 'pieces' | 'content') {
    super(`encrypted body refused (${reason})`);
    this.name = 'DecryptError';
  }
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A piece's ciphertext left-padded to 256 bytes (jsencrypt drops leading zero bytes), or null. */
function ciphertextOf(piece: string): Buffer | null {
  if (piece.length === 0 || piece.length > MAX_PIECE_CHARS || piece.length % 4 !== 0 || !BASE64.test(piece)) return null;
  const bytes = Buffer.from(piece, 'base64');
  if (bytes.length === 0 || bytes.length > BLOCK_BYTES) return null;
  if (bytes.length === BLOCK_BYTES) return bytes;
  return Buffer.concat([Buffer.alloc(BLOCK_BYTES - bytes.length), bytes]);
}

/** Whether ct < n, comparing every byte (no early exit). */
function belowModulus(ct: Buffer, modulus: Buffer): boolean {
  let decided = 0;
  let less = 0;
  for (let i = 0; i < BLOCK_BYTES; i += 1) {
    const a = ct[i];
    const b = modulus[i];
    const lt = ((a - b) >>> 31) & 1;
    const gt = ((b - a) >>> 31) & 1;
    less |= lt & ~decided & 1;
    decided |= lt | gt;
  }
  return less === 1;
}

/**
 * RSAES-PKCS1-v1_5 unpadding of one decrypted block EM = 00 02 PS(≥8 non-zero) 00 M, written without
 * data-dependent branches: every byte is visited whatever it holds. Returns the index where M starts,
 * or -1 when the padding is wrong.
 */
export function pkcs1Unpad(em: Buffer): number {
  let bad = em[0] | (em[1] ^ 2);
  let found = 0;
  let zeroAt = 0;
  for (let i = 2; i < em.length; i += 1) {
    const isZero = ((em[i] - 1) >>> 31) & 1;
    const first = isZero & ~found & 1;
    zeroAt |= -first & i;
    found |= isZero;
  }
  bad |= ~found & 1;
  bad |= ((zeroAt - 10) >>> 31) & 1; // fewer than 8 padding bytes
  return bad === 0 ? zeroAt + 1 : -1;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decrypts the `encrypted` wire form: comma-separated base64 pieces, each RSAES-PKCS1-v1_5
 * (jsencrypt in the browser). Node 20 refuses PKCS#1 v1.5 in privateDecrypt, so the raw RSA operation
 * runs natively (RSA_NO_PADDING, about 0.5 ms) and the padding is checked here.
 *
 * More than MAX_ENCRYPTED_PIECES pieces are refused before any private-key work. Below the cap every
 * piece is decrypted whatever happened to the ones before it: a malformed piece is replaced by a random
 * block (still one private-key operation), a bad padding by random bytes, and the single failure is
 * raised once at the end, so the time does not tell which piece was wrong.
 */
export function decryptEncryptedBody(privatePem: string, encrypted: unknown): string {
  if (typeof encrypted !== 'string' || encrypted === '' || encrypted.length > MAX_ENCRYPTED_CHARS) throw new DecryptError('shape');
  const pieces = encrypted.split(',', MAX_ENCRYPTED_PIECES + 1);
  if (pieces.length > MAX_ENCRYPTED_PIECES) throw new DecryptError('pieces');
  const { key, modulus } = parsedKey(privatePem);
  let failed = 0;
  const plain: Buffer[] = [];
  for (const piece of pieces) {
    let ct = ciphertextOf(piece);
    let usable = ct !== null && belowModulus(ct, modulus) ? 1 : 0;
    if (usable === 0 || ct === null) {
      ct = crypto.randomBytes(BLOCK_BYTES);
      ct[0] = 0; // below any 2048-bit modulus
    }
    let em: Buffer;
    try {
      em = crypto.privateDecrypt({ key, padding: crypto.constants.RSA_NO_PADDING }, ct);
    } catch {
      usable = 0;
      em = crypto.randomBytes(BLOCK_BYTES);
    }
    const start = pkcs1Unpad(em);
    usable &= start >= 0 ? 1 : 0;
    failed |= usable ^ 1;
    plain.push(usable === 1 ? em.subarray(start) : crypto.randomBytes(BLOCK_BYTES - 11));
  }
  if (failed !== 0) throw new DecryptError('content');
  // Pieces never split a character, but the joined bytes must still be valid UTF-8.
  try {
    return strictUtf8.decode(Buffer.concat(plain));
  } catch {
    throw new DecryptError('content');
  }
}
