/**
 * The platform's own key pair of the open API: it signs the answers to RSA clients, who check them
 * with its public key (shown in the client's 密钥设置). Kept apart from the login key pair so that one
 * key never both decrypts and signs; created in the data directory on first use.
 */
import path from 'node:path';
import type { Config } from '../config';
import { ensureKeyPair, type KeyPair } from './rsa';

const pairs = new Map<string, KeyPair>();

export function openKeyPair(deps: { config: Pick<Config, 'dataDir'> }): KeyPair {
  const dir = path.join(deps.config.dataDir, 'open-api');
  let pair = pairs.get(dir);
  if (!pair) {
    pair = ensureKeyPair(dir);
    pairs.set(dir, pair);
  }
  return pair;
}

export const openPublicKey = (deps: { config: Pick<Config, 'dataDir'> }): string => openKeyPair(deps).publicPem;
