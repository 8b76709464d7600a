import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export interface KeyPair {
  publicPem: string;
  privatePem: string;
}

const PRIVATE_FILE = 'rsa_private.pem';
const PUBLIC_FILE = 'rsa_public.pem';

/** Loads the login key pair from the data directory, creating an RSA 2048 pair on first start. */
export function ensureKeyPair(dataDir: string): KeyPair {
  const privatePath = path.join(dataDir, PRIVATE_FILE);
  const publicPath = path.join(dataDir, PUBLIC_FILE);
  if (fs.existsSync(privatePath) && fs.existsSync(publicPath)) {
    return { privatePem: fs.readFileSync(privatePath, 'utf8'), publicPem: fs.readFileSync(publicPath, 'utf8') };
  }
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(privatePath, privateKey, { mode: 0o600 });
  fs.writeFileSync(publicPath, publicKey);
  return { publicPem: publicKey, privatePem: privateKey };
}

const parsedKeys = new Map<string, forge.pki.rsa.PrivateKey>();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decrypts the `encrypted` wire form: comma-separated base64 pieces, each RSAES-PKCS1-v1_5
 * (jsencrypt in the browser). Node 20 refuses PKCS#1 v1.5 decryption, hence node-forge.
 * Throws on any malformed piece; callers answer every failure the same way (4003).
 */
export function decryptEncryptedBody(privatePem: string, encrypted: string): string {
  let key = parsedKeys.get(privatePem);
  if (!key) {
    key = forge.pki.privateKeyFromPem(privatePem);
    parsedKeys.set(privatePem, key);
  }
  const pieces = encrypted.split(',');
  const buffers: Buffer[] = [];
  for (const piece of pieces) {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(piece)) throw new Error('bad base64');
    const bytes = key.decrypt(forge.util.decode64(piece), 'RSAES-PKCS1-V1_5');
    buffers.push(Buffer.from(bytes, 'binary'));
  }
  // Pieces never split a character, but the joined bytes must still be valid UTF-8.
  return strictUtf8.decode(Buffer.concat(buffers));
}
